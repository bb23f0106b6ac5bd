/**
 * The page cache: public pages, feeds and JSON alternates copied into KV so that a repeat visit
 * costs one KV read and no D1 query at all.
 *
 * The policy is a set of small exported predicates and named constants (what may be served from
 * the cache, what may be stored, how the key is built, how long an entry is fresh), tested as
 * tables in test/unit/middleware/page-cache.test.ts. `pageCache()` is the Hono middleware that
 * applies them. Decisions and trade-offs: docs/decisions/0011-page-cache.md.
 *
 * - Keys hold the content revision, so an import makes every older page unreachable at once:
 *   nothing is purged by hand. The revision is read from KV (`content-revision`, written by the
 *   import) and remembered in isolate memory for a few seconds; when KV has none, it comes from
 *   D1 through the function the app passes in, and is written back to KV for the next isolate.
 * - A miss streams the handler's body to the visitor and stores a tee'd copy in the background
 *   (`waitUntil`), so the first visitor is not slowed by the cache fill.
 * - Entries outlive their freshness (the response's `s-maxage`) by its `stale-if-error` window:
 *   when the handler fails (D1 down: a 5xx), the expired copy is served instead of an error page,
 *   or, when the current revision has no copy yet (an import just before the outage), the copy of
 *   one of the few revisions before it. With D1 down and no revision in KV or in the isolate's
 *   memory, the last revision ever learned from D1 (kept in KV without a TTL) finds the pages.
 * - Every KV failure is logged and ignored: without KV, pages render from D1 as if uncached.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/env';
import { KvPageCacheStore, MIN_KV_TTL_SECONDS, type StoredPage, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import { EDGE_TTL_SECONDS } from './cache-rules';

// ---------------------------------------------------------------------------------------------
// Constants

/** How long an isolate trusts the revision it read: publishing shows within this (plus KV's own propagation). */
export const REVISION_MEMO_MS = 5_000;
/** TTL of the revision backfilled from D1, so an import that forgot KV is picked up within a minute. */
export const REVISION_BACKFILL_TTL_SECONDS = MIN_KV_TTL_SECONDS;
/** Freshness of a page whose Cache-Control names no `s-maxage`/`max-age` (routes always do; a fallback). */
export const DEFAULT_FRESH_SECONDS = EDGE_TTL_SECONDS;
/** Pages larger than this are not copied into KV (KV allows 25 MiB; our pages are tens of KB). */
export const MAX_CACHED_BODY_BYTES = 2 * 1024 * 1024;
/** KV keys are limited to 512 bytes; longer addresses are simply not cached. */
export const MAX_KEY_BYTES = 512;
/**
 * When the handler fails and the current revision has no copy of the page, how many revisions
 * before it are looked up (one KV read each, only on that failure path).
 */
export const STALE_REVISIONS_SEARCHED = 3;
/** Bumped when the entry format or key shape changes, so old entries are never misread. */
export const KEY_PREFIX = 'page:v1';

/** Content types worth caching: HTML pages, feeds and sitemaps, JSON alternates. */
export const STORABLE_CONTENT_TYPES: readonly string[] = [
  'text/html',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/xml',
  'text/xml',
  'application/json',
  'application/feed+json',
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

/**
 * Cookies that mean "this visitor may see something the public does not": a session, a preview,
 * an auth token. Matched on the name after `__Host-`/`__Secure-` and leading underscores, alone
 * or as a suffix (`newsroom_session`, `PHPSESSID`, `JSESSIONID`). Consent and analytics cookies
 * (consent, _ga, OptanonConsent) do not change the HTML, so they must not bypass the cache.
 */
export const BYPASS_COOKIE_PATTERN = /(?:(?:^|[_.-])(?:session|sid|preview|auth|token)|sessid|sessionid)$/i;

/**
 * Query parameters that never change the page (campaign tracking, click ids): left out of the key
 * so a newsletter link does not create its own copy of every page. The client-side analytics
 * still reads them from the address bar.
 */
export const IGNORED_QUERY_PARAMS: readonly string[] = ['fbclid', 'gclid', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'twclid', 'igshid', 'yclid', 'mc_cid', 'mc_eid', '_ga', '_gl'];

// ---------------------------------------------------------------------------------------------
// Request predicates

export function isCacheableMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Cookie names in a Cookie header, in order. */
export function cookieNames(cookieHeader: string | null | undefined): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name.length > 0);
}

