// Fuzz: generated requests through the worker inside workerd (500 in `npm test`, 10,000 with
// `npm run fuzz`; FUZZ_REQUESTS and FUZZ_SEED from the environment choose others) (its default export's fetch,
// with the seeded D1 and local KV, each request with its own execution context whose background
// work is awaited), none of which may be answered with a 5xx. The worker is called directly rather
// than through SELF: the same code, without the static-asset router and the test runner's
// loopback hop, which roughly halves the run time. Paths are built from the site's real routes
// (so most reach handlers, not just the 404 page) mixed with junk segments; locales, query strings,
// headers, methods and bodies are drawn at random. The generator is a seeded PRNG: a failure names
// the request's index and the seed, and the same seed replays the same requests. Change FUZZ_SEED
// to explore other inputs. An unexpected console.error (an unhandled error logged by onError) also
// fails the test, through the console guard (test/console-guard.ts).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import worker from '#src/worker';

declare global {
  namespace Cloudflare {
    interface Env {
      FUZZ_REQUESTS: number;
      FUZZ_SEED: number;
    }
  }
}

const FUZZ_SEED = env.FUZZ_SEED;
const REQUESTS = env.FUZZ_REQUESTS;
/** Requests in flight at once: enough to overlap D1 and KV waits, few enough to stay fair. */
const CONCURRENCY = 8;

