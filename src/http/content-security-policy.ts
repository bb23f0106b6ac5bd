/**
 * The Content-Security-Policy and the fixed security headers: which origins a page may use, as
 * plain functions (docs/decisions/0012-security-headers.md). Pages hold no inline executable
 * script (island props travel as JSON data blocks, JSON-LD is a data block too), so the policy
 * needs neither nonces nor 'unsafe-inline' for scripts: `script-src 'self'` holds even for cached
 * pages shared between visitors, where a per-response nonce would be replayed to everyone.
 * Third-party hosts appear in the policy only when the newsroom turns the feature on: Plausible
 * analytics, the OneTrust consent banner. src/middleware/security.ts writes them on responses.
 */
import type { Newsroom } from '#src/domain/newsroom';
import { externalScriptsOf } from '#src/domain/onetrust';
import { TURNSTILE_ORIGIN } from '#src/domain/turnstile';

/** Extra origins a page may use, beyond its own. */
export interface CspSources {
  readonly script?: readonly string[];
  readonly connect?: readonly string[];
  readonly style?: readonly string[];
  readonly frame?: readonly string[];
  /**
   * Who may frame the page (`frame-ancestors`); none by default. Only the embed cards (oEmbed,
   * src/routes/embed.tsx) name any: a page whose policy lets others frame it gets no
   * X-Frame-Options, which has no value for "anyone".
   */
  readonly frameAncestors?: readonly string[];
  /**
   * Allow inline `<style>` elements and attributes. Only for third-party widgets that inject them
   * (OneTrust's banner); inline styles cannot run code, which is why scripts never get this.
   */
  readonly inlineStyles?: boolean;
}

/** Plausible serves its script and receives events on the same origin. */
export const PLAUSIBLE_ORIGIN = 'https://plausible.io';
/** Where OneTrust's banner loads from and what it calls (geolocation decides which rules apply). */
export const ONETRUST_SCRIPT_ORIGINS: readonly string[] = ['https://cdn.cookielaw.org'];
export const ONETRUST_CONNECT_ORIGINS: readonly string[] = ['https://cdn.cookielaw.org', 'https://geolocation.onetrust.com'];

/** Two years (hstspreload.org's recommendation); subdomains of a newsroom host are ours too. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Headers every response carries, whatever its type. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': HSTS,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // For browsers without CSP frame-ancestors; the policy below says the same.
  'X-Frame-Options': 'DENY',
  // Only long-standing feature names: an unknown one is logged as a console error by Chromium.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Headers a route may set itself: the secret-link pages send no Referer at all (`no-referrer`),
 * which the site-wide value must not loosen; the editor's page and its sign-in popup
 * (src/admin/admin-headers.ts, src/admin/sign-in-page.ts) keep each other as opener and popup.
 */
export const ROUTE_OVERRIDABLE_HEADERS: readonly string[] = ['Referrer-Policy', 'Cross-Origin-Opener-Policy'];

