// The page cache inside workerd with real local KV (and the seeded D1 for the revision fallback).
// The middleware is exercised through a tiny Hono app whose handlers count their calls: a hit must
// run no handler and read no revision from D1. Each test uses its own host, so keys never collide.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono, type MiddlewareHandler } from 'hono';
import { expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import type { AppEnv } from '#src/http/app-env';
import { cacheRules } from '#src/http/cache-rules';
import { pageCache, type PageCacheOptions } from '#src/page-cache/page-cache';
import { pageCacheKey } from '#src/page-cache/key';
import { D1ContentRepository } from '#src/platform/d1/content-repository';
import { CONTENT_REVISION_KEY, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import { countingD1, downD1 } from '../../fixtures/failing-bindings';

const PAGE = '<!DOCTYPE html><html><body><h1>Wind farm opens</h1></body></html>';
const htmlHeaders = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.page };
let hostCounter = 0;
const uniqueOrigin = () => `https://cache-${Date.now().toString(36)}-${++hostCounter}.test`;

interface TestApp {
  readonly app: Hono<AppEnv>;
  readonly calls: { handler: number; revisionFromDb: number };
  /** Its own client build: keys hold no host, so this keeps the tests' entries apart. */
  readonly build: string;
  fail: boolean;
}

/** A page route, a private route and a streaming route behind the page cache, counting their work. */
function cachedApp(options: Partial<PageCacheOptions> & { build?: string } = {}, outer: MiddlewareHandler<AppEnv>[] = []): TestApp {
  const state: TestApp = { app: new Hono<AppEnv>(), calls: { handler: 0, revisionFromDb: 0 }, build: options.build ?? `test-${++hostCounter}`, fail: false };
  const { app, calls } = state;
  for (const middleware of outer) app.use('*', middleware);
  app.use(
    '*',
    pageCache({
      readPointersFromDb: async () => {
        calls.revisionFromDb += 1;
        return { revision: 1, lastWithdrawal: 0 };
      },
      revisionMemoMs: 0,
      ...options,
      build: state.build,
    }),
  );
  app.get('/story', (c) => {
    calls.handler += 1;
    if (state.fail) throw new Error('D1_ERROR: database unavailable');
    return c.body(PAGE, 200, { ...htmlHeaders, 'Set-Cookie': 'visitor=1; Path=/' });
  });
  app.get('/private', (c) => {
    calls.handler += 1;
    return c.body(PAGE, 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.private });
  });
  app.get('/missing', (c) => {
    calls.handler += 1;
    return c.body('Not found', 404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.error });
  });
  // What app.onError does for unexpected errors: an error page, never cached.
  app.onError((_error, c) => c.body('Something went wrong', 503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': cacheRules.error }));
  return state;
}

/** One request with its own execution context, waiting for the background cache fill. */
async function send(app: Hono<AppEnv>, url: string, init: RequestInit = {}, bindings: object = env) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, init), bindings, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body, status: response.status, header: (name: string) => response.headers.get(name) };
}

async function setRevision(revision: number | null): Promise<void> {
  if (revision === null) await env.PAGE_CACHE.delete(CONTENT_REVISION_KEY);
  else await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, String(revision));
}

test('a first request misses and stores the page; the next is a hit that runs no handler and reads nothing from D1', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const url = `${uniqueOrigin()}/story`;

  const miss = await send(app, url);
  expect(miss.status).toBe(200);
  expect(miss.header('X-Cache')).toBe('MISS');
  expect(miss.body).toBe(PAGE);

  const hit = await send(app, url);
  expect(hit.status).toBe(200);
  expect(hit.header('X-Cache')).toBe('HIT');
  expect(hit.body).toBe(PAGE);
  expect(hit.header('Content-Type')).toBe('text/html; charset=utf-8');
  expect(hit.header('Cache-Control')).toBe(cacheRules.page);
  expect(hit.header('ETag')).toMatch(/^"[0-9a-f]{32}"$/);
  expect(Number(hit.header('Age'))).toBeGreaterThanOrEqual(0);
  expect(calls).toEqual({ handler: 1, revisionFromDb: 0 });
});

