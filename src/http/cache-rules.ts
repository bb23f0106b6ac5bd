/**
 * Every Cache-Control value the site sends, by name. Routes pick a rule; tests assert against
 * this table, so a policy change is one edit here. The page cache (page-cache/page-cache.ts)
 * reads its freshness from the same values, so the browser, the CDN and our KV copy agree.
 *
 * `stale-while-revalidate` lets a CDN answer at once while it refreshes in the background;
 * `stale-if-error` lets it (and our KV page cache) keep answering for a day when the worker or
 * D1 fails. Both are safe because pages are keyed by content revision upstream: publishing never
 * waits for these windows to run out.
 */

/** Browser life of a public page: short, so a visitor reloading sees a new import soon. */
export const BROWSER_TTL_SECONDS = 60;
/** Shared-cache (CDN, KV page cache) freshness of a public page. */
export const EDGE_TTL_SECONDS = 300;
/** Feeds are polled by readers every few minutes; a longer edge life absorbs the polling. */
export const FEED_EDGE_TTL_SECONDS = 900;
/** How long a shared cache may keep serving an expired page while it refreshes it. */
export const STALE_WHILE_REVALIDATE_SECONDS = 86_400;
/** How long a shared cache may keep serving an expired page when the origin fails. */
export const STALE_IF_ERROR_SECONDS = 86_400;

const staleWindows = `stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;

export const cacheRules = {
  /** Public HTML and JSON pages: short browser life, longer at the edge, refreshed in the background. */
  page: `public, max-age=${BROWSER_TTL_SECONDS}, s-maxage=${EDGE_TTL_SECONDS}, ${staleWindows}`,
  /** RSS/Atom feeds and sitemaps: read by machines that poll, so they live longer at the edge. */
  feed: `public, max-age=${EDGE_TTL_SECONDS}, s-maxage=${FEED_EDGE_TTL_SECONDS}, ${staleWindows}`,
  /**
   * A page sent before its data was read (ADR 0049): its status was sent first, so its end may be
   * an error page. No shared cache may keep it, and the browser asks again before showing it again;
   * the page cache keeps a copy only once it was sent whole, under `page`.
   */
  streamed: 'private, no-cache',
  /** Per-visitor pages (forms with their answers): only the visitor's browser may keep them. */
  private: 'private, no-store',
  /** Error pages must not stick: the content may appear a moment later. */
  error: 'no-store',
  /** The health check (/healthz): a monitor must see the stores as they are now. */
  health: 'no-store',
  /** The theme stylesheet at its hashed address: another theme is another address, so immutable. */
  theme: 'public, max-age=31536000, immutable',
  /** Media served by the worker in the offline demo: content-addressed, so immutable. */
  media: 'public, max-age=31536000, immutable',
} as const;

export type CacheRule = keyof typeof cacheRules;

/** Every answer at a secret address (and every redirect from or to one): no cache keeps it, no Referer leaves with it, no index lists it. */
export const PRIVATE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': cacheRules.private,
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};
