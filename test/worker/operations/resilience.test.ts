// Fault injection through the real app (createApp) inside workerd, with the seeded D1 and local KV:
// each test swaps one binding for one that fails the way the real one does (D1 rejecting every
// query, D1 rejecting only search queries, KV rejecting reads and writes) or counts what is asked
// of it. Each test uses its own host, so page-cache keys never collide between tests.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { RETRY_AFTER_SECONDS } from '#src/http/error-page';
import { cacheRules } from '#src/http/cache-rules';
import { KEY_PREFIX } from '#src/page-cache/key';
import { CONTENT_REVISION_KEY, LAST_KNOWN_REVISION_KEY, type StoredPageMetadata } from '#src/platform/kv/page-cache-store';
import { countingD1, D1_DOWN, downD1, downKv } from '../../fixtures/failing-bindings';

const STORY = '/english-story-03';
let hostCounter = 0;
const uniqueOrigin = () => `https://resilience-${Date.now().toString(36)}-${++hostCounter}.test`;
/**
 * The real app, keyed in the page cache under a build named after the test's own origin: page
 * keys hold no host, so this keeps each test's copies apart as a deploy would.
 */
const appFor = (url: string) => createApp({ build: new URL(url).host });

/** The real D1, except that batches holding a statement whose SQL matches `failing` reject. */
function partlyDownD1(failing: RegExp): D1Database {
  const doomed = new WeakSet<object>();
  const fail = () => Promise.reject(new Error(D1_DOWN));
  return {
    prepare(sql: string) {
      if (!failing.test(sql)) return env.DB.prepare(sql);
      const statement = { bind: () => statement, first: fail, all: fail, run: fail, raw: fail };
      doomed.add(statement);
      return statement;
    },
    batch: (statements: D1PreparedStatement[]) => (statements.some((statement) => doomed.has(statement)) ? fail() : env.DB.batch(statements)),
    exec: (sql: string) => env.DB.exec(sql),
    // A session over the same partly failing database (the app reads through sessions).
    withSession: () => partlyDownD1(failing),
  } as unknown as D1Database;
}

async function send(app: ReturnType<typeof createApp>, url: string, bindings: Partial<Cloudflare.Env> = {}, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(url, { redirect: 'manual', ...init }), { ...env, ...bindings }, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, body, header: (name: string) => response.headers.get(name) };
}

async function seededRevision(): Promise<number> {
  const row = await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first<{ revision: number }>();
  return row!.revision;
}

/** Ages a stored page past its freshness, as if it had been stored `minutes` ago. */
async function ageStoredPage(key: string, minutes: number): Promise<void> {
  const { value, metadata } = await env.PAGE_CACHE.getWithMetadata<StoredPageMetadata>(key, 'arrayBuffer');
  expect(value, `a stored copy under ${key}`).not.toBeNull();
  await env.PAGE_CACHE.put(key, value!, { metadata: { ...metadata!, t: metadata!.t - minutes * 60_000 } });
}

/** The outage's log line: one console.error naming the store and D1's own message. */
function expectOutageLogged(error: ReturnType<typeof vi.spyOn>): void {
  expect(error).toHaveBeenCalled();
  const line = JSON.parse(String(error.mock.calls[0]![0])) as { message: string; cause: string };
  expect(line.message).toBe('Store unavailable');
  expect(line.cause).toContain(D1_DOWN);
}

function expectNoInternals(body: string): void {
  expect(body).not.toContain('D1_ERROR');
  expect(body).not.toContain('UnavailableError');
  expect(body).not.toMatch(/\n\s+at /);
}

afterEach(async () => {
  await env.PAGE_CACHE.delete(CONTENT_REVISION_KEY);
  await env.PAGE_CACHE.delete(LAST_KNOWN_REVISION_KEY);
});