test('a repeat hit in the same isolate is answered from its own copy: the same bytes, no KV read; an expired copy is read again', async () => {
  await setRevision(1);
  let now = Date.now();
  const { app, calls } = cachedApp({ now: () => now });
  const url = `${uniqueOrigin()}/story`;
  const reads = vi.spyOn(env.PAGE_CACHE, 'getWithMetadata');
  expect((await send(app, url)).header('X-Cache')).toBe('MISS');
  // The first hit reads KV; the ones after it do not, and the body survives being served twice.
  for (let visit = 0; visit < 3; visit++) {
    const hit = await send(app, url);
    expect([hit.header('X-Cache'), hit.body]).toEqual(['HIT', PAGE]);
  }
  expect(reads).toHaveBeenCalledTimes(2);
  // Past its freshness, the isolate's copy is no answer: KV is asked again (and its copy is as old).
  now += 2 * 3600 * 1000;
  const later = await send(app, url);
  expect(reads).toHaveBeenCalledTimes(3);
  expect(later.header('X-Cache')).toBe('MISS');
  expect(calls.handler).toBe(2);
});

test('Set-Cookie reaches the visitor who caused the miss but is stripped from the stored copy', async () => {
  await setRevision(1);
  const { app, build } = cachedApp();
  const url = `${uniqueOrigin()}/story`;

  const miss = await send(app, url);
  expect(miss.header('Set-Cookie')).toBe('visitor=1; Path=/');

  const stored = await env.PAGE_CACHE.getWithMetadata<StoredPageMetadata>(pageCacheKey({ revision: 1, address: '/story', build }), 'text');
  expect(stored.value).toBe(PAGE);
  expect(stored.metadata?.h.map(([name]) => name)).not.toContain('set-cookie');

  const hit = await send(app, url);
  expect(hit.header('X-Cache')).toBe('HIT');
  expect(hit.header('Set-Cookie')).toBeNull();
});

test('If-None-Match with the stored ETag gets a 304 without a body', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const url = `${uniqueOrigin()}/story`;
  await send(app, url);
  const etag = (await send(app, url)).header('ETag')!;

  const notModified = await send(app, url, { headers: { 'If-None-Match': etag } });
  expect(notModified.status).toBe(304);
  expect(notModified.body).toBe('');
  expect(notModified.header('ETag')).toBe(etag);
  expect(notModified.header('Cache-Control')).toBe(cacheRules.page);

  const changed = await send(app, url, { headers: { 'If-None-Match': '"something-else"' } });
  expect(changed.status).toBe(200);
  expect(changed.body).toBe(PAGE);
  expect(calls.handler).toBe(1);
});

test('a route’s own ETag and Last-Modified are kept, so revalidation agrees across misses and hits', async () => {
  await setRevision(1);
  const { app } = cachedApp();
  app.get('/feed', (c) =>
    c.body('<rss/>', 200, { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': cacheRules.feed, ETag: 'W/"feed-1"', 'Last-Modified': 'Sun, 22 Nov 2026 09:00:00 GMT' }),
  );
  const url = `${uniqueOrigin()}/feed`;
  expect((await send(app, url)).header('ETag')).toBe('W/"feed-1"');
  const hit = await send(app, url);
  expect(hit.header('X-Cache')).toBe('HIT');
  expect(hit.header('ETag')).toBe('W/"feed-1"');
  expect((await send(app, url, { headers: { 'If-None-Match': 'W/"feed-1"' } })).status).toBe(304);
  const sinceModified = await send(app, url, { headers: { 'If-Modified-Since': 'Sun, 22 Nov 2026 09:00:00 GMT' } });
  expect(sinceModified.status).toBe(304);
  expect(sinceModified.header('Last-Modified')).toBe('Sun, 22 Nov 2026 09:00:00 GMT');
});

test('a HEAD request is answered from the cache without a body', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const url = `${uniqueOrigin()}/story`;
  await send(app, url);
  const head = await send(app, url, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.header('X-Cache')).toBe('HIT');
  expect(head.body).toBe('');
  expect(calls.handler).toBe(1);
});

test('a new content revision misses, so no page from before an import survives it', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const url = `${uniqueOrigin()}/story`;
  await send(app, url);
  expect((await send(app, url)).header('X-Cache')).toBe('HIT');

  await setRevision(2);
  expect((await send(app, url)).header('X-Cache')).toBe('MISS');
  expect((await send(app, url)).header('X-Cache')).toBe('HIT');
  expect(calls.handler).toBe(2);
});

test('a new client build misses too, so a deploy never serves HTML naming the previous build’s assets', async () => {
  await setRevision(1);
  const before = cachedApp({ build: 'build-1' });
  const url = `${uniqueOrigin()}/story`;
  await send(before.app, url);
  expect((await send(before.app, url)).header('X-Cache')).toBe('HIT');
  const after = cachedApp({ build: 'build-2' });
  expect((await send(after.app, url)).header('X-Cache')).toBe('MISS');
  expect(after.calls.handler).toBe(1);
});

