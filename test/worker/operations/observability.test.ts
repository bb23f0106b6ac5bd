// Observability through the real worker (ADR 0028): one JSON line per request with its id, route,
// locale, status, cache result and D1 cost, and the id returned as X-Request-Id; no query and no
// secret in the line; /healthz checking D1 and KV, never cached, limited per client under its own
// name, its result kept a few seconds per isolate, 503 when a store is down; the cron's one
// `go_live` line per run.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { createApp } from '#src/app';
import { cacheRules } from '#src/http/cache-rules';
import { HEALTH_CHECK_TIMEOUT_MS } from '#src/routes/health';
import { SLOW_REQUEST_MS } from '#src/middleware/request-log';
import { runAtomically } from '#src/platform/d1/import-statements';
import { countingD1, downD1, downKv } from '../../fixtures/failing-bindings';
import { testLinkToken } from '../../fixtures/story-links';
import { request } from '../request';

let hostCounter = 0;
/** Each test its own host: page-cache keys never collide with another test's. */
const uniqueOrigin = () => `https://observability-${Date.now().toString(36)}-${++hostCounter}.test`;

type Line = Record<string, unknown>;

/** Every JSON line written with console.log while `work` runs (nothing reaches the output). */
async function logsOf<T>(work: () => Promise<T>): Promise<{ result: T; lines: Line[]; raw: string[] }> {
  const raw: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void raw.push(args.map(String).join(' ')));
  try {
    const result = await work();
    return { result, raw, lines: raw.flatMap((line) => (line.startsWith('{') ? [JSON.parse(line) as Line] : [])) };
  } finally {
    spy.mockRestore();
  }
}

const requestLines = (lines: Line[]) => lines.filter((line) => line.event === 'request');

/** A request through the worker's own fetch, body read. */
async function fetchWorker(url: string, init: RequestInit = {}) {
  const response = await request(url, { redirect: 'manual', ...init });
  const body = await response.text();
  return { response, body };
}

/** A request through a fresh app with some bindings replaced (a store down, a counting limiter). */
async function send(url: string, bindings: Partial<Cloudflare.Env> = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  // Keyed under a build named after the test's own origin: page keys hold no host.
  const response = await createApp({ build: new URL(url).host }).fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...bindings }, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

/** A KV namespace that never answers a read. */
function hangingKv(): KVNamespace {
  const never = () => new Promise<never>(() => {});
  return { get: never, getWithMetadata: never, put: never, delete: never, list: never } as unknown as KVNamespace;
}

async function d1Revision(): Promise<number> {
  return (await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first<{ revision: number }>())!.revision;
}

test('a rendered page writes exactly one request line: route, locale, status, cache MISS and the D1 cost Server-Timing reports', async () => {
  const origin = uniqueOrigin();
  const { result, lines } = await logsOf(() => fetchWorker(`${origin}/fr/category/produits`));
  const [line, ...others] = requestLines(lines);
  expect(others).toEqual([]);
  expect(result.response.status).toBe(200);
  const timing = result.response.headers.get('Server-Timing') ?? '';
  const [, roundTrips, statements] = timing.match(/d1;desc="round trips: (\d+), statements: (\d+)"/) ?? [];
  expect(roundTrips).toBeDefined();
  expect(line).toEqual({
    event: 'request',
    requestId: result.response.headers.get('X-Request-Id'),
    method: 'GET',
    path: '/fr/category/produits',
    route: '/:locale/category/:slug',
    locale: 'fr',
    status: 200,
    cache: 'MISS',
    d1RoundTrips: Number(roundTrips),
    d1Statements: Number(statements),
    durationMs: expect.any(Number),
  });
  expect(Number(roundTrips)).toBeGreaterThan(0);
});

