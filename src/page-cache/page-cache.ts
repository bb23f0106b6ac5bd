/**
 * The page cache: public pages, feeds and JSON alternates copied into KV so that a repeat visit
 * costs one KV read and no D1 query at all, and a repeat hit in the same isolate not even that
 * (./hot-pages.ts).
 *
 * The feature is this folder: the policy (what may be served from the cache, what may be stored,
 * how long an entry is fresh) in ./policy.ts and the key in ./key.ts, as small tested functions;
 * the queries each route reads (./declared-queries.ts); the revision pointers (./content-revision.ts);
 * the isolate's hot copies (./hot-pages.ts); storing a copy (./fill.ts); the cron's pre-rendering
 * (./prerender.ts); and this module, the Hono middleware that applies them. Its one adapter is the
 * KV store, src/platform/kv/page-cache-store.ts (built in src/adapters.ts). Decisions and trade-offs:
 * docs/decisions/0011-page-cache.md.
 *
 * - Keys hold the content revision (./content-revision.ts), so an import makes every older page
 *   unreachable at once: nothing is purged by hand.
 * - A miss streams the handler's body to the visitor and stores a tee'd copy in the background
 *   (`waitUntil`, ./fill.ts), so the first visitor is not slowed by the cache fill.
 * - Right after a new revision, a page it has not rendered yet is answered at once with the
 *   previous revision's copy (when that copy is still within its freshness and no withdrawal came
 *   between), and this revision's copy is rendered in the background. The cron pre-renders the
 *   busiest pages (src/page-cache/prerender.ts), so most visitors never see either.
 * - Entries outlive their freshness (the response's `s-maxage`) by its `stale-if-error` window:
 *   when the handler fails (D1 down: a 5xx), the expired copy is served instead of an error page,
 *   or, when the current revision has no copy yet, the copy of one of the few revisions before it.
 * - A page sent before its data was read (src/http/render-page.ts) is stored only if it was sent
 *   whole: one that failed on the way ended with the error page, under a 200 it could not take back.
 * - Every KV failure is logged and ignored: without KV, pages render from D1 as if uncached.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '#src/http/app-env';
import { prefersMarkdown } from '#src/domain/content-negotiation';
import { pageCacheStoreOf } from '#src/adapters';
import type { KvPageCacheStore, StoredPage } from '#src/platform/kv/page-cache-store';
import type { CanonicalQuery } from './declared-queries';
import { createRevisionReader, warnKvFailure } from './content-revision';
import { HotPages } from './hot-pages';
import { storeCopy, type PendingCopy } from './fill';
import { canonicalAddress, declaredQueryOf, fitsKvKey, keyedAddress, pageCacheKey } from './key';
import { REVISION_MEMO_MS, STALE_REVISIONS_SEARCHED, isRecentChange, canServeFromCache, canStoreResponse, storedHeaders, ageSeconds, isFresh } from './policy';
import { isOperatorBypass } from '#src/http/operator-bypass';
import { isNotModified, notModifiedResponse } from '#src/http/conditional-get';
import { replaceResponse, runAfterResponse, setResponseHeader } from '#src/http/responses';

export type CacheStatus = 'HIT' | 'STALE' | 'MISS' | 'BYPASS';

export interface PageCacheOptions {
  /**
   * The revision and last withdrawal from D1, used when KV has none (a fresh namespace, an import
   * that did not write KV). Called at most once per isolate per `revisionMemoMs`; keep it one statement.
   */
  readonly readPointersFromDb: (c: Context<AppEnv>) => Promise<{ revision: number; lastWithdrawal: number } | null>;
  /**
   * Part of every key: the client build (CLIENT_BUILD, with the configuration's fingerprint), so
   * a deploy with other browser assets or variables starts from fresh entries and never serves
   * HTML naming assets it no longer has.
   */
  readonly build?: string | ((c: Context<AppEnv>) => string);
  /**
   * The query parameters each route reads (src/page-cache/declared-queries.ts): the key holds their
   * canonical values and nothing else of the query. Without it, no query is part of any key.
   */
  readonly declaredQueries?: ReadonlyMap<string, CanonicalQuery>;
  /** The operator's bypass secret (PAGE_CACHE_BYPASS_TOKEN), if the deployment has one. */
  readonly bypassToken?: (c: Context<AppEnv>) => string | undefined;
  /**
   * Renders a request through the whole app (`app.fetch`), for the background render that follows
   * a previous revision's copy. Without it, such a page is simply rendered for the visitor.
   */
  readonly render?: (request: Request, env: CloudflareBindings, ctx: Context<AppEnv>['executionCtx']) => Response | Promise<Response>;
  /** How long an isolate trusts a revision it read (tests pass 0). */
  readonly revisionMemoMs?: number;
  /** The clock, in ms (tests move it to make entries stale). */
  readonly now?: () => number;
}

