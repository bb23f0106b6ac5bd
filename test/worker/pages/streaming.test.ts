// Pages streamed before their data (src/http/render-page.ts, ADR 0049), through the real app in
// workerd with the seeded D1 behind a gate the test opens: the start of the document (the head's
// charset, viewport, stylesheet and bundle) must arrive while the page's list is still being read,
// the rest once it is, and the whole must be the same document a crawler gets at once. The status
// is decided before the first byte (a page past the last is a 404 to a browser too), and what a
// streamed page sends says no shared cache may keep it: only the page cache, once it was sent whole.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, expect, test, vi } from 'vitest';
import { createApp } from '#src/app';
import { cacheRules } from '#src/http/cache-rules';
import { OPERATOR_BYPASS_HEADER } from '#src/http/operator-bypass';
import { showsPageAsItArrives } from '#src/http/render-page';
import { D1_DOWN } from '../../fixtures/failing-bindings';

/** The operator's bypass secret: a render that the page cache neither answers nor keeps. */
const BYPASS_TOKEN = 'streaming-test-bypass';

let hostCounter = 0;
const uniqueOrigin = () => `https://streaming-${Date.now().toString(36)}-${++hostCounter}.test`;

/** A browser's navigation: Fetch Metadata says the answer is a document to show. */
const NAVIGATION = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };

/**
 * The seeded D1, whose batches wait while the gate is held: `waiting` counts the batches asked
 * for and not answered yet. `fail` makes the held batches reject instead, as an outage would.
 */
