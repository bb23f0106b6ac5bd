// The security regression suite, the edge's part: each request that once did harm, replayed from
// outside through the real worker, with the safe outcome.
//
// - Junk spellings of a page's address (parameters it does not read, `?page=` where there
//   is no paging, repeated parameters, escapes in the path) each forced a render and a KV entry of
//   their own, and a long query rendered on every request. Now every page type answers them from
//   its one copy (or redirects to its address), and an over-long address is a 414, never a render.
// - Secret addresses in any spelling reached the request log and error reports; a
//   redirect from a secret link lacked the secret page's headers. (Invocation logs, which would
//   store every URL, are off in wrangler.toml: test/cli/wrangler-environments.test.ts.)
// - Staging's dead-letter queue was not recognised, so given-up jobs ran again there.
// - Every /healthz cost a D1 statement and a KV read, before every limiter.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { createApp } from '#src/app';
import { cacheRules } from '#src/http/cache-rules';
import { KEY_PREFIX } from '#src/page-cache/key';
import { MAX_ADDRESS_BYTES } from '#src/middleware/request-limits';
import type { Job } from '#src/domain/job-messages';
import { countingD1, downD1 } from '../../fixtures/failing-bindings';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN, get } from '../request';

const GALLERY = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const NEWSROOM = '11111111-2222-4333-8444-555555555555';
const STORY_URL = encodeURIComponent(`${ORIGIN}/english-story-01`);

beforeAll(async () => {
  // Analytics on, so a page that should have none can be seen to have none.
  await env.DB.prepare("UPDATE newsroom SET is_plausible_enabled = 1, plausible_site_id = 'news.test.example', google_analytics_id = 'G-TEST12345' WHERE id = 1").run();
});