/** mulberry32: tiny, fast, and good enough to spread inputs; the same seed, the same requests. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = ReturnType<typeof prng>;
const pick = <T,>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (random: Random, p: number) => random() < p;
const integer = (random: Random, max: number) => Math.floor(random() * max);

const NEWSROOM_UUID = '11111111-2222-4333-8444-555555555555';
const GALLERY_UUID = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const SLUGS = ['english-story-01', 'english-story-03', 'histoire-francaise-03', 'arabic-story-03', 'hostile-body', 'draft-story', 'private-story', 'embargoed-story', 'no-such-story'];
// Enabled locales, supported-but-disabled ones, malformed and odd-cased ones.
const LOCALES = ['', '', '', 'en', 'fr', 'ar', 'nl', 'de', 'zh-hk', 'xx', 'EN', 'fr-', 'en-gb', 'abcd', '..', '%66r'];
const ROUTES: readonly ((random: Random) => string)[] = [
  () => '',
  (random) => pick(random, SLUGS),
  (random) => `${pick(random, SLUGS)}.json`,
  (random) => `category/${pick(random, ['products', 'company-news', 'produits', 'nope', '%00', ''])}`,
  (random) => `category/${pick(random, ['products', 'company-news'])}/feed${pick(random, ['', '/atom', '/json', '/rss'])}`,
  (random) => `feed${pick(random, ['', '/atom', '/json', '/xml'])}`,
  () => 'search',
  () => 'media',
  (random) => `media/album/${pick(random, [GALLERY_UUID, NEWSROOM_UUID, 'not-a-uuid'])}`,
  (random) => `${pick(random, [pick(random, SLUGS), `media/album/${pick(random, [GALLERY_UUID, 'not-a-uuid'])}`])}/embed`,
  () => 'oembed',
  (random) => `media/${GALLERY_UUID}/${pick(random, ['photo.jpg', '-/resize/10x/', '..%2f..%2fwrangler.toml'])}`,
  () => 'robots.txt',
  () => 'sitemap.xml',
  (random) => `sitemaps/${pick(random, ['news', 'en-pages', 'fr-stories-1', 'en-stories-0', 'en-stories-99999', 'xx-pages', 'EN-pages'])}.xml`,
  () => 'favicon.ico',
  (random) => `api/${pick(random, ['fetch-stories', 'fetch-galleries', 'search', 'nope'])}`,
  (random) => `newsroom/${pick(random, [NEWSROOM_UUID, GALLERY_UUID, 'x'])}/${pick(random, ['', 'subscribe', 'data-request', 'subscribe/confirm/abc', 'unsubscribe/abc'])}`,
  () => '_dev/outbox',
  (random) => junkSegment(random),
];
const JUNK = ['..', '.', '%', '%2e%2e', '%ff', '%E2%82', '%00', '\u00e9t\u00e9', '\u0627\u0644\u0642\u0635\u0629', '\ud83d\udcf0', '<script>', '"\'', ';', '~', '*', '@', '+', ' ', 'index.php', '.env', 'wp-admin'];

function junkSegment(random: Random): string {
  const parts = Array.from({ length: 1 + integer(random, 4) }, () => pick(random, JUNK));
  if (chance(random, 0.05)) parts.push('a'.repeat(1 + integer(random, 9000)));
  return parts.map((part) => (chance(random, 0.5) ? encodeURIComponent(part) : part)).join(pick(random, ['', '/', '-']));
}

const QUERY_NAMES = ['page', 'query', 'category', 'year', 'month', 'localeCode', 'preview', 'utm_source', 'fbclid', '_bench', 'page', 'q', '', 'url', 'format', 'maxwidth', 'maxheight'];
const QUERY_VALUES = [
  '1', '2', '0', '-1', '1e9', '99999999999999999999', 'NaN', '', 'story', 'histoire', 'products', '2026', '13', 'x'.repeat(1200), '%', '%ff', '"', '\u00e9', 'a b', '<b>', '*', 'story*', 'NEAR(a b)', '"unbalanced',
  'json', 'xml', 'https://news.test.example/english-story-03', `https://news.test.example/fr/media/album/${GALLERY_UUID}`, 'https://news.test.example/%E0%A4%A', '//evil.example/x', 'javascript:alert(1)',
];

function queryString(random: Random): string {
  if (chance(random, 0.4)) return '';
  const pairs = Array.from({ length: 1 + integer(random, 4) }, () => {
    const name = pick(random, QUERY_NAMES);
    const value = pick(random, QUERY_VALUES);
    return chance(random, 0.1) ? name : `${encodeURIComponent(name)}=${chance(random, 0.8) ? encodeURIComponent(value) : value}`;
  });
  return `?${pairs.join(pick(random, ['&', '&', ';', '&&']))}`;
}

const HEADERS: readonly [string, readonly string[]][] = [
  ['Cookie', ['consent=true', 'consent=false', 'newsroom_session=abc', '__Host-session=1; consent=true', '=; ;;', 'a'.repeat(3000)]],
  ['Accept-Language', ['fr', 'ar,en;q=0.5', '*', 'xx', ';;;', '']],
  ['Accept', ['text/html', 'application/json', '*/*', 'application/rss+xml', 'image/webp', '']],
  // A browser's navigation: list pages then stream their head before their data (ADR 0049).
  ['Sec-Fetch-Dest', ['document', 'iframe', 'empty', '']],
  ['If-None-Match', ['"abc"', '*', 'W/"x"', 'garbage', '""']],
  ['If-Modified-Since', ['Sun, 22 Nov 2026 09:00:00 GMT', 'yesterday', '0', 'Thu, 01 Jan 1970 00:00:00 GMT']],
  ['Range', ['bytes=0-10', 'bytes=-5', 'bytes=abc', 'items=1-2']],
  ['User-Agent', ['Mozilla/5.0', 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.0', '', 'x'.repeat(4000)]],
  ['Authorization', ['Bearer x', 'Basic', '']],
  ['Referer', ['https://example.com/', 'not a url', 'javascript:alert(1)']],
  ['X-Forwarded-For', ['127.0.0.1', '::1', 'garbage']],
];

const BODIES: readonly [string | null, (random: Random) => string][] = [
  ['application/json', (random) => JSON.stringify({ page: pick(random, [1, 2, -1, 0, 1e9, '1', null]), pageSize: pick(random, [6, 12, 0, 1000, 'x']), category: pick(random, [null, 'products', { id: 1 }, { id: 'x' }, 'nope']), localeCode: pick(random, ['en', 'fr', 'xx', 7]), withHighlightedStory: pick(random, [true, false, 'yes']) })],
  ['application/json', (random) => pick(random, ['{', '[]', 'null', '"x"', '{"filterQuery":{"a":1}}', '{"include":["x"]}', `{"page":${'9'.repeat(400)}}`])],
  ['application/x-www-form-urlencoded', (random) => `email=${encodeURIComponent(pick(random, ['a@b.org', 'not-an-email', '', 'x'.repeat(500) + '@x.org']))}&kind=${pick(random, ['access', 'deletion', 'other', 'hack'])}&categories=${pick(random, ['1', '2', 'x', ''])}&message=${encodeURIComponent(pick(random, ['hello', '\u0000', '<b>']))}`],
  ['multipart/form-data; boundary=x', () => '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.org\r\n--x--\r\n'],
  ['multipart/form-data', () => 'no boundary'],
  ['text/plain', (random) => junkSegment(random)],
  [null, () => ''],
];

const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];

