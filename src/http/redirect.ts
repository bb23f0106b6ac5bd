/**
 * Every redirect the site answers goes through here, and can only point at a path on this site
 * (urls.sameSitePath): no request, however crafted (`//host`, `/\host`, tabs, a locale prefix in
 * front of either), can make the newsroom send a visitor elsewhere. Lint forbids `c.redirect`
 * anywhere else.
 *
 * A redirect from or to a secret address (a journalist's link, a mailed portal link, in any
 * spelling: `/s/{token}/` → `/s/{token}`, `/en/s/…`, `?status=done` after an unsubscribe) gets the
 * secret pages' headers: no cache keeps it, no Referer leaves with it, no index lists it.
 */
import type { Context } from 'hono';
import { hasSecret } from '#src/domain/secret-paths';
import { urls } from '#src/i18n/urls';
import { PRIVATE_PAGE_HEADERS } from './cache-rules';

export type RedirectStatus = 301 | 302 | 303;

export function redirect(c: Context, location: string, status: RedirectStatus, headers: Record<string, string> = {}): Response {
  const target = urls.sameSitePath(location);
  const response = c.redirect(target, status);
  const secret = hasSecret(c.req.path) || hasSecret(target);
  for (const [name, value] of Object.entries({ ...headers, ...(secret ? PRIVATE_PAGE_HEADERS : {}) })) response.headers.set(name, value);
  return response;
}

/**
 * The one redirect that leaves the site: to an address the newsroom configured in its content
 * folder (checked as http(s) at import), such as its own privacy policy. Never pass request input.
 */
export function redirectToConfiguredAddress(c: Context, configured: string, headers: Record<string, string> = {}): Response {
  const target = new URL(configured);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Not a web address: ${configured}`);
  const response = c.redirect(target.href, 302);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * A 301 to a media file's public address (a recipient's file address after the lift, ADR 0053):
 * on this site when the media root is a path, else on the configured media CDN (MEDIA_CDN_URL,
 * the operator's), whose origin the target must keep whatever path follows the root.
 */
export function redirectToMediaFile(c: Context, location: string, headers: Record<string, string> = {}): Response {
  if (location.startsWith('/')) return redirect(c, location, 301, headers);
  const target = new URL(location);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error(`Not a web address: ${location}`);
  const response = c.redirect(target.href, 301);
  for (const [name, value] of Object.entries({ ...headers, ...PRIVATE_PAGE_HEADERS })) response.headers.set(name, value);
  return response;
}
