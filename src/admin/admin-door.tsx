/**
 * The press office's one door (ADR 0051): every request to /admin and below (the editor's page and
 * configuration, its sign-in, upload signatures, the GitHub proxy, the press office view) carries
 * a Cloudflare Access token that this worker verifies (src/platform/cloudflare-access/access-token.ts)
 * against the team and application in ACCESS_TEAM_DOMAIN and ACCESS_AUD: the
 * `Cf-Access-Jwt-Assertion` header Access adds, else the `CF_Authorization` cookie it sets. Without
 * a valid token, or without the configuration, the answer is a 403 saying /admin needs Cloudflare
 * Access (never the page), and one log line with the reason; 503 when Access's keys cannot be read.
 *
 * Under `npm start` on a developer's machine (src/env.ts isLocalDevelopment: LOCAL_DEVELOPMENT
 * and a loopback host) the door is open, for a local person, as the editor always was there.
 *
 * Writes (any method but GET and HEAD) must also come from this site's own pages: an `Origin`,
 * and `Sec-Fetch-Site: same-origin` (or, from a browser that does not send it, an `Origin` equal
 * to the request's). Each client's requests
 * count against the render limiter, as everything the page cache cannot answer does (the
 * workers.dev address reaches this without Access).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { adminAccessOf, isLocalDevelopment } from '#src/env';
import type { AppEnv } from '#src/http/app-env';
import { limitClient } from '#src/http/client-limits';
import { logEvent } from '#src/log';
import { verifyAccessToken } from '#src/platform/cloudflare-access/access-token';
import { officeResponse } from './press/press-office-headers';
import { OfficeRefusalPage } from './press/press-office-page';
import { ADMIN_JSON_HEADERS } from './admin-headers';

export const ACCESS_HEADER = 'Cf-Access-Jwt-Assertion';
export const ACCESS_COOKIE = 'CF_Authorization';

/** The person who passed the door: their e-mail from Access (a name when the token carries one). */
export interface AdminPerson {
  readonly email: string;
  readonly name: string;
  /** True under `npm start` on loopback, where nobody signs in. */
  readonly local: boolean;
}

/** Who the door lets in under `npm start` (nobody signs in there). */
const LOCAL_PERSON: AdminPerson = { email: 'editor@localhost', name: 'Local editor', local: true };

export type AdminEnv = AppEnv & { Variables: { person: AdminPerson } };

export interface AdminDoorOptions {
  /** Outbound requests for Access's keys (tests pass a stand-in). */
  readonly fetch?: typeof fetch;
  /** The clock of the key cache, in Unix seconds. */
  readonly now?: () => number;
}

export const DOOR_TEXTS = {
  refusedTitle: 'This page needs Cloudflare Access',
  refusedText: 'The newsroom’s editor and press office open only through its Cloudflare Access application, for the people it lets in. Sign in there with your work e-mail, then open this page again.',
  keysUnavailableTitle: 'Your sign-in could not be checked',
  keysUnavailableText: 'Cloudflare Access’s keys could not be read to check your sign-in. Please try again in a minute.',
  crossSiteTitle: 'This form was not sent from the newsroom’s own pages',
  crossSiteText: 'The editor’s and the office’s buttons work only on their own pages. Nothing was changed.',
} as const;

/** Answers under /admin/github/ are read by the editor's script: JSON `{message}`, as GitHub words its own. */
const isApiPath = (path: string) => path.startsWith('/admin/github/') || path.startsWith('/admin/uploads/');

async function refusal(c: Context<AdminEnv>, status: 403 | 503, title: string, text: string): Promise<Response> {
  const retry: Record<string, string> = status === 503 ? { 'Retry-After': '60' } : {};
  if (isApiPath(c.req.path)) return new Response(JSON.stringify({ message: `${title}. ${text}` }), { status, headers: { ...ADMIN_JSON_HEADERS, ...retry } });
  return officeResponse(c, <OfficeRefusalPage title={title} text={text} />, status, retry);
}

function refuse(c: Context<AdminEnv>, reason: string, detail?: string): Promise<Response> {
  logEvent('admin_refused', { reason, path: c.req.path, ...(detail === undefined ? {} : { detail }) }, 'warn');
  return reason === 'keys_unavailable' ? refusal(c, 503, DOOR_TEXTS.keysUnavailableTitle, DOOR_TEXTS.keysUnavailableText) : refusal(c, 403, DOOR_TEXTS.refusedTitle, DOOR_TEXTS.refusedText);
}

/** A write from anywhere but this site's own page: a browser names the page's origin on every write it sends. */
function isForeignWrite(request: Request): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const origin = request.headers.get('Origin');
  // Every browser sends Origin on a write; a request without one is no page's.
  if (origin === null) return true;
  // Sec-Fetch-Site, where sent, is the browser's own verdict (behind a proxy the worker may see
  // another host than the page did); otherwise the Origin must be the request's.
  const fetchSite = request.headers.get('Sec-Fetch-Site');
  if (fetchSite !== null) return fetchSite !== 'same-origin';
  return origin !== new URL(request.url).origin;
}

export function adminDoor(options: AdminDoorOptions = {}): MiddlewareHandler<AdminEnv> {
  const fetcher = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  return async (c, next) => {
    await limitClient(c.env.RENDER_LIMITER, 'admin', c.req.raw);
    let person: AdminPerson;
    if (isLocalDevelopment(c.env, c.req.url)) {
      person = LOCAL_PERSON;
    } else {
      const access = adminAccessOf(c.env);
      if (!access.enabled) return refuse(c, 'not_configured', access.problem);
      const token = c.req.header(ACCESS_HEADER) ?? getCookie(c, ACCESS_COOKIE);
      const verdict = await verifyAccessToken(token, access, { fetch: fetcher, now: now() });
      if (!verdict.ok) return refuse(c, verdict.refusal, verdict.detail);
      // Access's application tokens always name the person; one that does not names nobody to write as.
      if (!verdict.email) return refuse(c, 'no_email');
      person = { email: verdict.email, name: verdict.name ?? verdict.email, local: false };
    }
    if (isForeignWrite(c.req.raw)) {
      logEvent('admin_refused', { reason: 'cross_site_write', path: c.req.path }, 'warn');
      return refusal(c, 403, DOOR_TEXTS.crossSiteTitle, DOOR_TEXTS.crossSiteText);
    }
    c.set('person', person);
    await next();
  };
}