/**
 * Requests made to fill the cache (the background render after a previous revision's copy, the
 * cron's pre-rendering): they render and store, never answer from an older copy. Only this
 * worker's own code can create one; nothing a stranger sends marks a request so.
 */
const fillRequests = new WeakSet<Request>();

/** Whether `request` is one of this worker's own fill requests (not a reader: readership skips it). */
export function isCacheFillRequest(request: Request): boolean {
  return fillRequests.has(request);
}

/** A GET of `url` that renders the page into the cache; `accept` picks the form (HTML, Markdown). */
export function cacheFillRequest(url: string, accept = 'text/html'): Request {
  const request = new Request(url, { headers: { Accept: accept } });
  fillRequests.add(request);
  return request;
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

interface CopyAddress {
  /** The page's canonical address, as keys hold it (./key.ts). */
  readonly address: string;
  readonly build: string;
  readonly markdown: boolean;
}

/**
 * A copy of the page from one of the revisions just before `revision`, newest first, but none
 * from before the last withdrawal (`floor`; unknown: none at all), so withdrawn content never returns.
 */
async function olderCopy(store: KvPageCacheStore, revision: number, floor: number | null, address: CopyAddress): Promise<StoredPage | null> {
  if (floor === null) return null;
  for (let older = revision - 1; older >= Math.max(0, floor, revision - STALE_REVISIONS_SEARCHED); older--) {
    const key = pageCacheKey({ revision: older, ...address });
    if (!fitsKvKey(key)) return null;
    try {
      const entry = await store.get(key);
      if (entry) return entry;
    } catch (error) {
      warnKvFailure('get older page', error);
      return null;
    }
  }
  return null;
}

/**
 * The copy of the revision just before `revision`, unless a withdrawal came since (or is
 * unknown): one KV read, on a miss only.
 */
async function previousRevisionCopy(store: KvPageCacheStore, revision: number, floor: number | null, address: CopyAddress): Promise<StoredPage | null> {
  const key = pageCacheKey({ revision: revision - 1, ...address });
  if (revision < 1 || floor === null || floor > revision - 1 || !fitsKvKey(key)) return null;
  try {
    return await store.get(key);
  } catch (error) {
    warnKvFailure('get previous revision page', error);
    return null;
  }
}

/**
 * The page-cache middleware. Mount it after the routes that must never be cached (media) and
 * before the middleware that touches D1 (deps, site): a hit then costs no D1 query.
 */
export function pageCache(options: PageCacheOptions): MiddlewareHandler<AppEnv> {
  const clock = options.now ?? Date.now;
  const currentPointers = createRevisionReader({ readPointersFromDb: options.readPointersFromDb, memoMs: options.revisionMemoMs ?? REVISION_MEMO_MS, now: clock });
  const buildOf = (c: Context<AppEnv>) => (typeof options.build === 'function' ? options.build(c) : (options.build ?? ''));
  const declaredQueries = options.declaredQueries ?? new Map<string, CanonicalQuery>();
  // Keys this isolate is rendering in the background: one render each, however many visitors ask.
  const rendering = new Set<string>();
  // The isolate's copies of the pages it last read from KV: a repeat hit reads no KV.
  const hotPages = new HotPages();

  /** Renders this revision's copy after the response; the previous one answered the visitor. */
  function renderInBackground(c: Context<AppEnv>, key: string, request: Request): void {
    const render = options.render;
    if (!render || rendering.has(key)) return;
    rendering.add(key);
    const work = (async () => {
      try {
        const response = await render(cacheFillRequest(request.url, request.headers.get('Accept') ?? '*/*'), c.env, c.executionCtx);
        await response.arrayBuffer();
      } finally {
        rendering.delete(key);
      }
    })();
    void runAfterResponse(c, work.catch((error: unknown) => warnKvFailure('render in background', error)));
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    const request = c.req.raw;
    const store = pageCacheStoreOf(c.env);
    const pointers = await currentPointers(c, store);
    const revision = pointers?.revision ?? null;
    const floor = pointers?.lastWithdrawal ?? null;
    c.set('contentRevision', revision);
    // Right after an import or a go-live, a replica may not have the new content yet: pages
    // rendered now (and stored under the new revision) read the primary.
    c.set('readPrimary', isRecentChange(pointers, clock()));
    if (!canServeFromCache(request) || isOperatorBypass(request, options.bypassToken?.(c))) {
      await next();
      setResponseHeader(c, 'X-Cache', 'BYPASS');
      return;
    }
    // One entry per page, whatever the spelling of its address; a query its route refuses
    // (answered 400/404, never stored) is looked up nowhere. Both forms of a page that
    // negotiates (HTML, Markdown) have their own entry.
    const canonical = canonicalAddress(c.req.path, c.req.queries(), declaredQueryOf(matchedRoutes(c), declaredQueries));
    const page: CopyAddress | null = canonical === null ? null : { address: await keyedAddress(canonical), build: buildOf(c), markdown: prefersMarkdown(request.headers.get('Accept')) };
    const key = revision === null || page === null ? null : pageCacheKey({ revision, ...page });
    if (revision === null || page === null || key === null || !fitsKvKey(key)) {
      await next();
      setResponseHeader(c, 'X-Cache', 'BYPASS');
      return;
    }

    const startedAt = clock();
    const hot = hotPages.get(key);
    if (hot && isFresh(hot.metadata, startedAt)) return cachedResponse(request, hot, startedAt, 'HIT');
    if (hot) hotPages.delete(key);
    let entry: StoredPage | null = null;
    try {
      entry = await store.get(key);
    } catch (error) {
      warnKvFailure('get page', error);
    }
    if (entry && isFresh(entry.metadata, startedAt)) {
      hotPages.set(key, entry);
      return cachedResponse(request, entry, startedAt, 'HIT');
    }

    // Not rendered under this revision yet: the previous revision's copy, if still fresh, now.
    if (!entry && options.render && !fillRequests.has(request)) {
      const previous = await previousRevisionCopy(store, revision, floor, page);
      if (previous && isFresh(previous.metadata, startedAt)) {
        renderInBackground(c, key, request);
        return cachedResponse(request, previous, startedAt, 'STALE');
      }
    }

    // An expired copy would answer for this page if it failed: the page must keep its status
    // open until its data is read, so it cannot send its first bytes before (src/http/render-page.ts).
    if (entry) c.set('holdFirstByte', true);
    await next();

    // stale-if-error: an expired copy, or one from just before the last import, beats an error
    // page. Errors thrown by handlers reach us already turned into a response by app.onError; a
    // 404 or a redirect is an answer, not a failure, and is passed on.
    if (c.res.status >= 500) {
      const stale = entry ?? (await olderCopy(store, revision, floor, page));
      if (stale) replaceResponse(c, cachedResponse(request, stale, clock(), 'STALE'));
      else setResponseHeader(c, 'X-Cache', 'MISS');
      return;
    }
    setResponseHeader(c, 'X-Cache', 'MISS');
    if (c.error !== undefined) return;
    const response = c.res;
    // A page streamed before its data says no shared cache may keep it (its end may be an error
    // page); this cache alone learns whether it was sent whole (`renderComplete`, ./fill.ts) and
    // keeps that copy under the rule the page has whole, so its hits answer as a whole page does.
    const keptHeaders = new Headers(response.headers);
    if (c.var.wholePageCacheControl) keptHeaders.set('Cache-Control', c.var.wholePageCacheControl);
    if (!response.body || !canStoreResponse({ status: response.status, headers: keptHeaders })) return;

    // The visitor reads one branch as it streams; the other is buffered and stored after the
    // response, so the cache fill adds nothing to the visitor's wait.
    const [forVisitor, forCache] = response.body.tee();
    const copy: PendingCopy = {
      key,
      stream: forCache,
      status: response.status,
      headers: storedHeaders(keptHeaders),
      cacheControl: keptHeaders.get('Cache-Control'),
      etag: response.headers.get('ETag'),
      storedAt: startedAt,
      complete: c.var.renderComplete ?? null,
    };
    replaceResponse(c, new Response(forVisitor, response));
    const pending = runAfterResponse(c, storeCopy(store, copy));
    if (pending) await pending;
  });
}