test('an isolate trusts the revision it read for a few seconds, then reads it again', async () => {
  await setRevision(1);
  let now = 1_000_000;
  const { app, calls } = cachedApp({ revisionMemoMs: 5_000, now: () => now });
  const url = `${uniqueOrigin()}/story`;
  await send(app, url);
  await setRevision(2);
  expect((await send(app, url)).header('X-Cache')).toBe('HIT');
  now += 5_000;
  expect((await send(app, url)).header('X-Cache')).toBe('MISS');
  expect(calls.handler).toBe(2);
});

test('private, no-store and non-200 responses are never stored', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const origin = uniqueOrigin();
  for (const path of ['/private', '/missing']) {
    await send(app, `${origin}${path}`);
    const again = await send(app, `${origin}${path}`);
    expect(again.header('X-Cache')).toBe('MISS');
  }
  expect(calls.handler).toBe(4);
});

test('session cookies, Authorization, ?preview and unknown parameters are no way around the cache', async () => {
  await setRevision(1);
  const { app, calls } = cachedApp();
  const origin = uniqueOrigin();
  expect((await send(app, `${origin}/story`)).header('X-Cache')).toBe('MISS');
  const served = [
    await send(app, `${origin}/story`, { headers: { Cookie: 'newsroom_session=abc' } }),
    await send(app, `${origin}/story`, { headers: { Authorization: 'Bearer token' } }),
    await send(app, `${origin}/story?preview=1`),
    await send(app, `${origin}/story?x=${crypto.randomUUID()}`),
    await send(app, `${origin}/story`, { headers: { Cookie: 'consent=true' } }),
  ];
  for (const response of served) expect(response.header('X-Cache')).toBe('HIT');
  expect(calls.handler).toBe(1);
});

test('stale-if-error: when the handler fails after the copy expired, the copy is served', async () => {
  await setRevision(1);
  let now = 1_000_000;
  const state = cachedApp({ now: () => now });
  const url = `${uniqueOrigin()}/story`;
  await send(state.app, url);

  now += 301_000; // past s-maxage=300
  state.fail = true;
  const stale = await send(state.app, url);
  expect(stale.status).toBe(200);
  expect(stale.header('X-Cache')).toBe('STALE');
  expect(stale.header('Age')).toBe('301');
  expect(stale.header('Cache-Control')).toBe(cacheRules.page);
  expect(stale.body).toBe(PAGE);

  // With D1 back, the expired copy is replaced.
  state.fail = false;
  expect((await send(state.app, url)).header('X-Cache')).toBe('MISS');
  expect((await send(state.app, url)).header('X-Cache')).toBe('HIT');
  expect(state.calls.handler).toBe(3);
});

test('without a stored copy, a failing handler’s error page passes through', async () => {
  await setRevision(1);
  const state = cachedApp();
  state.fail = true;
  const failed = await send(state.app, `${uniqueOrigin()}/story`);
  expect(failed.status).toBe(503);
  expect(failed.header('X-Cache')).toBe('MISS');
  expect(failed.header('Cache-Control')).toBe(cacheRules.error);
});

test('a miss streams the body to the visitor while the copy is stored', async () => {
  await setRevision(1);
  const { app } = cachedApp();
  let finish!: () => void;
  const released = new Promise<void>((resolve) => (finish = resolve));
  const encoder = new TextEncoder();
  app.get('/slow', (c) =>
    c.body(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('<p>first</p>'));
          void released.then(() => {
            controller.enqueue(encoder.encode('<p>second</p>'));
            controller.close();
          });
        },
      }),
      200,
      htmlHeaders,
    ),
  );
  const url = `${uniqueOrigin()}/slow`;
  const ctx = createExecutionContext();
  // The response and its first chunk arrive while the handler is still holding the rest back.
  const response = await app.fetch(new Request(url), env, ctx);
  const reader = response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toBe('<p>first</p>');
  finish();
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
  expect(rest).toBe('<p>second</p>');
  await waitOnExecutionContext(ctx);

  const hit = await send(app, url);
  expect(hit.header('X-Cache')).toBe('HIT');
  expect(hit.body).toBe('<p>first</p><p>second</p>');
});

test('without a revision in KV it is read once from D1 and written back for the next isolate', async () => {
  await setRevision(null);
  const repository = new D1ContentRepository(env.DB);
  const seeded = (await repository.getSiteContext())!.revision;
  let reads = 0;
  const { app } = cachedApp({
    readPointersFromDb: async () => {
      reads += 1;
      const revision = (await new D1ContentRepository(env.DB).getSiteContext())?.revision;
      return revision === undefined ? null : { revision, lastWithdrawal: 0 };
    },
    revisionMemoMs: 60_000,
  });
  const url = `${uniqueOrigin()}/story`;
  await send(app, url);
  expect((await send(app, url)).header('X-Cache')).toBe('HIT');
  expect(reads).toBe(1);
  expect(JSON.parse((await env.PAGE_CACHE.get(CONTENT_REVISION_KEY))!)).toEqual({ revision: seeded, lastWithdrawal: 0, changedAt: null });
  await setRevision(null);
});

