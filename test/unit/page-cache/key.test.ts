// The page cache's key (src/page-cache/key.ts) over the routes' declared queries
// (src/page-cache/declared-queries.ts): every spelling of a page's address gets its one key. Paths
// and queries are parsed by Hono itself, as the middleware gets them.
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { createApp } from '#src/app';
import {
  canonicalAddress,
  declaredQueryOf,
  fitsKvKey,
  keyedAddress,
  MAX_PLAIN_ADDRESS_BYTES,
  pageCacheKey,
  routeName,
} from '#src/page-cache/key';
import { DECLARED_QUERIES, type RequestQuery } from '#src/page-cache/declared-queries';

const probe = new Hono().get('*', (c) => c.json({ path: c.req.path, query: c.req.queries() }));

/** The canonical address of `url` when `route` (a DECLARED_QUERIES name, or null) answers it. */
async function addressOf(url: string, route: string | null): Promise<string | null> {
  const { path, query } = (await (await probe.request(url)).json()) as { path: string; query: RequestQuery };
  const declared = route === null ? null : DECLARED_QUERIES.get(route);
  if (declared === undefined) throw new Error(`No declared query for ${route}`);
  return canonicalAddress(path, query, declared);
}

const N = 'https://news.example';
const WIND = 'https%3A%2F%2Fnews.example%2Fwind';

