import { describe, expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { cacheLifetime, canServeFromCache, canStoreResponse, DEFAULT_FRESH_SECONDS, isFresh, isRecentChange, isStorableCacheControl, isStorableContentType, isStorableVary, REPLICA_CATCH_UP_MS, storedHeaders } from '#src/page-cache/policy';
import { isOperatorBypass } from '#src/http/operator-bypass';

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
    ['a secret link behind a locale', request('https://news.example/en/s/abc'), false],
    ['a secret link with an escaped slash', request('https://news.example/s%2Fabc'), false],
    ['a mailed unsubscribe link', request('https://news.example/en/newsroom/u/unsubscribe/abc'), false],
    ['a mailed confirmation link', request('https://news.example/fr/newsroom/u/data-request/confirm/abc'), false],
    ['a journalist’s leave link', request('https://news.example/press/leave/abc'), false],
    ['a journalist’s own page', request(`https://news.example/press/${'T'.repeat(43)}`), false],
    ['a journalist’s calendar file', request(`https://news.example/press/${'T'.repeat(43)}/a4b4b54c-49ab-4cf1-ba04-481bca01aebf.ics`), false],
    ['a tag named press', request('https://news.example/tag/press/feed'), true],
    ['the portal form', request('https://news.example/en/newsroom/u/subscribe'), true],
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
    ['text/plain; charset=utf-8', true],
    ['text/vcard; charset=utf-8', true],
    ['image/jpeg', false],
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