test('with KV down, pages render from the handler and the failure is logged', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const unavailable = () => Promise.reject(new Error('KV unavailable'));
  const brokenKv = { get: unavailable, getWithMetadata: unavailable, put: unavailable, delete: unavailable, list: unavailable };
  const { app, calls } = cachedApp();
  const url = `${uniqueOrigin()}/story`;
  for (let i = 0; i < 2; i++) {
    const page = await send(app, url, {}, { ...env, PAGE_CACHE: brokenKv });
    expect(page.status).toBe(200);
    expect(page.body).toBe(PAGE);
    expect(page.header('X-Cache')).toBe('MISS');
  }
  expect(calls.handler).toBe(2);
  expect(warn).toHaveBeenCalled();
  expect(String(warn.mock.calls[0]![0])).toContain('KV unavailable');
});

// The last two tests go through the real app (createApp), so they hold whatever src/app.tsx
// wires: the security headers outside the page cache, the newsroom and the page's own policy
// inside it. A hit must not load the newsroom at all.

/** The real app, each request with its own execution context; `bindings` replace the test env's. */
/** The real app, its page-cache entries under a build named after the test's origin (keys hold no host). */
async function sendToApp(url: string, bindings: Partial<Cloudflare.Env> = {}) {
  return send(createApp({ build: new URL(url).host }), url, {}, { ...env, ...bindings });
}

async function currentRevision(): Promise<number> {
  return (await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first<{ revision: number }>())!.revision;
}

test('a hit replays the page’s Content-Security-Policy, analytics host included, without loading the newsroom', async () => {
  // The seeded newsroom with Plausible on, as an import would leave it: under a new revision.
  const bump = 'UPDATE content_revision SET revision = revision + 1 WHERE id = 1';
  await env.DB.batch([env.DB.prepare('UPDATE newsroom SET is_plausible_enabled = 1'), env.DB.prepare(bump)]);
  try {
    await setRevision(await currentRevision());
    const url = `${uniqueOrigin()}/`;
    const miss = await sendToApp(url);
    expect(miss.header('X-Cache')).toBe('MISS');
    const d1 = countingD1();
    const hit = await sendToApp(url, { DB: d1.db });
    expect(hit.header('X-Cache')).toBe('HIT');
    expect(d1.calls).toEqual([]);
    for (const response of [miss, hit]) {
      const csp = response.header('Content-Security-Policy')!;
      expect(csp).toContain("script-src 'self' https://plausible.io");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.header('Strict-Transport-Security')).toContain('max-age=');
      expect(response.header('X-Content-Type-Options')).toBe('nosniff');
    }
  } finally {
    await env.DB.batch([env.DB.prepare('UPDATE newsroom SET is_plausible_enabled = 0'), env.DB.prepare(bump)]);
    await setRevision(null);
  }
});

test('error pages and stale copies carry the security headers too', async () => {
  await setRevision(await currentRevision());
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const origin = uniqueOrigin();
  const failed = await sendToApp(`${origin}/`, { DB: downD1() });
  expect(failed.status).toBe(503);
  expect(failed.header('Content-Security-Policy')).toContain("script-src 'self';");
  expect(failed.header('Referrer-Policy')).toBe('strict-origin-when-cross-origin');

  const url = `${origin}/english-story-03`;
  expect((await sendToApp(url)).header('X-Cache')).toBe('MISS');
  // The stored copy (found by its build, named after the origin), aged past its freshness.
  const { keys } = await env.PAGE_CACHE.list();
  const [key] = keys.map(({ name }) => name).filter((name) => name.includes(new URL(origin).host));
  const stored = await env.PAGE_CACHE.getWithMetadata<StoredPageMetadata>(key!, 'arrayBuffer');
  await env.PAGE_CACHE.put(key!, stored.value!, { metadata: { ...stored.metadata!, t: stored.metadata!.t - 600_000 } });
  const stale = await sendToApp(url, { DB: downD1() });
  expect(stale.header('X-Cache')).toBe('STALE');
  expect(stale.header('Permissions-Policy')).toContain('camera=()');
  expect(stale.header('Content-Security-Policy')).toContain("default-src 'self'");
  expect(error).toHaveBeenCalled();
  await setRevision(null);
});