test('with REQUEST_LOG=errors-and-slow (npm start) a quick answer writes no line and a server error writes its line', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const local = { REQUEST_LOG: 'errors-and-slow' } as Partial<Cloudflare.Env>;
  const origin = uniqueOrigin();
  const { result, lines } = await logsOf(async () => {
    const page = await send(`${origin}/category/company-news`, local);
    const missing = await send(`${origin}/no-such-story`, local);
    const down = await send(`${origin}/category/products`, { ...local, DB: downD1() });
    return [page, missing, down].map(({ response }) => response.status);
  });
  expect(result[0]).toBe(200);
  expect(result[1]).toBe(404);
  expect(result[2]).toBeGreaterThanOrEqual(500);
  // Quick and fine: no line (a 200 slower than SLOW_REQUEST_MS would still write one).
  expect(requestLines(lines).filter((line) => (line.durationMs as number) < SLOW_REQUEST_MS).map((line) => [line.path, line.status])).toEqual([['/category/products', result[2]]]);
  vi.restoreAllMocks();
});

test('a cache hit is logged as HIT with no D1 cost, under the route that would have answered', async () => {
  const url = `${uniqueOrigin()}/category/company-news`;
  await fetchWorker(url);
  const { result, lines } = await logsOf(() => fetchWorker(url));
  expect(result.response.headers.get('X-Cache')).toBe('HIT');
  expect(requestLines(lines)).toEqual([
    expect.objectContaining({ path: '/category/company-news', route: '/category/:slug', status: 200, cache: 'HIT', d1RoundTrips: 0, d1Statements: 0 }),
  ]);
});