function gatedD1() {
  let held = false;
  let waiting = 0;
  let open: (outcome: 'answer' | 'fail') => void = () => {};
  let opened = new Promise<'answer' | 'fail'>((resolve) => (open = resolve));
  const gate = async <T>(work: () => Promise<T>): Promise<T> => {
    if (!held) return work();
    waiting += 1;
    const outcome = await opened;
    waiting -= 1;
    if (outcome === 'fail') throw new Error(D1_DOWN);
    return work();
  };
  const wrap = (db: D1Database | D1DatabaseSession): D1Database =>
    new Proxy(db, {
      get(target, property) {
        if (property === 'batch') return (statements: D1PreparedStatement[]) => gate(() => target.batch(statements));
        if (property === 'withSession') return (...args: unknown[]) => wrap((target as D1Database).withSession(...(args as [string])));
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    }) as D1Database;
  return {
    db: wrap(env.DB),
    hold: () => {
      held = true;
      opened = new Promise((resolve) => (open = resolve));
    },
    release: (outcome: 'answer' | 'fail' = 'answer') => {
      held = false;
      open(outcome);
    },
    waiting: () => waiting,
  };
}

const decoder = new TextDecoder();

/** Reads chunks until the text read so far holds `marker` (or the body ends). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string, soFar = ''): Promise<{ text: string; done: boolean }> {
  let text = soFar;
  while (!text.includes(marker)) {
    const { done, value } = await reader.read();
    if (done) return { text, done: true };
    text += decoder.decode(value, { stream: true });
  }
  return { text, done: false };
}

async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>, soFar: string): Promise<string> {
  return (await readUntil(reader, '\u0000never', soFar)).text;
}

afterEach(() => vi.restoreAllMocks());

async function streamedSetup(path: string) {
  const origin = uniqueOrigin();
  const gated = gatedD1();
  const app = createApp({ build: new URL(origin).host });
  const bindings = { ...env, DB: gated.db, PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN };
  // The newsroom and the revision are read once per isolate: read them now, through the open gate.
  const warm = await app.fetch(new Request(`${origin}/media`), bindings, createExecutionContext());
  expect(warm.status).toBe(200);
  await warm.arrayBuffer();
  const request = (headers: Record<string, string>, init: { method?: string; context?: ExecutionContext } = {}) =>
    Promise.resolve(app.fetch(new Request(`${origin}${path}`, { headers, method: init.method }), bindings, init.context ?? createExecutionContext()));
  return { gated, request };
}

// A search of its own: another file's search of the same words would be answered from the KV search cache.
for (const path of ['/', '/category/company-news', '/fr/media', `/search?query=story&year=${3000 + (Date.now() % 5000)}`]) {
  test(`a browser gets the start of ${path} before its data is read, then the whole document a crawler gets`, async () => {
    const { gated, request } = await streamedSetup(path);
    gated.hold();
    const response = await request(NAVIGATION);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const reader = response.body!.getReader();
    const start = await readUntil(reader, '<script type="module"');
    // The head's start is here, and the page's data is asked for and not answered yet.
    expect(start.done).toBe(false);
    await vi.waitFor(() => expect(gated.waiting()).toBeGreaterThan(0));
    expect(start.text).toMatch(/^<!DOCTYPE html><html lang="[a-z-]+" dir="ltr"><head><meta charSet="utf-8"\/><meta name="viewport"/);
    expect(start.text).toMatch(/<link rel="stylesheet" href="\/styles\/[^"]+\.css"\/>/);
    expect(start.text).not.toContain('<title>');

    gated.release();
    const whole = await readRest(reader, start.text);
    const crawled = await (await request({ Accept: 'text/html', [OPERATOR_BYPASS_HEADER]: BYPASS_TOKEN })).text();
    expect(whole).toBe(crawled);
    expect(whole.match(/<head>/g)).toHaveLength(1);
    expect(whole.match(/<!DOCTYPE html>/g)).toHaveLength(1);
    expect(whole.indexOf('<title>')).toBeLessThan(whole.indexOf('</head><body'));
    expect(whole.endsWith('</body></html>')).toBe(true);
  });
}

/** Inline scripts (no `src`), which the site's CSP forbids and React's out-of-order streaming would need. */
const inlineScripts = (html: string) => (html.match(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>/g) ?? []).length;

test('a crawler gets the same bytes a browser gets, the homepage, a story, a category and search alike, with no inline script', async () => {
  for (const path of ['/', '/english-story-03', '/category/company-news', `/search?query=story&year=${3000 + ((Date.now() + 1) % 5000)}`]) {
    const { request } = await streamedSetup(path);
    const browser = await request({ ...NAVIGATION, [OPERATOR_BYPASS_HEADER]: BYPASS_TOKEN });
    const crawler = await request({ Accept: 'text/html', [OPERATOR_BYPASS_HEADER]: BYPASS_TOKEN });
    expect(browser.status, path).toBe(200);
    expect(crawler.status, path).toBe(200);
    const [streamed, whole] = [new Uint8Array(await browser.arrayBuffer()), new Uint8Array(await crawler.arrayBuffer())];
    expect(streamed, path).toEqual(whole);
    const html = decoder.decode(whole);
    expect(html.match(/<head>/g), path).toHaveLength(1);
    expect(inlineScripts(html), path).toBe(0);
  }
});

/**
 * RFC 9111 section 3: a shared cache must not store a response whose Cache-Control says
 * `private` or `no-store`; `no-cache` lets no cache reuse it without asking the origin again.
 */
function sharedCacheMayReuse(cacheControl: string | null): boolean {
  const directives = (cacheControl ?? '').split(',').map((directive) => directive.trim().split('=')[0]!.toLowerCase());
  return !directives.includes('private') && !directives.includes('no-store') && !directives.includes('no-cache');
}

test('what a streamed page sends lets no shared cache keep it; the page cache keeps it once it was sent whole, under the page rule', async () => {
  const { gated, request } = await streamedSetup('/fr/media');
  gated.hold();
  const context = createExecutionContext();
  const streamed = await request(NAVIGATION, { context });
  expect(streamed.headers.get('Cache-Control')).toBe(cacheRules.streamed);
  expect(sharedCacheMayReuse(streamed.headers.get('Cache-Control'))).toBe(false);
  gated.release();
  await streamed.text();
  await waitOnExecutionContext(context);

  // Sent whole: the page cache answers the next visitor with it, as a whole page is answered.
  const again = await request({ Accept: 'text/html' });
  expect(again.headers.get('X-Cache')).toBe('HIT');
  expect(again.headers.get('Cache-Control')).toBe(cacheRules.page);
  expect(sharedCacheMayReuse(again.headers.get('Cache-Control'))).toBe(true);
});

for (const path of ['/search?query=story&page=99', '/category/company-news?page=99', '/media?page=99', '/tag/wind%20power?page=99']) {
  test(`a browser asking for ${path} gets a 404 with the not-found page before any byte of a 200, no error report and nothing a cache keeps`, async () => {
    const { request } = await streamedSetup(path);
    const errors = vi.spyOn(console, 'error');
    const context = createExecutionContext();
    const response = await request(NAVIGATION, { context });
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
    expect(sharedCacheMayReuse(response.headers.get('Cache-Control'))).toBe(false);
    const html = await response.text();
    await waitOnExecutionContext(context);
    expect(html).toContain('doesn’t exist');
    expect(html).not.toContain('Something went wrong');
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
    // Nothing stored: the same address asked again is rendered again, and is a 404 again.
    const again = await request(NAVIGATION);
    expect(again.status).toBe(404);
    expect(again.headers.get('X-Cache')).toBe('MISS');
  });
}

test('a streamed page whose data fails ends with the error page in its language, is reported once and is never stored', async () => {
  const { gated, request } = await streamedSetup('/category/company-news');
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  gated.hold();
  const context = createExecutionContext();
  const response = await request(NAVIGATION, { context });
  expect(response.status).toBe(200);
  // Its end may be this failure: no shared cache may keep what it sent.
  expect(sharedCacheMayReuse(response.headers.get('Cache-Control'))).toBe(false);
  gated.release('fail');
  const html = await response.text();
  await waitOnExecutionContext(context);
  // A whole document: the start, then the server-error page's title and text.
  expect(html.match(/<head>/g)).toHaveLength(1);
  expect(html).toContain('<title>Something went wrong');
  expect(html.endsWith('</body></html>')).toBe(true);
  const reports = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('Unhandled error') || line.includes('Store unavailable'));
  expect(reports).toHaveLength(1);

  // Not stored: the next visitor (a crawler, who waits for the data) gets the page, rendered.
  const again = await request({ Accept: 'text/html' });
  expect(again.headers.get('X-Cache')).toBe('MISS');
  expect(again.status).toBe(200);
  expect(await again.text()).not.toContain('Something went wrong');
});