/** The origin of an address whose protocol is one of `protocols`; anything else (or not a URL) → null. */
function originOf(address: string, protocols: readonly string[]): string | null {
  try {
    const url = new URL(address.trim());
    return protocols.includes(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/** `https://cdn.example/x.js` → `https://cdn.example`; anything not https (or not a URL) → null. */
export function httpsOrigin(address: string): string | null {
  return originOf(address, ['https:']);
}

/** The https origins of the `<script src>` elements in a pasted snippet (OneTrust's is HTML). */
export function scriptOriginsOf(snippet: string): string[] {
  // The same parse as the browser code's (domain/onetrust.ts): the policy allows what pages load.
  return [...new Set(externalScriptsOf(snippet).flatMap((script) => httpsOrigin(script.src) ?? []))];
}

/** Google Analytics: gtag.js, and the collection endpoints it reports to. */
export const GOOGLE_ANALYTICS_SCRIPT_ORIGINS: readonly string[] = ['https://www.googletagmanager.com'];
export const GOOGLE_ANALYTICS_CONNECT_ORIGINS: readonly string[] = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

type CspNewsroom = Pick<Newsroom, 'is_plausible_enabled' | 'onetrust_cookie_consent' | 'tracking_policy' | 'segment_analytics_id' | 'google_analytics_id'>;

/**
 * The origins the newsroom's own settings call for: none unless a feature is turned on, and no
 * analytics origin at all under the `disabled` tracking policy. `analyticsHost` is the event
 * tracking host from the worker's configuration.
 */
export function cspSourcesForNewsroom(newsroom: CspNewsroom, analyticsHost: string | null = null): CspSources {
  const script: string[] = [];
  const connect: string[] = [];
  let inlineStyles = false;
  const tracking = newsroom.tracking_policy !== 'disabled';
  if (tracking && analyticsHost && newsroom.segment_analytics_id) {
    // A local analytics host may be plain http.
    const origin = originOf(analyticsHost, ['https:', 'http:']);
    if (origin) connect.push(origin);
  }
  if (tracking && newsroom.google_analytics_id) {
    script.push(...GOOGLE_ANALYTICS_SCRIPT_ORIGINS);
    connect.push(...GOOGLE_ANALYTICS_CONNECT_ORIGINS);
  }
  if (tracking && newsroom.is_plausible_enabled) {
    script.push(PLAUSIBLE_ORIGIN);
    connect.push(PLAUSIBLE_ORIGIN);
  }
  const consent = newsroom.onetrust_cookie_consent;
  if (consent.is_enabled) {
    script.push(...ONETRUST_SCRIPT_ORIGINS, ...scriptOriginsOf(consent.script));
    connect.push(...ONETRUST_CONNECT_ORIGINS);
    inlineStyles = true;
  }
  return { script, connect, inlineStyles };
}

function sourceList(self: string, extra: readonly string[] | undefined): string {
  return [self, ...new Set(extra ?? [])].join(' ');
}

/**
 * The policy for HTML pages. Never 'unsafe-inline' or 'unsafe-eval' for scripts, whatever the
 * sources; images may come from any https host (story bodies embed the newsroom's CDN images).
 */
export function contentSecurityPolicy(sources: CspSources = {}): string {
  return [
    "default-src 'self'",
    `script-src ${sourceList("'self'", sources.script)}`,
    `style-src ${sourceList("'self'", [...(sources.style ?? []), ...(sources.inlineStyles ? ["'unsafe-inline'"] : [])])}`,
    "img-src 'self' data: https:",
    "media-src 'self' https:",
    "font-src 'self'",
    `connect-src ${sourceList("'self'", sources.connect)}`,
    `frame-src ${sources.frame && sources.frame.length > 0 ? [...new Set(sources.frame)].join(' ') : "'none'"}`,
    `frame-ancestors ${sources.frameAncestors && sources.frameAncestors.length > 0 ? [...new Set(sources.frameAncestors)].join(' ') : "'none'"}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The error-reporting ingest's origin (the DSN's), for `connect-src`; null without a DSN. */
export function errorIngestSources(dsn: string | null): CspSources | null {
  const origin = dsn ? originOf(dsn, ['https:', 'http:']) : null;
  return origin ? { connect: [origin] } : null;
}

/** Two sets of origins as one (either may be absent). */
export function mergeSources(a: CspSources | null, b: CspSources | null): CspSources | null {
  if (!a || !b) return a ?? b;
  return {
    script: [...(a.script ?? []), ...(b.script ?? [])],
    connect: [...(a.connect ?? []), ...(b.connect ?? [])],
    style: [...(a.style ?? []), ...(b.style ?? [])],
    frame: [...(a.frame ?? []), ...(b.frame ?? [])],
    frameAncestors: [...(a.frameAncestors ?? []), ...(b.frameAncestors ?? [])],
    inlineStyles: Boolean(a.inlineStyles || b.inlineStyles),
  };
}

/** A page with video players may frame exactly their hosts' players, and nothing when it has none. */
export function playerSources(playerOrigins: readonly string[]): CspSources | null {
  return playerOrigins.length > 0 ? { frame: playerOrigins } : null;
}

/** An embed card (oEmbed `rich` type): any site may frame it; it frames nothing and runs no script. */
export const FRAMEABLE_BY_ANYONE: CspSources = { frameAncestors: ['*'] };

/** Does this Content-Security-Policy let other sites frame the page (an embed card)? */
export function allowsFraming(policy: string | null): boolean {
  const ancestors = policy?.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('frame-ancestors '));
  return ancestors !== undefined && ancestors !== "frame-ancestors 'none'";
}

/** Cloudflare Turnstile's widget: its script and the challenge frame. */
export const TURNSTILE_SOURCES: CspSources = { script: [TURNSTILE_ORIGIN], frame: [TURNSTILE_ORIGIN], connect: [TURNSTILE_ORIGIN] };
