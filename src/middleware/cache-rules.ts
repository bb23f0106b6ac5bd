/**
 * Every Cache-Control value the site sends, by name. Routes pick a rule; tests assert against
 * this table, so a policy change is one edit here.
 */
export const cacheRules = {
  /** Public HTML and JSON pages: short browser life, longer at the edge, refreshed in the background. */
  page: 'public, max-age=60, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400',
  /** Per-visitor pages (forms with their answers): only the visitor's browser may keep them. */
  private: 'private, no-store',
  /** Error pages must not stick: the content may appear a moment later. */
  error: 'no-store',
  /** Media served by the worker in the offline demo: content-addressed, so immutable. */
  media: 'public, max-age=31536000, immutable',
} as const;

export type CacheRule = keyof typeof cacheRules;