test('a 404, a POST and a refused method are logged with their status and cache result', async () => {
  const origin = uniqueOrigin();
  const { lines } = await logsOf(async () => {
    await fetchWorker(`${origin}/no-such-story`);
    await fetchWorker(`${origin}/api/fetch-stories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 1 }) });
    await fetchWorker(`${origin}/api/search?query=story`, { method: 'POST' });
  });
  expect(requestLines(lines)).toEqual([
    expect.objectContaining({ method: 'GET', path: '/no-such-story', route: '/:slug', status: 404, cache: 'MISS' }),
    expect.objectContaining({ method: 'POST', path: '/api/fetch-stories', route: '/api/fetch-stories', status: 200, cache: 'BYPASS' }),
    // The 405 answer replaces the page cache's (it names no X-Cache).
    expect.objectContaining({ method: 'POST', path: '/api/search', route: null, status: 405, cache: null }),
  ]);
});

test("Cloudflare's ray id is the request id, in the line and in X-Request-Id; without one each request gets its own", async () => {
  const origin = uniqueOrigin();
  const { result, lines } = await logsOf(() => fetchWorker(`${origin}/robots.txt`, { headers: { 'cf-ray': '8a1b2c3d4e5f6789-LHR' } }));
  expect(result.response.headers.get('X-Request-Id')).toBe('8a1b2c3d4e5f6789-LHR');
  expect(requestLines(lines)[0]).toMatchObject({ requestId: '8a1b2c3d4e5f6789-LHR', route: '/robots.txt' });

  const first = await fetchWorker(`${origin}/robots.txt`);
  const second = await fetchWorker(`${origin}/robots.txt`);
  const ids = [first.response.headers.get('X-Request-Id'), second.response.headers.get('X-Request-Id')];
  expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(ids[1]).not.toBe(ids[0]);
});

test('a cached page is not stored with the request id of the visit that filled the cache', async () => {
  const url = `${uniqueOrigin()}/`;
  const miss = await fetchWorker(url);
  const hit = await fetchWorker(url);
  expect(hit.response.headers.get('X-Cache')).toBe('HIT');
  expect(hit.response.headers.get('X-Request-Id')).not.toBe(miss.response.headers.get('X-Request-Id'));
});

test('no query and no secret reaches the log: search terms and secret-link tokens are left out', async () => {
  const origin = uniqueOrigin();
  const { uuid } = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'draft-story'").first<{ uuid: string }>())!;
  const token = await testLinkToken(uuid);
  const { raw, lines } = await logsOf(async () => {
    await fetchWorker(`${origin}/search?query=confidential-merger-plans`);
    await fetchWorker(`${origin}/s/${token}`);
    await fetchWorker(`${origin}/s/${token}.json`);
  });
  const logged = requestLines(lines);
  expect(logged.map((line) => [line.path, line.status])).toEqual([
    ['/search', 200],
    ['/s/:token', 200],
    ['/s/:token', 200],
  ]);
  expect(logged.map((line) => line.route)).toEqual(['/search', '/s/:token', '/s/:file']);
  expect(raw.join('\n')).not.toContain('confidential-merger-plans');
  expect(raw.join('\n')).not.toContain(token);
});

test('/healthz answers 200 with both stores and the revision, no-store, and leaves nothing in the page cache', async () => {
  const origin = uniqueOrigin();
  const { result, lines } = await logsOf(() => fetchWorker(`${origin}/healthz`));
  expect(result.response.status).toBe(200);
  expect(result.response.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(result.response.headers.get('Cache-Control')).toBe(cacheRules.health);
  expect(cacheRules.health).toBe('no-store');
  expect(result.response.headers.get('X-Cache')).toBeNull();
  expect(JSON.parse(result.body)).toEqual({ status: 'ok', d1: 'ok', kv: 'ok', revision: await d1Revision() });
  expect(requestLines(lines)).toEqual([expect.objectContaining({ path: '/healthz', route: '/healthz', status: 200, cache: null })]);

  const head = await fetchWorker(`${origin}/healthz`, { method: 'HEAD' });
  expect([head.response.status, head.body]).toEqual([200, '']);

  const host = new URL(origin).host;
  const keys = (await env.PAGE_CACHE.list()).keys.map((key) => key.name);
  expect(keys.filter((name) => name.includes(host) || name.includes('healthz'))).toEqual([]);
});

test('/healthz loads no newsroom (one D1 round trip) and counts each client under its own name, never against its render budget', async () => {
  const d1 = countingD1();
  const keys: string[] = [];
  const limiter = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: !key.startsWith('render:') }) } as RateLimit;
  const headers = { 'CF-Connecting-IP': '192.0.2.77' };
  const origin = uniqueOrigin();

  const health = await send(`${origin}/healthz`, { DB: d1.db, RENDER_LIMITER: limiter }, { headers });
  expect(health.response.status).toBe(200);
  expect(d1.calls).toEqual(['prepare', 'batch']);
  expect(keys).toEqual(['health:192.0.2.77']);

  // The same client, refused by the limiter for a page.
  const page = await send(`${origin}/english-story-03`, { RENDER_LIMITER: limiter }, { headers });
  expect(page.response.status).toBe(429);
  expect(keys).toEqual(['health:192.0.2.77', 'render:192.0.2.77']);
});

test('/healthz over its client limit is a 429 that probes no store', async () => {
  const d1 = countingD1();
  const limiter = { limit: async () => ({ success: false }) } as RateLimit;
  const health = await send(`${uniqueOrigin()}/healthz`, { DB: d1.db, RENDER_LIMITER: limiter }, { headers: { 'CF-Connecting-IP': '192.0.2.78' } });
  expect(health.response.status).toBe(429);
  expect(health.response.headers.get('Retry-After')).toBe('60');
  expect(d1.calls).toEqual([]);
});

test('/healthz probes the stores once per isolate for a few seconds: repeated checks cost no D1 statement or KV read', async () => {
  const d1 = countingD1();
  const reads = vi.spyOn(env.PAGE_CACHE, 'get');
  const app = createApp();
  const check = async () => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${uniqueOrigin()}/healthz`), { ...env, DB: d1.db }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, body: await response.json() };
  };
  const first = await check();
  const readsAfterFirst = reads.mock.calls.length;
  for (let i = 0; i < 5; i++) expect(await check()).toEqual(first);
  expect(first).toEqual({ status: 200, body: { status: 'ok', d1: 'ok', kv: 'ok', revision: await d1Revision() } });
  expect(d1.calls).toEqual(['prepare', 'batch']);
  expect(reads.mock.calls.length).toBe(readsAfterFirst);
  reads.mockRestore();
});

