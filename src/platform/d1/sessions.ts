/**
 * D1 read replication through the Sessions API. A page's reads may go to the nearest replica
 * ('first-unconstrained'); a form that writes (the privacy portal) starts at the primary
 * ('first-primary'). Its answer carries the session's bookmark in a short-lived cookie, so the
 * visitor's next request (the page the form redirects to, the confirmation they click) reads a
 * replica at least as new as their own write.
 *
 * @see https://developers.cloudflare.com/d1/best-practices/read-replication/
 */

/** What the repositories need of D1: a database or a session over it. */
export type D1Queryable = Pick<D1Database, 'prepare' | 'batch'>;

/** The cookie holding the bookmark of the visitor's last write. */
export const BOOKMARK_COOKIE = 'd1_bookmark';
/** Long enough for a redirect or the next click; replicas catch up within seconds anyway. */
export const BOOKMARK_MAX_AGE_SECONDS = 120;

/** Bookmarks are opaque, but D1's are short runs of hex digits and dashes: nothing else is passed on. */
export function isBookmark(value: string | undefined): value is string {
  return value !== undefined && /^[0-9a-f]{1,64}(-[0-9a-f]{1,64}){0,7}$/i.test(value);
}

export function openSession(db: D1Database, options: { bookmark?: string; writes: boolean }): D1DatabaseSession {
  // The primary is at least as new as any bookmark: a request that must see the newest (a write,
  // a render right after a revision change) starts there whatever the visitor's cookie says.
  if (options.writes) return db.withSession('first-primary');
  if (isBookmark(options.bookmark)) {
    try {
      return db.withSession(options.bookmark);
    } catch {
      // A bookmark D1 does not know (another database, too old): start as if there were none.
    }
  }
  return db.withSession('first-unconstrained');
}

/** The Set-Cookie value carrying a session's bookmark after a write. */
export function bookmarkCookie(bookmark: string): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}