describe('one address per page', () => {
  test.each([
    // A page that reads no query (a story, a feed, a sitemap, llms-full.txt): any query is junk.
    [null, '/amsterdam-x', '/amsterdam-x'],
    [null, '/amsterdam-x?page=junk', '/amsterdam-x'],
    [null, '/amsterdam-x?page=1&page=x&utm_source=mail', '/amsterdam-x'],
    [null, '/feed?page=2', '/feed'],
    [null, '/llms-full.txt?page=99', '/llms-full.txt'],
    [null, '/sitemaps/en-stories-1.xml?x=9', '/sitemaps/en-stories-1.xml'],
    // The path as the router reads it, encoded one way.
    [null, '/%61msterdam-x', '/amsterdam-x'],
    [null, '/%61%6D%73terdam-x', '/amsterdam-x'],
    [null, '/%C3%A9t%C3%A9', '/%C3%A9t%C3%A9'],
    [null, '/%c3%a9t%c3%a9', '/%C3%A9t%C3%A9'],
    [null, '/été', '/%C3%A9t%C3%A9'],
    [null, '/fr/tag/wind%20power/feed', '/fr/tag/wind%20power/feed'],
    // An escaped slash is not a slash to the router: it stays apart from the two-segment path.
    [null, '/a%2Fb', '/a%252Fb'],
    [null, '/a/b', '/a/b'],
    // Paged lists: `page` only, its first value, 1 as the default.
    ['/', '/', '/'],
    ['/', '/?page=1', '/'],
    ['/', '/?utm_source=x&gclid=y', '/'],
    ['/', '/?page=2&gclid=abc', '/?page=2'],
    ['/', '/?page=2&page=x', '/?page=2'],
    ['/', '/?page=1&page=2', '/'],
    ['/', '/fr?page=3', '/fr?page=3'],
    ['/category/:slug', '/fr/category/produits?page=2&utm_id=1', '/fr/category/produits?page=2'],
    ['/tag/:tag', '/tag/wind%20power?page=1', '/tag/wind%20power'],
    ['/media', '/media?page=2&page=2', '/media?page=2'],
    ['/index.md', '/fr/index.md?page=2&x=1', '/fr/index.md?page=2'],
    // Search: the route's own reading of each filter.
    ['/search', '/search?query=wind&category=energy', '/search?category=energy&query=wind'],
    ['/search', '/search?category=energy&query=wind&x=1', '/search?category=energy&query=wind'],
    ['/search', '/search?query=wind&query=sun', '/search?query=wind'],
    ['/search', '/search?query=&page=1', '/search'],
    ['/search', '/search?query=wind&year=abc&month=13', '/search?query=wind'],
    ['/search', '/search?query=wind&year=2026&month=11&page=2', '/search?month=11&page=2&query=wind&year=2026'],
    ['/search', '/search?query=caf%C3%A9+au+lait', '/search?query=caf%C3%A9+au+lait'],
    ['/search', '/search?query=wind&category_query=%20ab%20', '/search?categoryQuery=ab&query=wind'],
    ['/search', `/search?query=${'x'.repeat(1500)}`, `/search?query=${'x'.repeat(1000)}`],
    ['/api/search', '/api/search?query=wi&localeCode=fr&x=2', '/api/search?localeCode=fr&query=wi'],
    // oEmbed: the page asked about in one spelling, the bounds as the answer uses them.
    ['/oembed', `/oembed?url=${WIND}`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${WIND}&format=json&maxwidth=300&maxheight=200&callback=x&page=2`, `/oembed?maxheight=200&maxwidth=300&url=${WIND}`],
    ['/oembed', `/oembed?format=JSON&url=${WIND}&utm_source=x`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${encodeURIComponent('https://NEWS.example:443/wind/?utm_source=x#top')}`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${encodeURIComponent('https://news.example/%77ind')}`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${encodeURIComponent(' https://news.example/wind ')}`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${WIND}&url=https%3A%2F%2Fnews.example%2Fother`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${WIND}&maxwidth=1200&maxheight=abc`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${WIND}&maxwidth=99999&maxheight=99999`, `/oembed?maxheight=10000&url=${WIND}`],
    ['/oembed', `/oembed?url=${WIND}&maxwidth=300px&maxwidth=200`, `/oembed?url=${WIND}`],
    ['/oembed', `/oembed?url=${encodeURIComponent('https://news.example/fr/media/album/%C3%A9')}`, `/oembed?url=${encodeURIComponent('https://news.example/fr/media/album/%C3%A9')}`],
  ])('route %s: %s is %s', async (route, path, expected) => {
    expect(await addressOf(`${N}${path}`, route)).toBe(expected);
  });

  test.each([
    ['/', '/?page=abc'],
    ['/', '/?page=0'],
    ['/', '/?page=02'],
    ['/', '/?page=x&page=2'],
    ['/category/:slug', '/category/products?page=100001'],
    ['/search', '/search?query=wind&page=abc'],
    ['/oembed', '/oembed'],
    ['/oembed', `/oembed?url=${WIND}&format=xml`],
    ['/oembed', `/oembed?url=${encodeURIComponent('ftp://news.example/wind')}`],
    ['/oembed', `/oembed?url=${encodeURIComponent('https://user:pw@news.example/wind')}`],
    ['/oembed', `/oembed?url=${encodeURIComponent('https://news.example/%E0%A4')}`],
    ['/oembed', `/oembed?url=${encodeURIComponent(`https://news.example/${'w'.repeat(2100)}`)}`],
  ])('route %s refuses %s: no key, no lookup (the route answers 4xx itself)', async (route, path) => {
    expect(await addressOf(`${N}${path}`, route)).toBeNull();
  });
});

describe('which route declares the query', () => {
  const app = createApp();
  const getRoutes = app.routes.filter((route) => route.method === 'GET');

  test.each([
    ['/:locale{(?:[a-z]{2})(?:-[a-z0-9]{1,4})?}/category/:slug', '/category/:slug'],
    ['/:locale{(?:[a-z]{2})(?:-[a-z0-9]{1,4})?}', '/'],
    ['/:locale{(?:[a-z]{2})}/index.md', '/index.md'],
    ['/category/:file{[^/]+\\.md}', '/category/:file'],
    ['/:slug', '/:slug'],
    ['/api/search', '/api/search'],
  ])('route %s is named %s', (pattern, name) => {
    expect(routeName(pattern)).toBe(name);
  });

  test('every declared route is one of the app’s GET routes, with and without the locale prefix where it has one', () => {
    const names = new Set(getRoutes.map((route) => routeName(route.path)));
    for (const name of DECLARED_QUERIES.keys()) expect(names, name).toContain(name);
  });

  test('the first matched GET route that declares a query decides; middleware and routes declaring none are passed over', () => {
    const home = DECLARED_QUERIES.get('/')!;
    const routes = [
      { method: 'ALL', path: '/*' },
      { method: 'GET', path: '/:keyFile{[A-Za-z0-9-]{8,128}\\.txt}' },
      { method: 'GET', path: '/:locale{(?:[a-z]{2})}' },
      { method: 'GET', path: '/:slug' },
    ];
    expect(declaredQueryOf(routes, DECLARED_QUERIES)).toBe(home);
    expect(declaredQueryOf([{ method: 'GET', path: '/:slug' }, { method: 'GET', path: '/:file{[^/]+\\.json}' }], DECLARED_QUERIES)).toBeNull();
    expect(declaredQueryOf([{ method: 'POST', path: '/search' }], DECLARED_QUERIES)).toBeNull();
  });
});

describe('the key', () => {
  test.each([
    [{ revision: 7, address: '/story' }, 'page:v3:7::/story'],
    [{ revision: 7, address: '/story', build: 'abc.def' }, 'page:v3:7:abc.def:/story'],
    [{ revision: 7, address: '/?page=2', markdown: true }, 'page:v3:7::/?page=2#markdown'],
  ])('%o is %s', (input, key) => {
    expect(pageCacheKey(input)).toBe(key);
  });

  test('an address too long for a KV key is keyed by its SHA-256: the same page the same key, another page another', async () => {
    const long = `/search?query=${'%E6%97%A5'.repeat(200)}`;
    const keyed = await keyedAddress(long);
    expect(keyed).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await keyedAddress(long)).toBe(keyed);
    expect(await keyedAddress(`${long}x`)).not.toBe(keyed);
    const short = '/search?query=wind';
    expect(await keyedAddress(short)).toBe(short);
    expect(await keyedAddress('x'.repeat(MAX_PLAIN_ADDRESS_BYTES))).toBe('x'.repeat(MAX_PLAIN_ADDRESS_BYTES));
    // With any revision and a generous build, every key fits KV.
    for (const address of [keyed, 'x'.repeat(MAX_PLAIN_ADDRESS_BYTES)]) {
      expect(fitsKvKey(pageCacheKey({ revision: 2 ** 40, address, build: `${'f'.repeat(64)}.${'e'.repeat(64)}`, markdown: true }))).toBe(true);
    }
  });
});