export function isBypassCookieName(name: string): boolean {
  const bare = name.replace(/^__(?:Host|Secure)-/i, '').replace(/^_+/, '');
  return BYPASS_COOKIE_PATTERN.test(bare);
}

export function hasBypassCookie(cookieHeader: string | null | undefined): boolean {
  return cookieNames(cookieHeader).some(isBypassCookieName);
}

/** `?preview` in any form (`?preview`, `?preview=1`, `?preview=`) asks for unpublished content. */
export function isPreviewUrl(url: URL): boolean {
  return url.searchParams.has('preview');
}

/** May this request be answered from the cache (and its answer stored)? */
export function canServeFromCache(request: Request): boolean {
  if (!isCacheableMethod(request.method)) return false;
  if (request.headers.has('Authorization')) return false;
  if (hasBypassCookie(request.headers.get('Cookie'))) return false;
  return !isPreviewUrl(new URL(request.url));
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

/** The key holds no request header, so a response that varies on one (other than encoding) is not shared. */
export function isStorableVary(vary: string | null | undefined): boolean {
  if (!vary) return true;
  return vary
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
    .every((name) => name === 'accept-encoding');
}

/** May this response be copied into the cache (its Set-Cookie stripped)? */
export function canStoreResponse(response: Response): boolean {
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

/**
 * React marks a Suspense boundary that failed on the server with `<!--$!-->` and lets the client
 * retry. The status was already sent as 200, so this marker is the only sign the page is broken:
 * such a page is served to its visitor but never cached.
 */
export function hasRenderError(html: string): boolean {
  return html.includes('<!--$!-->');
}

// ---------------------------------------------------------------------------------------------
// Key, freshness, validators

export interface PageCacheKeyInput {
  readonly revision: number;
  readonly url: URL;
  /** The deployed code's release: cached HTML names hashed assets that only its release serves. */
  readonly release?: string;
}

export function isIgnoredQueryParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || IGNORED_QUERY_PARAMS.includes(lower);
}

/**
 * The query part of the key: tracking parameters dropped, then sorted by name. The sort is stable,
 * so repeated names keep their order (`?page=2&page=1` is not `?page=1&page=2`: routes read the
 * first value).
 */
export function normalisedQuery(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => !isIgnoredQueryParam(name));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
}

/** `page:v1:{revision}:{release}:{host}{path}[?{sorted query}]` */
export function pageCacheKey({ revision, url, release = '' }: PageCacheKeyInput): string {
  const query = normalisedQuery(url);
  return `${KEY_PREFIX}:${revision}:${release}:${url.host.toLowerCase()}${url.pathname}${query ? `?${query}` : ''}`;
}

export function fitsKvKey(key: string): boolean {
  return new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES;
}

export function ageSeconds(storedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - storedAt) / 1000));
}

export function isFresh(metadata: Pick<StoredPageMetadata, 't' | 'f'>, now: number): boolean {
  return now - metadata.t < metadata.f * 1000;
}

/** A strong validator: the first 128 bits of the body's SHA-256, quoted. */
export async function etagOf(body: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): a CDN may have weakened our ETag. */
export function ifNoneMatchMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim() === '*' || bare(candidate) === bare(etag));
}

/**
 * Should a cached page be answered with 304? If-None-Match decides when present (RFC 9110
 * 13.2.2); otherwise If-Modified-Since against the page's own Last-Modified, when it has one.
 */