interface FuzzRequest {
  readonly index: number;
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: string | null;
}

function generate(random: Random, index: number): FuzzRequest {
  const locale = pick(random, LOCALES);
  const route = pick(random, ROUTES)(random);
  let path = `/${[locale, route].filter(Boolean).join('/')}`;
  if (chance(random, 0.05)) path += '/';
  if (chance(random, 0.03)) path = path.replace(/\//g, '//');
  const method = pick(random, METHODS);
  const headers: Record<string, string> = {};
  for (let i = integer(random, 4); i > 0; i--) {
    const [name, values] = pick(random, HEADERS);
    headers[name] = pick(random, values);
  }
  let body: string | null = null;
  if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    const [contentType, make] = pick(random, BODIES);
    body = make(random);
    if (contentType) headers['Content-Type'] = contentType;
  }
  return { index, method, url: `https://news.test.example${path}${queryString(random)}`, headers, body };
}

test(`${REQUESTS.toLocaleString('en')} generated requests (seed ${FUZZ_SEED.toString(16)}) get no 5xx`, async () => {
  const random = prng(FUZZ_SEED);
  const requests = Array.from({ length: REQUESTS }, (_, index) => generate(random, index));
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  async function drain(): Promise<void> {
    for (let request = requests[next++]; request; request = requests[next++]) {
      let status: number;
      try {
        const ctx = createExecutionContext();
        const response = await worker.fetch(new Request(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' }), env, ctx);
        status = response.status;
        await response.arrayBuffer();
        await waitOnExecutionContext(ctx);
      } catch (error) {
        failures.push(`#${request.index} threw ${String(error)}: ${JSON.stringify(request)}`);
        continue;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) failures.push(`#${request.index} answered ${status}: ${JSON.stringify(request)}`);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, drain));

  const histogram = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  console.log(`fuzz: ${REQUESTS} requests, seed ${FUZZ_SEED.toString(16)}, statuses ${JSON.stringify(histogram)}`);
  expect(failures, `seed ${FUZZ_SEED.toString(16)}`).toEqual([]);
  // The generator must reach handlers, not only the 404 page: successes (pages, feeds, JSON),
  // redirects and client errors all occur in numbers.
  const count = (from: number, to: number) => [...statuses].filter(([status]) => status >= from && status < to).reduce((sum, [, n]) => sum + n, 0);
  expect(count(200, 300), JSON.stringify(histogram)).toBeGreaterThan(REQUESTS / 20);
  expect(count(300, 400), JSON.stringify(histogram)).toBeGreaterThan(REQUESTS / 100);
  expect(count(400, 500), JSON.stringify(histogram)).toBeGreaterThan(REQUESTS / 10);
  expect(count(0, 600)).toBe(REQUESTS);
}, 300_000);
