/**
 * The press office view's door: every request to /admin/press must carry a Cloudflare Access
 * token that this worker verifies (src/platform/cloudflare-access/access-token.ts) against the
 * team and application configured in ACCESS_TEAM_DOMAIN and ACCESS_AUD (src/env.ts
 * officeAccessOf). Access sends it as the `Cf-Access-Jwt-Assertion` header; the browser also holds
 * it as the `CF_Authorization` cookie, read when the header is absent. Without a valid token, or
 * without the configuration, the answer is a 403 page saying the view needs Cloudflare Access
 * (never the view), and one log line with the reason; 503 when Access's keys cannot be read.
 * Posts must also come from this site's own page (`Origin`, and `Sec-Fetch-Site` when sent).
 * Each client's requests count against the render limiter, as everything the page cache cannot
 * answer does.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { officeAccessOf } from '#src/admin/admin-env';
import type { AppEnv } from '#src/http/app-env';
import { logEvent } from '#src/log';
import { isCrossSitePost } from '#src/middleware/request-limits';
import { limitClient } from '#src/http/client-limits';
import { verifyAccessToken } from '#src/platform/cloudflare-access/access-token';
import { officeResponse } from './press-office-headers';
import { OfficeRefusalPage } from './press-office-page';
import { OFFICE_TEXTS } from './press-office-texts';

export const ACCESS_HEADER = 'Cf-Access-Jwt-Assertion';
export const ACCESS_COOKIE = 'CF_Authorization';

export type OfficeEnv = AppEnv & { Variables: { officeEmail: string | null } };

export interface OfficeAccessOptions {
  /** Outbound requests for Access's keys (tests pass a stand-in). */
  readonly fetch?: typeof fetch;
  /** The clock of the key cache, in Unix seconds. */
  readonly now?: () => number;
}

async function refusal(status: 403 | 503, title: string, text: string): Promise<Response> {
  return officeResponse(<OfficeRefusalPage title={title} text={text} />, status, status === 503 ? { 'Retry-After': '60' } : {});
}

function refuse(reason: string, detail?: string): Promise<Response> {
  logEvent('press_office_refused', detail === undefined ? { reason } : { reason, detail }, 'warn');
  return reason === 'keys_unavailable'
    ? refusal(503, OFFICE_TEXTS.keysUnavailableTitle, OFFICE_TEXTS.keysUnavailableText)
    : refusal(403, OFFICE_TEXTS.refusedTitle, OFFICE_TEXTS.refusedText);
}

/** A post from anywhere but this site's own page: a browser names the page's origin on every form it posts. */
function isForeignPost(c: Context<OfficeEnv>): boolean {
  const request = c.req.raw;
  if (request.method !== 'POST') return false;
  return request.headers.get('Origin') === null || isCrossSitePost(request, [new URL(request.url).origin]);
}

export function officeAccess(options: OfficeAccessOptions = {}): MiddlewareHandler<OfficeEnv> {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return async (c, next) => {
    // Counted like the editor's sign-in: the workers.dev address reaches this without Access.
    await limitClient(c.env.RENDER_LIMITER, 'press-office', c.req.raw);
    const access = officeAccessOf(c.env);
    if (!access.enabled) return refuse('not_configured', access.problem);
    const token = c.req.header(ACCESS_HEADER) ?? getCookie(c, ACCESS_COOKIE);
    const verdict = await verifyAccessToken(token, access, { fetch: fetcher, now: now() });
    if (!verdict.ok) return refuse(verdict.refusal, verdict.detail);
    if (isForeignPost(c)) {
      logEvent('press_office_refused', { reason: 'cross_site_post' }, 'warn');
      return refusal(403, OFFICE_TEXTS.crossSiteTitle, OFFICE_TEXTS.crossSiteText);
    }
    c.set('officeEmail', verdict.email);
    await next();
  };
}