test('a cached page is served with zero D1 queries: no call at all reaches the D1 binding on a hit', async () => {
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, String(await seededRevision()));
  const url = `${uniqueOrigin()}${STORY}`;
  const app = appFor(url);

  const missDb = countingD1();
  const miss = await send(app, url, { DB: missDb.db });
  expect(miss.status).toBe(200);
  expect(miss.header('X-Cache')).toBe('MISS');
  expect(missDb.calls.length).toBeGreaterThan(0);

  for (const appForRequest of [app, appFor(url)]) {
    // The same isolate, and a fresh one that must read the revision again (from KV, not D1).
    const hitDb = countingD1();
    const hit = await send(appForRequest, url, { DB: hitDb.db });
    expect(hit.status).toBe(200);
    expect(hit.header('X-Cache')).toBe('HIT');
    expect(hit.body).toBe(miss.body);
    expect(hitDb.calls).toEqual([]);
  }
});

test('with D1 down, an expired copy of the page for the current revision is served (stale-if-error)', async () => {
  const revision = await seededRevision();
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, String(revision));
  const url = `${uniqueOrigin()}${STORY}`;
  const fresh = await send(appFor(url), url);
  expect(fresh.header('X-Cache')).toBe('MISS');
  const [stored] = (await env.PAGE_CACHE.list({ prefix: `${KEY_PREFIX}:${revision}:${new URL(url).host}.` })).keys;
  await ageStoredPage(stored!.name, 10);

  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const stale = await send(appFor(url), url, { DB: downD1() });
  expect(stale.status).toBe(200);
  expect(stale.header('X-Cache')).toBe('STALE');
  expect(Number(stale.header('Age'))).toBeGreaterThanOrEqual(600);
  expect(stale.header('Cache-Control')).toBe(cacheRules.page);
  expect(stale.body).toBe(fresh.body);
  expectOutageLogged(error);
});

test('with D1 down just after an import, the copy from the revision before it is served', async () => {
  const revision = await seededRevision();
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, String(revision));
  const url = `${uniqueOrigin()}${STORY}`;
  const before = await send(appFor(url), url);
  expect(before.status).toBe(200);

  // The import published revision + 1 (KV says so), withdrawing nothing; nobody has visited the page since.
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, JSON.stringify({ revision: revision + 1, lastWithdrawal: 0, changedAt: Date.now() }));
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const stale = await send(appFor(url), url, { DB: downD1() });
  expect(stale.status).toBe(200);
  expect(stale.header('X-Cache')).toBe('STALE');
  expect(stale.body).toBe(before.body);
  expectOutageLogged(error);
});

test.each([
  ['that withdrew a public address', (revision: number) => revision + 1],
  ['whose withdrawals KV does not know', null],
])('with D1 down just after an import %s, no copy from before it is served', async (_name, withdrawal) => {
  const revision = await seededRevision();
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, String(revision));
  const url = `${uniqueOrigin()}${STORY}`;
  expect((await send(appFor(url), url)).status).toBe(200);

  // The import (revision + 1) took a story down; D1 then failed before anyone visited the page.
  // The revision and its withdrawal floor are one KV value; a bare revision has no known floor.
  await env.PAGE_CACHE.put(CONTENT_REVISION_KEY, withdrawal ? JSON.stringify({ revision: revision + 1, lastWithdrawal: withdrawal(revision), changedAt: Date.now() }) : String(revision + 1));
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await send(appFor(url), url, { DB: downD1() });
  expect(answer.status).toBe(503);
  expect(answer.header('X-Cache')).toBe('MISS');
  expectOutageLogged(error);
});

test('with D1 down and no revision left in KV, the last revision learned from D1 still finds the page', async () => {
  const url = `${uniqueOrigin()}${STORY}`;
  // No revision in KV: the first visit reads it from D1 and remembers it for later outages.
  const first = await send(appFor(url), url);
  expect(first.status).toBe(200);
  expect(JSON.parse((await env.PAGE_CACHE.get(LAST_KNOWN_REVISION_KEY))!)).toMatchObject({ revision: await seededRevision(), changedAt: null });
  // The backfilled revision expired (it has a one-minute TTL); then D1 went down.
  await env.PAGE_CACHE.delete(CONTENT_REVISION_KEY);

  const cached = await send(appFor(url), url, { DB: downD1() });
  expect(cached.status).toBe(200);
  expect(cached.header('X-Cache')).toBe('HIT');
  expect(cached.body).toBe(first.body);
});