export function isNotModified(requestHeaders: Headers, etag: string, lastModified: string | null): boolean {
  const ifNoneMatch = requestHeaders.get('If-None-Match');
  if (ifNoneMatch) return ifNoneMatchMatches(ifNoneMatch, etag);
  const since = Date.parse(requestHeaders.get('If-Modified-Since') ?? '');
  const modified = Date.parse(lastModified ?? '');
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

// ---------------------------------------------------------------------------------------------
// Middleware

export type CacheStatus = 'HIT' | 'STALE' | 'MISS' | 'BYPASS';

export interface PageCacheOptions {
  /**
   * The content revision from D1, used when KV has none (a fresh namespace, an import that did
   * not write KV). Called at most once per isolate per `revisionMemoMs`; keep it one statement.
   */
  readonly readRevisionFromDb: (c: Context<AppEnv>) => Promise<number | null>;
  /**
   * Part of every key: the deployed release (e.g. `(c) => c.env.RELEASE`), so a deploy starts
   * from fresh entries and never serves HTML naming the previous release's assets.
   */
  readonly release?: string | ((c: Context<AppEnv>) => string | undefined);
  /** How long an isolate trusts a revision it read (tests pass 0). */
  readonly revisionMemoMs?: number;
  /** The clock, in ms (tests move it to make entries stale). */
  readonly now?: () => number;
}

/** Runs work after the response without holding it; inline where there is no execution context (plain unit tests). */
function runInBackground(c: Context<AppEnv>, work: Promise<unknown>): Promise<unknown> | undefined {
  let executionCtx: Pick<ExecutionContext, 'waitUntil'> | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    executionCtx = undefined;
  }
  if (executionCtx) {
    executionCtx.waitUntil(work);
    return undefined;
  }
  return work;
}

function warn(operation: string, error: unknown): void {
  console.warn(JSON.stringify({ message: 'Page cache: KV failed; continuing without it', operation, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }));
}

/** Sets a header even on a response whose headers are immutable (one that came from fetch()). */
function setResponseHeader(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    const copy = new Response(c.res.body, c.res);
    copy.headers.set(name, value);
    replaceResponse(c, copy);
  }
}

/** Assigning c.res merges the old response's headers into the new one; clearing it first does not. */
function replaceResponse(c: Context<AppEnv>, response: Response): void {
  c.res = undefined;
  c.res = response;
}

function cachedResponse(request: Request, entry: StoredPage, now: number, status: 'HIT' | 'STALE'): Response {
  const { metadata } = entry;
  const headers = new Headers(metadata.h as [string, string][]);
  headers.set('ETag', metadata.e);
  headers.set('Age', String(ageSeconds(metadata.t, now)));
  headers.set('X-Cache', status);
  headers.set('Server-Timing', `page-cache;desc="${status}"`);
  if (isNotModified(request.headers, metadata.e, headers.get('Last-Modified'))) {
    // A 304 carries the validators and caching headers, never the representation's own.
    const notModified = new Headers();
    for (const name of ['ETag', 'Last-Modified', 'Age', 'Cache-Control', 'Vary', 'X-Cache', 'Server-Timing']) {
      const value = headers.get(name);
      if (value !== null) notModified.set(name, value);
    }
    return new Response(null, { status: 304, headers: notModified });
  }
  return new Response(request.method === 'HEAD' ? null : entry.body, { status: metadata.s, headers });
}

/** Reads a stream whole, or returns null (cancelling it) once it passes `limit` bytes. */
async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

interface PendingCopy {
  readonly key: string;
  readonly stream: ReadableStream<Uint8Array>;
  readonly status: number;
  readonly headers: [string, string][];
  readonly cacheControl: string | null;
  /** The route's own validator (feeds and sitemaps compute one): kept so revalidation agrees. */
  readonly etag: string | null;
  readonly storedAt: number;
}

async function storeCopy(store: KvPageCacheStore, copy: PendingCopy): Promise<void> {
  try {
    const body = await readAtMost(copy.stream, MAX_CACHED_BODY_BYTES);
    if (!body) return;
    const contentType = copy.headers.find(([name]) => name === 'content-type')?.[1] ?? '';
    if (contentType.includes('html') && hasRenderError(new TextDecoder().decode(body))) return;
    const { freshSeconds, staleSeconds } = cacheLifetime(copy.cacheControl);
    const metadata: StoredPageMetadata = { v: 1, s: copy.status, h: copy.headers, t: copy.storedAt, f: freshSeconds, e: copy.etag ?? (await etagOf(body)) };
    await store.put(copy.key, body.buffer, metadata, freshSeconds + staleSeconds);
  } catch (error) {
    // A body that failed mid-stream is as uncacheable as a KV that refused it.
    warn('put', error);
  }
}