test.each([
  ['D1 down', { DB: downD1() }, { status: 'degraded', d1: 'error', kv: 'ok' }, false],
  ['KV down', { PAGE_CACHE: downKv() }, { status: 'degraded', d1: 'ok', kv: 'error' }, true],
  ['both down', { DB: downD1(), PAGE_CACHE: downKv() }, { status: 'degraded', d1: 'error', kv: 'error' }, false],
])('/healthz with %s answers 503 naming the store, no-store, without internals, and logs why', async (_case, bindings, expected, withRevision) => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const { result } = await logsOf(() => send(`${uniqueOrigin()}/healthz`, bindings));
  expect(result.response.status).toBe(503);
  expect(result.response.headers.get('Cache-Control')).toBe('no-store');
  const body = JSON.parse(result.body) as Record<string, unknown>;
  // The revision only when D1 answered.
  expect(body).toEqual(withRevision ? { ...expected, revision: await d1Revision() } : expected);
  expect(result.body).not.toMatch(/D1_ERROR|KV GET|Network/);
  const warnings = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as Line);
  expect(warnings).toEqual([expect.objectContaining({ event: 'health_check_failed', d1: expected.d1, kv: expected.kv })]);
});

test('/healthz with a KV that never answers gives up after its timeout: 503 with kv "timeout"', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const started = Date.now();
  const { result } = await logsOf(() => send(`${uniqueOrigin()}/healthz`, { PAGE_CACHE: hangingKv() }));
  expect(result.response.status).toBe(503);
  expect(JSON.parse(result.body)).toMatchObject({ status: 'degraded', d1: 'ok', kv: 'timeout' });
  expect(Date.now() - started).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS * 5);
});

test('the cron writes one go_live line per run: what went live, the revision, the duration; an idle run too', async () => {
  try {
    const at = Date.UTC(2026, 10, 23, 9, 0);
    await env.DB.prepare("UPDATE stories SET status = 'scheduled', visibility = 'public', published_at = ?1 WHERE slug = 'draft-story'").bind(at / 1000).run();
    const { uuid } = (await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'draft-story'").first<{ uuid: string }>())!;
    // The go-live work is recorded, not consumed: this test is about the cron's line.
    const jobs = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
    const run = async (time: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: time, cron: '* * * * *' }), { ...env, JOBS: jobs }, ctx);
      await waitOnExecutionContext(ctx);
    };

    const { lines } = await logsOf(() => run(at));
    const goLive = lines.filter((line) => line.event === 'go_live');
    expect(goLive).toEqual([
      {
        event: 'go_live',
        cron: '* * * * *',
        scheduledTime: new Date(at).toISOString(),
        published: 1,
        stories: [{ uuid, slug: 'draft-story', locale: 'en' }],
        galleries: [],
        revision: await d1Revision(),
        enqueuedEvents: 1,
        durationMs: expect.any(Number),
      },
    ]);

    const idle = await logsOf(() => run(at + 60_000));
    expect(idle.lines.filter((line) => line.event === 'go_live')).toEqual([expect.objectContaining({ published: 0, stories: [], galleries: [], revision: null, enqueuedEvents: 0 })]);
  } finally {
    // Back to the seeded newsroom (the import's own statements), for the tests after this one.
    await env.DB.batch([env.DB.prepare('DELETE FROM publish_events'), env.DB.prepare('DELETE FROM alert_deliveries'), env.DB.prepare('DELETE FROM outbox')]);
    await runAtomically(env.DB, env.TEST_SEED);
  }
});