async function pageKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.PAGE_CACHE.list({ prefix: `${KEY_PREFIX}:`, ...(cursor ? { cursor } : {}) });
    keys.push(...page.keys.map((key) => key.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return keys.sort();
}

/** Asks for `path` until its copy is in the cache (the fill runs after the response). */
async function cached(path: string, init: RequestInit = {}): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await get(path, init);
    const body = await response.text();
    expect(response.status, path).toBe(200);
    if (response.headers.get('X-Cache') === 'HIT') return body;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never became a cache hit`);
}

// ---------------------------------------------------------------------------------------------
// One copy per page

/** Every page type: its address, and junk spellings of it that must find the same copy. */
const PAGES: { name: string; path: string; variants: string[]; accept?: string }[] = [
  { name: 'the homepage', path: '/', variants: ['/?utm_source=mail&fbclid=x', '/?page=1', '/?page=1&page=junk', '/?x=1&page=1'] },
  { name: 'a homepage in another language', path: '/fr', variants: ['/fr?utm_source=x', '/%66r', '/%66%72?page=1'] },
  { name: 'a second page of the homepage', path: '/?page=2', variants: ['/?page=2&page=x', '/?gclid=1&page=2', '/?page=2&page=1'] },
  { name: 'a story', path: '/english-story-01', variants: ['/english-story-01?page=junk', '/english-story-01?page=1&page=x', '/english-story-01?utm_source=x', '/%65nglish-story-01', '/english%2Dstory%2D01', '/%65nglish-story-01?page=9'] },
  { name: "a story's JSON alternate", path: '/english-story-01.json', variants: ['/english-story-01.json?page=x', '/%65nglish-story-01.json', '/english-story-01%2Ejson?a=1'] },
  { name: "a story's Markdown alternate", path: '/english-story-01.md', variants: ['/english-story-01.md?page=2', '/%65nglish-story-01.md'] },
  { name: 'a story asked for as Markdown', path: '/english-story-01', accept: 'text/markdown', variants: ['/english-story-01?page=x', '/%65nglish-story-01'] },
  { name: "a story's embed card", path: '/english-story-01/embed', variants: ['/english-story-01/embed?page=x', '/%65nglish-story-01/%65mbed'] },
  { name: 'a category', path: '/category/products', variants: ['/category/products?page=1&utm_id=4', '/category/%70roducts', '/%63ategory/products?page=1&page=2'] },
  { name: 'a category in French', path: '/fr/category/produits', variants: ['/fr/category/produits?x=1', '/fr/category/produit%73'] },
  { name: "a category's Markdown", path: '/category/products.md', variants: ['/category/products.md?page=1', '/category/products%2Emd'] },
  { name: 'a tag', path: '/tag/wind%20power', variants: ['/tag/wind%20power?page=1', '/tag/wind%20p%6Fwer?x=1', '/tag/%77ind%20power'] },
  { name: 'the media index', path: '/media', variants: ['/media?page=1', '/media?page=1&page=5', '/%6Dedia?fbclid=1'] },
  { name: 'a gallery', path: `/media/album/${GALLERY}`, variants: [`/media/album/${GALLERY}?page=3`, `/media/album/%36${GALLERY.slice(1)}`] },
  { name: "a gallery's JSON alternate", path: `/media/album/${GALLERY}.json`, variants: [`/media/album/${GALLERY}.json?page=3`, `/media/%61lbum/${GALLERY}.json`] },
  { name: "a gallery's embed card", path: `/media/album/${GALLERY}/embed`, variants: [`/media/album/${GALLERY}/embed?x=1`] },
  { name: 'search', path: '/search?query=story', variants: ['/search?query=story&utm_source=x', '/search?query=story&query=other', '/search?page=1&query=story', '/search?query=story&year=abc', '/%73earch?query=story'] },
  { name: 'quick search', path: '/api/search?query=story', variants: ['/api/search?query=story&x=1', '/api/search?query=story&query=x'] },
  { name: 'the RSS feed', path: '/feed', variants: ['/feed?page=2', '/feed?page=1&page=x', '/%66eed'] },
  { name: 'the Atom feed', path: '/feed/atom', variants: ['/feed/atom?page=x'] },
  { name: 'the JSON feed', path: '/feed/json', variants: ['/feed/json?utm_source=reader'] },
  { name: "a category's feed", path: '/category/products/feed', variants: ['/category/products/feed?page=2', '/category/%70roducts/feed'] },
  { name: "a tag's feed", path: '/tag/wind%20power/feed', variants: ['/tag/wind%20power/feed?page=2', '/tag/wind%20powe%72/feed'] },
  { name: 'the sitemap index', path: '/sitemap.xml', variants: ['/sitemap.xml?page=2', '/%73itemap.xml'] },
  { name: "a language's pages sitemap", path: '/sitemaps/en-pages.xml', variants: ['/sitemaps/en-pages.xml?page=2'] },
  { name: "a language's stories sitemap", path: '/sitemaps/en-stories-1.xml', variants: ['/sitemaps/en-stories-1.xml?page=7', '/sitemaps/%65n-stories-1.xml'] },
  { name: 'the news sitemap', path: '/sitemaps/news.xml', variants: ['/sitemaps/news.xml?x=1'] },
  { name: 'llms.txt', path: '/llms.txt', variants: ['/llms.txt?page=2', '/%6Clms.txt'] },
  { name: 'llms-full.txt', path: '/llms-full.txt', variants: ['/llms-full.txt?page=2', '/llms-full.txt?page=1&page=x', '/llms%2Dfull.txt'] },
  { name: "the homepage's Markdown", path: '/index.md', variants: ['/index.md?page=1', '/index.md?x=1'] },
  { name: 'oEmbed', path: `/oembed?url=${STORY_URL}`, variants: [
    `/oembed?url=${STORY_URL}&format=json&callback=x&page=2`,
    `/oembed?url=${encodeURIComponent(`${ORIGIN}/english-story-01?utm_source=x#top`)}`,
    `/oembed?url=${encodeURIComponent(`${ORIGIN}/english-story-01/`)}`,
    `/oembed?url=${encodeURIComponent(`${ORIGIN}/%65nglish-story-01`)}`,
    `/oembed?url=${encodeURIComponent('https://NEWS.test.example:443/english-story-01')}`,
    `/oembed?url=${STORY_URL}&url=${encodeURIComponent(`${ORIGIN}/english-story-02`)}`,
    `/oembed?url=${STORY_URL}&maxwidth=5000&maxheight=abc`,
  ] },
  { name: 'a policy', path: '/privacy-policy', variants: ['/privacy-policy?page=1', '/%70rivacy-policy'] },
  { name: 'a policy in French', path: '/fr/privacy-policy', variants: ['/fr/privacy-policy?x=1'] },
  { name: "a press contact's vCard", path: '/contacts/jane.vcf', variants: ['/contacts/jane.vcf?page=2', '/contacts/%6Aane.vcf'] },
  { name: 'robots.txt', path: '/robots.txt', variants: ['/robots.txt?x=1'] },
];

describe('every page type answers junk spellings of its address from its one copy', () => {
  test.each(PAGES)('$name ($path)', async ({ path, variants, accept }) => {
    const init = accept ? { headers: { Accept: accept } } : {};
    const body = await cached(path, init);
    const keys = await pageKeys();
    for (const variant of variants) {
      const response = await get(variant, init);
      expect([response.status, response.headers.get('X-Cache')], variant).toEqual([200, 'HIT']);
      expect(await response.text(), variant).toBe(body);
    }
    // Not one new entry in KV.
    expect(await pageKeys()).toEqual(keys);
  });

  test.each(['/english-story-01/', '/feed/', '/category/products/?page=1', `/media/album/${GALLERY}/`, '/search/?query=story'])(
    'a trailing slash (%s) is a redirect to the address itself',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(301);
      expect(response.headers.get('Location')).toBe(path.replace(/\/(\?|$)/, '$1'));
    },
  );

  test('a cookie policy kept elsewhere is a redirect for every spelling', async () => {
    for (const path of ['/cookie-policy', '/cookie-policy?page=2', '/%63ookie-policy']) {
      const response = await get(path);
      expect([response.status, response.headers.get('Location')], path).toEqual([302, 'https://acme.example/cookies']);
    }
  });

  test('a wrong page number is still a 404, and leaves nothing in KV', async () => {
    const keys = await pageKeys();
    for (const path of ['/?page=abc', '/?page=x&page=2', '/category/products?page=0', '/search?query=story&page=abc']) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect(await pageKeys()).toEqual(keys);
  });

  test('a query over 512 bytes is rendered once, then answered from the cache', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `story${i}`).join(' ');
    expect(encodeURIComponent(words).length).toBeGreaterThan(512);
    const path = `/search?query=${encodeURIComponent(words)}`;
    const first = await get(path);
    expect([first.status, first.headers.get('X-Cache')]).toEqual([200, 'MISS']);
    await first.arrayBuffer();
    await cached(path);
    expect((await get(`${path}&utm_source=${'x'.repeat(600)}`)).headers.get('X-Cache')).toBe('HIT');
    // The same for a page reading no query at all, whatever junk follows it.
    await cached('/english-story-02');
    expect((await get(`/english-story-02?utm_content=${'y'.repeat(2000)}`)).headers.get('X-Cache')).toBe('HIT');
  });

  test('an address over MAX_ADDRESS_BYTES is a 414 that renders nothing and touches neither D1 nor KV', async () => {
    const d1 = countingD1();
    const kvReads = vi.spyOn(env.PAGE_CACHE, 'get');
    const kvMetaReads = vi.spyOn(env.PAGE_CACHE, 'getWithMetadata');
    const junk = 'a'.repeat(MAX_ADDRESS_BYTES);
    for (const path of [`/english-story-01?utm=${junk}`, `/search?query=${junk}`, `/${junk}`, `/api/search?query=${junk}`]) {
      const ctx = createExecutionContext();
      const response = await worker.fetch(new Request(`${ORIGIN}${path}`), { ...env, DB: d1.db }, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status, path.slice(0, 40)).toBe(414);
      expect(response.headers.get('Cache-Control')).toBe(cacheRules.error);
      expect(response.headers.get('Content-Type')).not.toContain('text/html');
    }
    expect(d1.calls).toEqual([]);
    expect(kvReads).not.toHaveBeenCalled();
    expect(kvMetaReads).not.toHaveBeenCalled();
    kvReads.mockRestore();
    kvMetaReads.mockRestore();
  });
});

// ---------------------------------------------------------------------------------------------
// Secrets out of logs and reports; private headers on redirects

const token = async () => testLinkToken((await env.DB.prepare("SELECT uuid FROM stories WHERE slug = 'draft-story'").first<{ uuid: string }>())!.uuid);

/** Everything the worker writes to the console while `work` runs. */
async function consoleOf(work: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const spies = [vi.spyOn(console, 'log').mockImplementation(capture), vi.spyOn(console, 'warn').mockImplementation(capture), vi.spyOn(console, 'error').mockImplementation(capture)];
  try {
    await work();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

describe('no secret address reaches a log line or an error report', () => {
  const spellings = (secret: string) => [
    `/s/${secret}`,
    `/s/${secret}/`,
    `/s/${secret}.json`,
    `/en/s/${secret}`,
    `/fr/s/${secret}`,
    `/%73/${secret}`,
    `/s%2F${secret}`,
    `/%2573/${secret}`,
    `/S/${secret}`,
    `/en/newsroom/${NEWSROOM}/subscribe/confirm/${secret}`,
    `/fr/newsroom/${NEWSROOM}/data-request/confirm/${secret}`,
    `/en/newsroom/${NEWSROOM}/unsubscribe/${secret}`,
    `/en/newsroom/${NEWSROOM}/%75nsubscribe/${secret}/`,
  ];

  test('the request log names each spelling with :token, never the secret', async () => {
    const secret = await token();
    const logged = await consoleOf(async () => {
      for (const path of spellings(secret)) await (await get(path)).arrayBuffer();
    });
    expect(logged).not.toContain(secret);
    const paths = logged
      .split('\n')
      .filter((line) => line.startsWith('{"event":"request"'))
      .map((line) => (JSON.parse(line) as { path: string }).path);
    expect(paths).toHaveLength(spellings(secret).length);
    for (const path of paths) expect(path).toContain(':token');
  });

  test('an error on a secret address is logged and reported without it, its Referer too', async () => {
    const secret = await token();
    const envelopes: string[] = [];
    const ingest = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => (envelopes.push(String(init?.body)), new Response('{}')));
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const app = createApp();
    const logged = await consoleOf(async () => {
      for (const path of [`/en/s/${secret}`, `/%73/${secret}`, `/s%2F${secret}`, `/en/newsroom/${NEWSROOM}/unsubscribe/${secret}`]) {
        const ctx = createExecutionContext();
        const request = new Request(`${ORIGIN}${path}`, { headers: { Referer: `${ORIGIN}/fr/s/${secret}` } });
        const response = await app.fetch(request, { ...env, DB: downD1(), SENTRY_DSN: 'https://key@o1.ingest.sentry.example/1' }, ctx);
        await response.arrayBuffer();
        await waitOnExecutionContext(ctx);
        expect(response.status, path).toBeGreaterThanOrEqual(500);
      }
    });
    vi.restoreAllMocks();
    expect(ingest).toHaveBeenCalled();
    expect(envelopes.length).toBeGreaterThan(0);
    expect(envelopes.join('\n')).not.toContain(secret);
    expect(envelopes.join('\n')).toContain('/s/:token');
    expect(logged).toContain('Store unavailable');
    expect(logged).not.toContain(secret);
  });

  test('redirects from or to a secret address carry the secret page headers', async () => {
    const secret = await token();
    for (const [path, location] of [
      [`/s/${secret}/`, `/s/${secret}`],
      [`/s/${secret}.json/`, `/s/${secret}.json`],
      [`/en/s/${secret}`, `/s/${secret}`],
      [`/en/newsroom/${NEWSROOM}/unsubscribe/${secret}/`, `/en/newsroom/${NEWSROOM}/unsubscribe/${secret}`],
    ]) {
      const response = await get(path!);
      expect([response.status, response.headers.get('Location')], path).toEqual([301, location]);
      expect(response.headers.get('Cache-Control'), path).toBe(cacheRules.private);
      expect(response.headers.get('Referrer-Policy'), path).toBe('no-referrer');
      expect(response.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow');
    }
    // A public page's redirect keeps the ordinary headers.
    const plain = await get('/english-story-01/');
    expect(plain.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });

  test('the error page at a secret address is a secret page too: private headers, no third party', async () => {
    const secret = await token();
    for (const path of [`/fr/s/${secret}`, `/%2573/${secret}`, `/S/${secret}`, `/en/newsroom/${NEWSROOM}/unsubscribe/${secret}/x`]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Referrer-Policy'), path).toBe('no-referrer');
      expect(response.headers.get('X-Robots-Tag'), path).toBe('noindex, nofollow');
      expect(response.headers.get('Cache-Control'), path).toBe(cacheRules.error);
      const page = `${response.headers.get('Content-Security-Policy')}\n${await response.text()}`;
      for (const thirdParty of ['plausible.io', 'googletagmanager.com', 'G-TEST12345']) expect(page, path).not.toContain(thirdParty);
    }
    // The control: the same 404 at a public address carries the newsroom's analytics.
    const control = await get('/no-such-story');
    expect(control.status).toBe(404);
    expect(`${control.headers.get('Content-Security-Policy')}\n${await control.text()}`).toContain('plausible.io');
  });

  test('no spelling of a secret link is looked up in or stored into the page cache', async () => {
    const secret = await token();
    const reads = vi.spyOn(env.PAGE_CACHE, 'getWithMetadata');
    for (const path of spellings(secret)) {
      const response = await get(path);
      await response.arrayBuffer();
      expect(response.headers.get('X-Cache'), path).toBe('BYPASS');
    }
    expect(reads.mock.calls.map(([key]) => key).filter((key) => String(key).includes(secret))).toEqual([]);
    reads.mockRestore();
    expect((await pageKeys()).filter((key) => key.includes(secret))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Dead-letter queues recognised by their name's rule, in every environment

describe("a job given up on staging's dead-letter queue is not run again", () => {
  test.each([
    ['staging', 'newsroom-jobs-staging-dlq'],
    ['production', 'newsroom-jobs-dlq'],
  ])('%s: %s acknowledges and logs the job as given up, without running it', async (_env, queue) => {
    const body: Job = { kind: 'indexnow', storyUuids: ['00000000-0000-4000-8000-000000000000'] };
    const batch = createMessageBatch<Job>(queue, [{ id: `dead-${queue}`, timestamp: new Date(), attempts: 6, body }]);
    const ctx = createExecutionContext();
    const logged = await consoleOf(async () => {
      await worker.queue(batch, env, ctx);
      await waitOnExecutionContext(ctx);
    });
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`dead-${queue}`]);
    expect(logged).toContain('Job given up after its retries');
    expect(logged).not.toContain('Job done');
    expect(logged).toContain('"deadLettered":{"indexnow":1}');
  });

  test('the staging jobs queue itself still runs its jobs', async () => {
    const batch = createMessageBatch<Job>('newsroom-jobs-staging', [{ id: 'live', timestamp: new Date(), attempts: 1, body: { kind: 'indexnow', storyUuids: [] } }]);
    const ctx = createExecutionContext();
    const logged = await consoleOf(async () => {
      await worker.queue(batch, env, ctx);
      await waitOnExecutionContext(ctx);
    });
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['live']);
    expect(logged).toContain('Job done');
    expect(logged).not.toContain('given up');
  });
});

// ---------------------------------------------------------------------------------------------
// /healthz is cheap and limited

describe('/healthz is cheap and behind the per-client limit', () => {
  const healthz = async (bindings: Partial<Cloudflare.Env>, headers: Record<string, string> = {}) => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`${ORIGIN}/healthz`, { headers }), { ...env, ...bindings }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: response.status, body: await response.text() };
  };

  test('a burst of checks costs no D1 statement and no KV read beyond the first', async () => {
    const d1 = countingD1();
    const first = await healthz({ DB: d1.db });
    expect(first.status).toBe(200);
    const reads = vi.spyOn(env.PAGE_CACHE, 'get');
    const statements = d1.calls.length;
    for (let i = 0; i < 10; i++) expect(await healthz({ DB: d1.db })).toEqual(first);
    expect(d1.calls.length).toBe(statements);
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });

  test('a client over its limit gets 429, and no store is asked', async () => {
    const d1 = countingD1();
    const keys: string[] = [];
    const limiter = { limit: async ({ key }: { key: string }) => (keys.push(key), { success: false }) } as RateLimit;
    const refused = await healthz({ DB: d1.db, RENDER_LIMITER: limiter }, { 'CF-Connecting-IP': '198.51.100.7' });
    expect(refused.status).toBe(429);
    expect(keys).toEqual(['health:198.51.100.7']);
    expect(d1.calls).toEqual([]);
  });
});
