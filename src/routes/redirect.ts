/**
 * Every redirect the site answers goes through here, and can only point at a path on this site
 * (urls.sameSitePath): no request, however crafted (`//host`, `/\host`, tabs, a locale prefix in
 * front of either), can make the newsroom send a visitor elsewhere. Lint forbids `c.redirect`
 * anywhere else.
 */
import type { Context } from 'hono';
import { urls } from '#src/i18n/urls';

export type RedirectStatus = 301 | 302 | 303;

export function redirect(c: Context, location: string, status: RedirectStatus, headers: Record<string, string> = {}): Response {
  const response = c.redirect(urls.sameSitePath(location), status);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
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
