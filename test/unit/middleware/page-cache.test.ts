import { describe, expect, test } from 'vitest';
import { cacheRules } from '#src/middleware/cache-rules';
import {
  cacheLifetime,
  canServeFromCache,
  canStoreResponse,
  DEFAULT_FRESH_SECONDS,
  fitsKvKey,
  isFresh,
  isOperatorBypass,
  isRecentChange,
  isStorableCacheControl,
  isStorableContentType,
  isStorableVary,
  normalisedQuery,
  pageCacheKey,
  REPLICA_CATCH_UP_MS,
  storedHeaders,
} from '#src/middleware/page-cache-policy';

const request = (url: string, init: RequestInit = {}) => new Request(url, init);

describe('page cache policy', () => {
  test.each([
    ['a plain GET', request('https://news.example/story'), true],
    ['a HEAD', request('https://news.example/story', { method: 'HEAD' }), true],
    ['a POST', request('https://news.example/story', { method: 'POST' }), false],
    ['an OPTIONS', request('https://news.example/story', { method: 'OPTIONS' }), false],
    // No sessions, logins or previews exist: nothing a stranger can send skips the cache.
    ['a request with Authorization', request('https://news.example/story', { headers: { Authorization: 'Bearer x' } }), true],
    ['a session cookie', request('https://news.example/story', { headers: { Cookie: 'newsroom_session=abc' } }), true],
    ['?preview', request('https://news.example/story?preview=1'), true],
    ['a secret link', request('https://news.example/s/abc'), false],
    ['a secret link spelled with an escape', request('https://news.example/%73/abc'), false],
  ])('%s may be served from the cache: %s', (_name, req, expected) => {
    expect(canServeFromCache(req)).toBe(expected);
  });

  test.each([
    ['text/html; charset=utf-8', true],
    ['TEXT/HTML', true],
    ['application/rss+xml; charset=utf-8', true],
    ['application/atom+xml', true],
    ['application/xml', true],
    ['text/xml', true],
    ['application/json', true],
    ['application/feed+json', true],
    ['image/jpeg', false],
    ['text/plain', false],
    ['text/css', false],
    [null, false],
  ])('content type %s is storable: %s', (contentType, expected) => {
    expect(isStorableContentType(contentType)).toBe(expected);
  });

  test.each([
    [cacheRules.page, true],
    [cacheRules.feed, true],
    [cacheRules.private, false],
    [cacheRules.error, false],
    ['public, no-cache', false],
    ['public, max-age=60, s-maxage=0', false],
    ['public, max-age=0', false],
    ['public, max-age=60', true],
    [null, false],
    ['', false],
  ])('Cache-Control %s is storable: %s', (cacheControl, expected) => {
    expect(isStorableCacheControl(cacheControl)).toBe(expected);
  });

  test.each([
    [cacheRules.page, { freshSeconds: 300, staleSeconds: 86_400 }],
    [cacheRules.feed, { freshSeconds: 900, staleSeconds: 86_400 }],
    ['public, max-age=60', { freshSeconds: 60, staleSeconds: 0 }],
    ['public', { freshSeconds: DEFAULT_FRESH_SECONDS, staleSeconds: 0 }],
    ['public, s-maxage="120", stale-if-error=30', { freshSeconds: 120, staleSeconds: 30 }],
  ])('Cache-Control %s gives lifetime %o', (cacheControl, expected) => {
    expect(cacheLifetime(cacheControl)).toEqual(expected);
  });

  test.each([
    [null, true],
    ['Accept-Encoding', true],
    ['accept-encoding, Accept-Encoding', true],
    ['Accept-Language', false],
    ['Accept-Encoding, Cookie', false],
    ['*', false],
  ])('Vary %s is storable: %s', (vary, expected) => {
    expect(isStorableVary(vary)).toBe(expected);
  });

  test.each([
    ['a public 200 page', new Response('x', { headers: { 'Content-Type': 'text/html', 'Cache-Control': cacheRules.page } }), true],
    ['a page that sets a cookie (stored with it stripped)', new Response('x', { headers: { 'Content-Type': 'text/html', 'Cache-Control': cacheRules.page, 'Set-Cookie': 'a=1' } }), true],
    ['a 404', new Response('x', { status: 404, headers: { 'Content-Type': 'text/html', 'Cache-Control': cacheRules.page } }), false],
    ['a 301', new Response(null, { status: 301, headers: { Location: '/x', 'Cache-Control': cacheRules.page } }), false],
    ['a private page', new Response('x', { headers: { 'Content-Type': 'text/html', 'Cache-Control': cacheRules.private } }), false],
    ['a page without Cache-Control', new Response('x', { headers: { 'Content-Type': 'text/html' } }), false],
    ['an image', new Response('x', { headers: { 'Content-Type': 'image/png', 'Cache-Control': cacheRules.media } }), false],
  ])('%s may be stored: %s', (_name, response, expected) => {
    expect(canStoreResponse(response)).toBe(expected);
  });

  test('stored headers drop cookies, timings and per-response headers and keep the representation', () => {
    const headers = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': cacheRules.page,
      'X-Robots-Tag': 'noindex',
      'Set-Cookie': 'session=1',
      'Server-Timing': 'd1;desc="round trips: 2"',
      'Content-Length': '12',
      Date: 'Mon, 01 Jan 2026 00:00:00 GMT',
      'X-Cache': 'MISS',
      ETag: '"x"',
    });
    expect(storedHeaders(headers)).toEqual([
      ['cache-control', cacheRules.page],
      ['content-type', 'text/html; charset=utf-8'],
      ['x-robots-tag', 'noindex'],
    ]);
  });

  test.each([
    ['https://news.example/story', 'page:v2:7::/story'],
    ['https://NEWS.example/story', 'page:v2:7::/story'],
    ['https://news.example/', 'page:v2:7::/'],
    ['https://news.example/search?query=wind&category=energy', 'page:v2:7::/search?category=energy&query=wind'],
    ['https://news.example/search?category=energy&query=wind', 'page:v2:7::/search?category=energy&query=wind'],
    ['https://news.example/story?utm_source=mail&utm_id=42&fbclid=x', 'page:v2:7::/story'],
    ['https://news.example/?page=2&gclid=abc', 'page:v2:7::/?page=2'],
    ['https://news.example/fr/tag/%C3%A9nergie?utm_source=x&page=2', 'page:v2:7::/fr/tag/%C3%A9nergie?page=2'],
    ['https://news.example/?anything=1a2b3c', 'page:v2:7::/'],
    ['https://news.example/story?preview=1&page=2', 'page:v2:7::/story?page=2'],
    ['https://news.example/fr/search?query=wind&x=1&year=2026', 'page:v2:7::/fr/search?query=wind&year=2026'],
    ['https://news.example/api/search?query=wi&localeCode=fr&x=2', 'page:v2:7::/api/search?localeCode=fr&query=wi'],
    ['https://news.example/sitemaps/en-stories-1.xml?x=9', 'page:v2:7::/sitemaps/en-stories-1.xml'],
    ['https://news.example:8787/fr', 'page:v2:7::/fr'],
    ['https://news.example/search?query=caf%C3%A9+au+lait', 'page:v2:7::/search?query=caf%C3%A9+au+lait'],
    [
      'https://news.example/oembed?url=https%3A%2F%2Fnews.example%2Fwind&format=json&maxwidth=300&maxheight=200&callback=x&page=2',
      'page:v2:7::/oembed?format=json&maxheight=200&maxwidth=300&url=https%3A%2F%2Fnews.example%2Fwind',
    ],
    ['https://news.example/oembed?utm_source=x&url=https%3A%2F%2Fnews.example%2Fwind', 'page:v2:7::/oembed?url=https%3A%2F%2Fnews.example%2Fwind'],
    ['https://news.example/fr/oembed?url=x', 'page:v2:7::/fr/oembed'],
  ])('%s has key %s', (url, key) => {
    expect(pageCacheKey({ revision: 7, url: new URL(url) })).toBe(key);
  });

  test('the key changes with the revision and the client build, not with the host', () => {
    const url = new URL('https://news.example/story');
    const base = pageCacheKey({ revision: 1, url, build: 'abc' });
    expect(pageCacheKey({ revision: 2, url, build: 'abc' })).not.toBe(base);
    expect(pageCacheKey({ revision: 1, url, build: 'def' })).not.toBe(base);
    // Pages take every absolute address from the newsroom's URL, so any hostname shares the copy.
    expect(pageCacheKey({ revision: 1, url: new URL('https://other.example/story'), build: 'abc' })).toBe(base);
  });

  test('repeated query parameters keep their order, because routes read the first one', () => {
    expect(normalisedQuery(new URL('https://n.example/?page=2&page=1'))).toBe('page=2&page=1');
    expect(normalisedQuery(new URL('https://n.example/?page=1&page=2'))).toBe('page=1&page=2');
  });

  test('keys longer than KV allows are refused', () => {
    expect(fitsKvKey(pageCacheKey({ revision: 1, url: new URL(`https://n.example/search?query=${'x'.repeat(400)}`) }))).toBe(true);
    expect(fitsKvKey(pageCacheKey({ revision: 1, url: new URL(`https://n.example/search?query=${'x'.repeat(600)}`) }))).toBe(false);
  });

  test.each([
    [0, 299_999, true],
    [0, 300_000, false],
    [1_000, 1_500, true],
  ])('an entry stored at %i is fresh at %i (300 s): %s', (storedAt, now, expected) => {
    expect(isFresh({ t: storedAt, f: 300 }, now)).toBe(expected);
  });
});

