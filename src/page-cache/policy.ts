/**
 * The page cache's policy (docs/decisions/0011-page-cache.md): named constants and small pure
 * functions saying what may be served from the cache, what may be stored and how long an entry is
 * fresh (the key: ./key.ts; conditional requests: src/http/conditional-get.ts). Tested as
 * tables in test/unit/page-cache/page-cache.test.ts; applied by `pageCache()` in ./page-cache.ts.
 */
import { MIN_KV_TTL_SECONDS, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import { hasSecret } from '#src/domain/secret-paths';
import { EDGE_TTL_SECONDS } from '#src/http/cache-rules';

// ---------------------------------------------------------------------------------------------
// Constants

/** How long an isolate trusts the revision it read: publishing shows within this (plus KV's own propagation). */
export const REVISION_MEMO_MS = 5_000;
/**
 * How long after an import or a go-live renders read D1's primary rather than a replica: longer
 * than a replica takes to catch up, so no page of the new revision is rendered from older content.
 */
export const REPLICA_CATCH_UP_MS = 30_000;

/** Did the pointers change within the replicas' catch-up time? Unknown: no (a backfill is old news). */
export function isRecentChange(pointers: { changedAt: number | null } | null, now: number): boolean {
  return pointers?.changedAt != null && now - pointers.changedAt < REPLICA_CATCH_UP_MS;
}

/** TTL of the revision backfilled from D1, so an import that forgot KV is picked up within a minute. */
export const REVISION_BACKFILL_TTL_SECONDS = MIN_KV_TTL_SECONDS;
/** Freshness of a page whose Cache-Control names no `s-maxage`/`max-age` (routes always do; a fallback). */
export const DEFAULT_FRESH_SECONDS = EDGE_TTL_SECONDS;
/** Pages larger than this are not copied into KV (KV allows 25 MiB; our pages are tens of KB). */
export const MAX_CACHED_BODY_BYTES = 2 * 1024 * 1024;
/**
 * When the handler fails and the current revision has no copy of the page, how many revisions
 * before it are looked up (one KV read each, only on that failure path).
 */
export const STALE_REVISIONS_SEARCHED = 3;

/** Content types worth caching: HTML pages, feeds and sitemaps, JSON and Markdown alternates, robots.txt, vCards. */
export const STORABLE_CONTENT_TYPES: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/xml',
  'text/xml',
  'application/json',
  'application/feed+json',
  'text/markdown',
  'text/plain',
  'text/vcard',
];

/**
 * Headers never replayed from the cache: per-visitor (cookies), per-response (timings, dates,
 * lengths, CDN ids) or set on a hit (Age, X-Cache; the ETag travels in the entry's metadata).
 */
export const UNSTORED_HEADERS: readonly string[] = [
  'set-cookie',
  'server-timing',
  'x-cache',
  'age',
  'etag',
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'cf-ray',
  'cf-cache-status',
  'alt-svc',
  'report-to',
  'nel',
];

// ---------------------------------------------------------------------------------------------
// Request predicates

export function isCacheableMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Paths whose address is a secret (journalists' links `/s/{token}`, the portal's mailed links),
 * in any spelling the router or a visitor may use (`/%73/…`, `/en/s/…`: hasSecret): never looked
 * up or stored, so no KV key ever holds a token and no copy can outlive a rotation.
 */
export function isNeverCachedPath(pathname: string): boolean {
  return hasSecret(pathname);
}

/**
 * May this request be answered from the cache (and its answer stored)? Every visitor of a public
 * page gets the same page: the site has no sessions, logins or previews (unpublished stories live
 * behind secret links, which are never cached), so no header, cookie or parameter a stranger
 * can send skips the cache.
 */
export function canServeFromCache(request: Request): boolean {
  if (!isCacheableMethod(request.method)) return false;
  return !isNeverCachedPath(new URL(request.url).pathname);
}

// ---------------------------------------------------------------------------------------------
// Response predicates

export function isStorableStatus(status: number): boolean {
  return status === 200;
}

export function isStorableContentType(contentType: string | null | undefined): boolean {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return STORABLE_CONTENT_TYPES.includes(mediaType);
}

/** Cache-Control directives, lower-case names; valueless directives map to ''. */
export function parseCacheControl(cacheControl: string | null | undefined): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of (cacheControl ?? '').split(',')) {
    const [name, ...value] = part.split('=');
    const key = name!.trim().toLowerCase();
    if (key) directives.set(key, value.join('=').trim().replace(/^"|"$/g, ''));
  }
  return directives;
}

function seconds(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * How long a response may be served from the cache: fresh for its shared-cache age (`s-maxage`,
 * else `max-age`), then kept for its `stale-if-error` window to be served only when the origin
 * fails.
 */
export function cacheLifetime(cacheControl: string | null | undefined): { freshSeconds: number; staleSeconds: number } {
  const directives = parseCacheControl(cacheControl);
  const fresh = seconds(directives.get('s-maxage')) ?? seconds(directives.get('max-age')) ?? DEFAULT_FRESH_SECONDS;
  return { freshSeconds: fresh, staleSeconds: seconds(directives.get('stale-if-error')) ?? 0 };
}

/**
 * Only responses the route declared shareable: a Cache-Control is required (a route without one
 * is an oversight, not an invitation), and private, no-store, no-cache or a zero shared age
 * keep the response out of the cache.
 */
export function isStorableCacheControl(cacheControl: string | null | undefined): boolean {
  if (!cacheControl) return false;
  const directives = parseCacheControl(cacheControl);
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return false;
  return cacheLifetime(cacheControl).freshSeconds > 0;
}

/**
 * The key holds one request header's answer only, the representation Accept asks for
 * (`prefersMarkdown`, the one negotiation the site does); a response that varies on any other
 * header (encoding aside) is not shared.
 */
export function isStorableVary(vary: string | null | undefined): boolean {
  if (!vary) return true;
  return vary
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .every((name) => name === 'accept-encoding' || name === 'accept');
}

/** May this response be copied into the cache (its Set-Cookie stripped)? */
export function canStoreResponse(response: Pick<Response, 'status' | 'headers'>): boolean {
  return (
    isStorableStatus(response.status) &&
    isStorableContentType(response.headers.get('Content-Type')) &&
    isStorableCacheControl(response.headers.get('Cache-Control')) &&
    isStorableVary(response.headers.get('Vary'))
  );
}

/** The headers a cached copy keeps, lower-case names, Set-Cookie and per-response headers removed. */
export function storedHeaders(headers: Headers): [string, string][] {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!UNSTORED_HEADERS.includes(name.toLowerCase())) kept.push([name.toLowerCase(), value]);
  });
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Freshness

export function ageSeconds(storedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - storedAt) / 1000));
}

export function isFresh(metadata: Pick<StoredPageMetadata, 't' | 'f'>, now: number): boolean {
  return now - metadata.t < metadata.f * 1000;
}
