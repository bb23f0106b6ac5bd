/**
 * Security headers on every response, error pages and cache hits included (the policy itself:
 * src/http/content-security-policy.ts). It wraps everything but the request log: the fixed
 * headers on everything, and what it reads from the response it wraps.
 *
 * A page's own Content-Security-Policy is not written here: the writers of HTML answers write it
 * on the response they make (`renderPage`, `errorResponse`, through src/http/page-policy.ts),
 * from the newsroom and what the page says it needs, so the page cache stores it with the page
 * and a hit (which never loads the newsroom) replays it. HTML that reaches this middleware
 * without a policy (nothing the app answers today) gets the strictest one.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/http/app-env';
import { allowsFraming, contentSecurityPolicy, ROUTE_OVERRIDABLE_HEADERS, SECURITY_HEADERS } from '#src/http/content-security-policy';
import { replaceResponse } from '#src/http/responses';

function isHtml(response: Response): boolean {
  return response.headers.get('Content-Type')?.toLowerCase().startsWith('text/html') ?? false;
}

/**
 * Headers of a response from fetch() (static assets, media) are immutable: copy it once, then
 * edit. The probe writes a header every response gets anyway.
 */
function mutableHeaders(c: Context<AppEnv>): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    return c.res.headers;
  } catch {
    const copy = new Response(c.res.body, c.res);
    replaceResponse(c, copy);
    return copy.headers;
  }
}

/** Fixed headers on everything, the strictest policy on HTML that has none, no X-Frame-Options on what others may frame. */
export const securityHeaders: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const headers = mutableHeaders(c);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!(ROUTE_OVERRIDABLE_HEADERS.includes(name) && headers.has(name))) headers.set(name, value);
  }
  if (isHtml(c.res) && !headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy());
  // An embed card's own policy lets others frame it (cache hits replay that policy): DENY would undo it.
  if (allowsFraming(headers.get('Content-Security-Policy'))) headers.delete('X-Frame-Options');
});