/**
 * The page-cache middleware. Mount it after the routes that must never be cached (media) and
 * before the middleware that touches D1 (deps, site): a hit then costs no D1 query.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<AppEnv> {
  const memoMs = options.revisionMemoMs ?? REVISION_MEMO_MS;
  const clock = options.now ?? Date.now;
  // Per isolate: remembered across requests. Never a shared in-flight promise: workerd forbids
  // one request awaiting I/O started by another.
  let known: { revision: number; readAt: number } | null = null;

  async function currentRevision(c: Context<AppEnv>, store: KvPageCacheStore): Promise<number | null> {
    const now = clock();
    if (known && now - known.readAt < memoMs) return known.revision;
    try {
      const revision = await store.readRevision();
      if (revision !== null) {
        known = { revision, readAt: now };
        return revision;
      }
    } catch (error) {
      warn('get content-revision', error);
    }
    try {
      const revision = await options.readRevisionFromDb(c);
      if (revision !== null) {
        known = { revision, readAt: now };
        const backfill = Promise.all([
          store.writeRevision(revision, REVISION_BACKFILL_TTL_SECONDS).catch((error: unknown) => warn('put content-revision', error)),
          store.writeLastKnownRevision(revision).catch((error: unknown) => warn('put last-known revision', error)),
        ]);
        await runInBackground(c, backfill);
        return revision;
      }
      return known?.revision ?? null;
    } catch {
      // D1 is down too: the handler will fail as well and report it. The last revision this
      // isolate knew (however old), else the last one any isolate learned, still finds the pages
      // to serve stale.
    }
    if (known) return known.revision;
    try {
      return await store.readLastKnownRevision();
    } catch (error) {
      warn('get last-known revision', error);
      return null;
    }
  }

  /** A copy of the page from one of the revisions just before `revision`, newest first. */
  async function olderCopy(store: KvPageCacheStore, revision: number, url: URL, release: string): Promise<StoredPage | null> {
    for (let older = revision - 1; older >= Math.max(0, revision - STALE_REVISIONS_SEARCHED); older--) {
      const key = pageCacheKey({ revision: older, url, release });
      if (!fitsKvKey(key)) return null;
      try {
        const entry = await store.get(key);
        if (entry) return entry;
      } catch (error) {
        warn('get older page', error);
        return null;
      }
    }
    return null;
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    if (!canServeFromCache(request)) {
      await next();
      setResponseHeader(c, 'X-Cache', 'BYPASS');
      return;
    }
    const store = new KvPageCacheStore(c.env.PAGE_CACHE);
    const revision = await currentRevision(c, store);
    const release = (typeof options.release === 'function' ? options.release(c) : options.release) ?? '';
    const key = revision === null ? null : pageCacheKey({ revision, url: new URL(request.url), release });
    if (key === null || !fitsKvKey(key)) {
      await next();
      setResponseHeader(c, 'X-Cache', 'BYPASS');
      return;
    }

    let entry: StoredPage | null = null;
    try {
      entry = await store.get(key);
    } catch (error) {
      warn('get page', error);
    }
    const startedAt = clock();
    if (entry && isFresh(entry.metadata, startedAt)) return cachedResponse(request, entry, startedAt, 'HIT');

    await next();

    // stale-if-error: an expired copy, or one from just before the last import, beats an error
    // page. Errors thrown by handlers reach us already turned into a response by app.onError; a
    // 404 or a redirect is an answer, not a failure, and is passed on.
    if (c.res.status >= 500) {
      const stale = entry ?? (revision === null ? null : await olderCopy(store, revision, new URL(request.url), release));
      if (stale) replaceResponse(c, cachedResponse(request, stale, clock(), 'STALE'));
      else setResponseHeader(c, 'X-Cache', 'MISS');
      return;
    }
    if (c.error !== undefined) {
      setResponseHeader(c, 'X-Cache', 'MISS');
      return;
    }
    setResponseHeader(c, 'X-Cache', 'MISS');
    const response = c.res;
    if (!response.body || !canStoreResponse(response)) return;

    // The visitor reads one branch as it streams; the other is buffered and stored after the
    // response, so the cache fill adds nothing to the visitor's wait.
    const [forVisitor, forCache] = response.body.tee();
    const copy: PendingCopy = {
      key,
      stream: forCache,
      status: response.status,
      headers: storedHeaders(response.headers),
      cacheControl: response.headers.get('Cache-Control'),
      etag: response.headers.get('ETag'),
      storedAt: startedAt,
    };
    replaceResponse(c, new Response(forVisitor, response));
    const pending = runInBackground(c, storeCopy(store, copy));
    if (pending) await pending;
  });
}