test.each([
  ['the right secret', 's3cret-token', { 'X-Page-Cache-Bypass': 's3cret-token' }, true],
  ['a wrong secret', 's3cret-token', { 'X-Page-Cache-Bypass': 's3cret-tokem' }, false],
  ['no header', 's3cret-token', {}, false],
  ['no secret configured, even with the header', '', { 'X-Page-Cache-Bypass': '' }, false],
  ['no secret configured at all', undefined, { 'X-Page-Cache-Bypass': 'x' }, false],
])('the operator bypass with %s skips the cache: %s', (_name, token, headers, expected) => {
  expect(isOperatorBypass(new Request('https://n.example/', { headers }), token)).toBe(expected);
});

test.each([
  ['changed a second ago', { changedAt: 1_000_000 - 1_000 }, true],
  ['changed just under the catch-up time ago', { changedAt: 1_000_000 - REPLICA_CATCH_UP_MS + 1 }, true],
  ['changed exactly the catch-up time ago', { changedAt: 1_000_000 - REPLICA_CATCH_UP_MS }, false],
  ['changed an hour ago', { changedAt: 1_000_000 - 3_600_000 }, false],
  ['of unknown age (a backfill from D1)', { changedAt: null }, false],
  ['unknown altogether', null, false],
] as const)('pointers %s make renders read the primary: %s', (_case, pointers, expected) => {
  expect(isRecentChange(pointers, 1_000_000)).toBe(expected);
});
