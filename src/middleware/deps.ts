/**
 * The request's dependencies (src/adapters.ts), on one D1 session for the request.
 * Every store of a request shares one D1 session (platform/d1/sessions.ts): reads go to a nearby
 * replica, a form that writes starts at the primary, and the visitor's next request reads at
 * least what they wrote. Renders just after a revision change read the primary too (the page
 * cache says when: `readPrimary`), so no page of a new revision is rendered from a replica that
 * does not have it yet, and so do secret links' pages, so a revocation holds at once.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { requestDepsOf } from '#src/adapters';
import type { AppEnv } from '#src/http/app-env';
import { BOOKMARK_COOKIE, bookmarkCookie } from '#src/platform/d1/sessions';
import { setResponseHeader } from '#src/http/responses';

/** A form post (the privacy portal, one-click unsubscribe, leaving the media list) writes; the API's POSTs only read. */
function writes(c: Context<AppEnv>): boolean {
  return c.req.method === 'POST' && !c.req.path.startsWith('/api/');
}

/**
 * A secret link's page (`/s/…`, a journalist's `/press/…` pages) reads the link's state at the
 * primary: a link revoked, rotated or whose journalist left the media list fails on its very next
 * request, whichever replica is near (a replica may lag the office's write by seconds).
 */
function readsLinkState(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/s/') || c.req.path.startsWith('/press/');
}

export const deps = createMiddleware<AppEnv>(async (c, next) => {
  const { deps, bookmark: sessionBookmark } = requestDepsOf(c.env, { bookmark: getCookie(c, BOOKMARK_COOKIE), writes: writes(c) || readsLinkState(c) || c.var.readPrimary === true });
  c.set('deps', deps);
  await next();
  const bookmark = writes(c) ? sessionBookmark() : null;
  if (bookmark) setResponseHeader(c, 'Set-Cookie', bookmarkCookie(bookmark), { append: true });
  // How many database round trips and statements this response cost (seen in dev tools and
  // read by the benchmark). A page streamed before its data has not run its queries yet: its
  // request log line says what it cost.
  if (!c.var.renderComplete) c.header('Server-Timing', `d1;desc="round trips: ${deps.queryStats.roundTrips}, statements: ${deps.queryStats.statements}"`, { append: true });
});