test('a page whose status depends on its data (a story) waits for it, and a crawler, a HEAD and a feed reader always wait', async () => {
  for (const [path, headers, method] of [
    ['/english-story-03', NAVIGATION, 'GET'],
    ['/', { Accept: 'text/html', 'User-Agent': 'Googlebot/2.1' }, 'GET'],
    ['/', NAVIGATION, 'HEAD'],
  ] as const) {
    const { gated, request } = await streamedSetup(path);
    gated.hold();
    let answered = false;
    const answer = request(headers, { method }).then((response) => {
      answered = true;
      return response;
    });
    // Give the app every chance to answer early: it must not while D1 has not answered.
    await vi.waitFor(() => expect(gated.waiting()).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered, `${method} ${path}`).toBe(false);
    gated.release();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('Server-Timing')).toMatch(/d1;desc="round trips: [1-9]/);
  }
});

test('a failure before the first byte is still the status page: a story with D1 down answers 503 to a browser too', async () => {
  const { gated, request } = await streamedSetup('/english-story-03');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  gated.hold();
  const answer = request(NAVIGATION);
  await vi.waitFor(() => expect(gated.waiting()).toBeGreaterThan(0));
  gated.release('fail');
  const response = await answer;
  expect(response.status).toBe(503);
  expect(await response.text()).toContain('<title>Something went wrong');
});

test('only a browser loading a page to show it gets the start first', () => {
  const cases: [string, Record<string, string>, boolean][] = [
    ['GET', { 'Sec-Fetch-Dest': 'document' }, true],
    ['HEAD', { 'Sec-Fetch-Dest': 'document' }, false],
    ['GET', { 'Sec-Fetch-Dest': 'iframe' }, false],
    ['GET', { 'Sec-Fetch-Dest': 'empty' }, false],
    ['GET', { 'User-Agent': 'Googlebot/2.1' }, false],
    ['GET', {}, false],
  ];
  for (const [method, headers, expected] of cases) {
    expect(showsPageAsItArrives(new Request('https://news.test.example/', { method, headers })), `${method} ${JSON.stringify(headers)}`).toBe(expected);
  }
});
