/**
 * The page cache: public pages, feeds and JSON alternates copied into KV so that a repeat visit
 * costs one KV read and no D1 query at all.
 *
 * The policy (what may be served from the cache, what may be stored, how the key is built, how
 * long an entry is fresh) lives in ./page-cache-policy.ts as small tested functions; this module
 * is the Hono middleware that applies them. Decisions and trade-offs:
 * docs/decisions/0011-page-cache.md.
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
import { prefersMarkdown } from '#src/domain/content-negotiation';
import { KvPageCacheStore, type StoredPage, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import {
  REVISION_MEMO_MS, REVISION_BACKFILL_TTL_SECONDS, MAX_CACHED_BODY_BYTES, STALE_REVISIONS_SEARCHED, canServeFromCache, isOperatorBypass, cacheLifetime, canStoreResponse, storedHeaders, pageCacheKey, fitsKvKey, ageSeconds, isFresh,
} from './page-cache-policy';
import { entityTag, isNotModified, notModifiedResponse } from './conditional-get';

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
  /** The operator's bypass secret (PAGE_CACHE_BYPASS_TOKEN), if the deployment has one. */
  readonly bypassToken?: (c: Context<AppEnv>) => string | undefined;
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
  if (isNotModified(request.headers, metadata.e, headers.get('Last-Modified'))) return notModifiedResponse(headers);
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
    const { freshSeconds, staleSeconds } = cacheLifetime(copy.cacheControl);
    const metadata: StoredPageMetadata = { v: 1, s: copy.status, h: copy.headers, t: copy.storedAt, f: freshSeconds, e: copy.etag ?? (await entityTag(body)) };
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

  /**
   * A copy of the page from one of the revisions just before `revision`, newest first, but none
   * from before the last withdrawal (unknown: none at all), so withdrawn content never returns.
   */
  async function olderCopy(store: KvPageCacheStore, revision: number, url: URL, release: string, markdown: boolean): Promise<StoredPage | null> {
    let floor: number | null;
    try {
      floor = await store.readLastWithdrawal();
    } catch (error) {
      warn('get last withdrawal', error);
      return null;
    }
    if (floor === null) return null;
    for (let older = revision - 1; older >= Math.max(0, floor, revision - STALE_REVISIONS_SEARCHED); older--) {
      const key = pageCacheKey({ revision: older, url, release, markdown });
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
    if (!canServeFromCache(request) || isOperatorBypass(request, options.bypassToken?.(c))) {
      await next();
      setResponseHeader(c, 'X-Cache', 'BYPASS');
      return;
    }
    const store = new KvPageCacheStore(c.env.PAGE_CACHE);
    const revision = await currentRevision(c, store);
    const release = (typeof options.release === 'function' ? options.release(c) : options.release) ?? '';
    // Both forms of a page that negotiates (HTML, Markdown) have their own entry.
    const markdown = prefersMarkdown(request.headers.get('Accept'));
    const key = revision === null ? null : pageCacheKey({ revision, url: new URL(request.url), release, markdown });
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
      const stale = entry ?? (revision === null ? null : await olderCopy(store, revision, new URL(request.url), release, markdown));
      if (stale) replaceResponse(c, cachedResponse(request, stale, clock(), 'STALE'));
      else setResponseHeader(c, 'X-Cache', 'MISS');
      return;
    }
    setResponseHeader(c, 'X-Cache', 'MISS');
    if (c.error !== undefined) return;
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