test('with D1 down, an uncached page gets the server-error page in the address’s language with 503, never a stack trace', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const origin = uniqueOrigin();
  const english = await send(appFor(origin), `${origin}${STORY}`, { DB: downD1() });
  expect(english.status).toBe(503);
  expect(english.header('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
  expect(english.header('Cache-Control')).toBe(cacheRules.error);
  expect(english.header('Content-Type')).toContain('text/html');
  expect(english.body).toContain('<html lang="en"');
  expect(english.body).toContain('Something went wrong...');
  expect(english.body).toContain('Please try again in a moment.');
  expectNoInternals(english.body);
  expectOutageLogged(error);

  const french = await send(appFor(origin), `${origin}/fr/category/anything`, { DB: downD1() });
  expect(french.status).toBe(503);
  expect(french.body).toContain('<html lang="fr"');
  expect(french.body).toContain('Une erreur s’est produite...');
  expectNoInternals(french.body);
});

test('with D1 down, the load-more API answers 503 with a {message} and no internals', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const response = await send(createApp({ build: `api-${++hostCounter}` }), `${uniqueOrigin()}/api/fetch-stories`, { DB: downD1() }, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ page: 2 }),
  });
  expect(response.status).toBe(503);
  expect(response.header('Retry-After')).toBe(String(RETRY_AFTER_SECONDS));
  const json = JSON.parse(response.body) as { message: string };
  expect(json.message).toBe('Temporarily unavailable, please try again');
  expectNoInternals(response.body);
  expectOutageLogged(error);
});

test('a failing search backend shows the localized error page with the site around it and is logged, not a crash', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const db = partlyDownD1(/story_search MATCH/);
  const origin = uniqueOrigin();

  const page = await send(appFor(origin), `${origin}/fr/search?query=histoire`, { DB: db });
  expect(page.status).toBe(503);
  expect(page.header('Cache-Control')).toBe(cacheRules.error);
  expect(page.body).toContain('<html lang="fr"');
  expect(page.body).toContain('Une erreur s’est produite...');
  // The newsroom loaded, so the page keeps its header and footer (and the search box to retry).
  expect(page.body).toContain('<header');
  expect(page.body).toContain('<footer');
  expectNoInternals(page.body);
  expectOutageLogged(error);

  const quick = await send(appFor(origin), `${origin}/api/search?query=story`, { DB: db });
  expect(quick.status).toBe(503);
  expect(JSON.parse(quick.body)).toEqual({ message: 'Temporarily unavailable, please try again' });

  // The rest of the site still answers from D1.
  expect((await send(appFor(origin), `${origin}${STORY}`, { DB: db })).status).toBe(200);
});

test('with KV down (reads and writes fail), pages, search and the API render from D1 and the failure is logged', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const origin = uniqueOrigin();
  const app = appFor(origin);
  const kv = { PAGE_CACHE: downKv() };

  const home = await send(app, `${origin}/`, kv);
  expect(home.status).toBe(200);
  expect(home.header('X-Cache')).toBe('MISS');
  expect(home.body).toContain('<html lang="en"');

  const story = await send(app, `${origin}${STORY}`, kv);
  expect(story.status).toBe(200);
  expect(story.body).toContain('<article');

  const search = await send(app, `${origin}/search?query=story`, kv);
  expect(search.status).toBe(200);
  expect(search.body).toContain('We found 16 results for “story”');

  const quick = await send(app, `${origin}/api/search?query=story`, kv);
  expect(quick.status).toBe(200);
  expect((JSON.parse(quick.body) as { total: number }).total).toBe(16);

  const operations = warn.mock.calls.map(([line]) => JSON.parse(String(line)) as { message: string; operation: string });
  expect(operations.some((line) => line.message.startsWith('Page cache: KV failed') && line.operation === 'get page')).toBe(true);
  expect(operations.some((line) => line.message.startsWith('Search cache: KV failed') && line.operation === 'get')).toBe(true);
});
