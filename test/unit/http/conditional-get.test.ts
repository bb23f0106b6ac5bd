// Conditional GET (src/http/conditional-get.ts), one way for routes and the page cache: the
// ETag, the request's conditions and the 304 of RFC 9110 section 15.4.5, as tables.
import { expect, test } from 'vitest';
import { conditionalResponse, entityTag, ifNoneMatchMatches, isNotModified, NOT_MODIFIED_HEADERS, notModifiedResponse } from '#src/http/conditional-get';

test('the ETag is a quoted hash of the body, the same for text and its bytes, equal for equal bodies', async () => {
  const a = await entityTag('<p>hello</p>');
  expect(a).toMatch(/^"[0-9a-f]{32}"$/);
  expect(await entityTag(new TextEncoder().encode('<p>hello</p>'))).toBe(a);
  expect(await entityTag(new TextEncoder().encode('<p>hello</p>').buffer)).toBe(a);
  expect(await entityTag('<p>hello!</p>')).not.toBe(a);
});

test.each([
  ['"abc"', 'W/"abc"', true],
  ['W/"abc"', 'W/"abc"', true],
  ['"abc"', '"abc"', true],
  ['W/"abc"', '"abc"', true],
  ['"x", W/"abc"', 'W/"abc"', true],
  ['*', 'W/"abc"', true],
  ['"abd"', 'W/"abc"', false],
  ['', 'W/"abc"', false],
  [null, 'W/"abc"', false],
])('If-None-Match %s matches %s (weak comparison): %s', (header, etag, expected) => {
  expect(ifNoneMatchMatches(header, etag)).toBe(expected);
});

test.each([
  ['a matching If-None-Match', { 'If-None-Match': '"abc"' }, true],
  ['If-None-Match wins over a matching If-Modified-Since', { 'If-None-Match': '"old"', 'If-Modified-Since': 'Sun, 22 Nov 2026 10:00:00 GMT' }, false],
  ['If-Modified-Since at Last-Modified', { 'If-Modified-Since': 'Sun, 22 Nov 2026 09:00:00 GMT' }, true],
  ['If-Modified-Since after Last-Modified', { 'If-Modified-Since': 'Sun, 22 Nov 2026 10:00:00 GMT' }, true],
  ['If-Modified-Since before Last-Modified', { 'If-Modified-Since': 'Sun, 22 Nov 2026 08:59:59 GMT' }, false],
  ['a malformed If-Modified-Since', { 'If-Modified-Since': 'yesterday' }, false],
  ['no conditional header', {}, false],
])('%s gives a 304: %s', (_name, headers, expected) => {
  expect(isNotModified(new Headers(headers), 'W/"abc"', 'Sun, 22 Nov 2026 09:00:00 GMT')).toBe(expected);
});

test('without a Last-Modified, If-Modified-Since never gives a 304', () => {
  expect(isNotModified(new Headers({ 'If-Modified-Since': 'Sun, 22 Nov 2026 09:00:00 GMT' }), 'W/"abc"', null)).toBe(false);
});

const FULL_ANSWER = {
  'Content-Type': 'application/rss+xml; charset=utf-8',
  'Content-Length': '512',
  'Content-Language': 'fr',
  ETag: 'W/"abc"',
  'Last-Modified': 'Sun, 22 Nov 2026 09:00:00 GMT',
  'Cache-Control': 'public, max-age=60',
  Expires: 'Sun, 22 Nov 2026 10:00:00 GMT',
  Vary: 'Accept',
  Date: 'Sun, 22 Nov 2026 09:30:00 GMT',
  'Content-Location': '/feed',
  Age: '12',
  'X-Cache': 'HIT',
  'Server-Timing': 'page-cache;desc="HIT"',
  'X-Robots-Tag': 'noindex',
};

test.each(Object.entries(FULL_ANSWER))('a 304 for an answer with %s keeps it only if RFC 9110 15.4.5 says so', (name, value) => {
  const response = notModifiedResponse(new Headers(FULL_ANSWER));
  expect(response.status).toBe(304);
  expect(response.headers.get(name)).toBe(NOT_MODIFIED_HEADERS.includes(name.toLowerCase()) ? value : null);
});

test.each(['content-type', 'content-length', 'content-language', 'content-encoding'])('a 304 never carries %s', (name) => {
  expect(NOT_MODIFIED_HEADERS).not.toContain(name);
});

test('a 304 has no body', async () => {
  expect(await notModifiedResponse(new Headers(FULL_ANSWER)).text()).toBe('');
});

const FEED = { contentType: 'application/rss+xml; charset=utf-8', cacheControl: 'public, max-age=60', lastModified: 1_795_338_000 };

test('a generated document carries its ETag, Last-Modified and own headers', async () => {
  const response = await conditionalResponse(new Request('https://n.example/feed'), '<rss/>', { ...FEED, headers: { Vary: 'Accept' } });
  expect(response.status).toBe(200);
  expect(await response.text()).toBe('<rss/>');
  expect(response.headers.get('ETag')).toBe(await entityTag('<rss/>'));
  expect(response.headers.get('Last-Modified')).toBe(new Date(FEED.lastModified * 1000).toUTCString());
  expect(response.headers.get('Vary')).toBe('Accept');
});

test.each([
  ['its ETag', async () => ({ 'If-None-Match': await entityTag('<rss/>') })],
  ['its ETag weakened by a CDN', async () => ({ 'If-None-Match': `W/${await entityTag('<rss/>')}` })],
  ['its Last-Modified', async () => ({ 'If-Modified-Since': new Date(FEED.lastModified * 1000).toUTCString() })],
])('a request naming %s gets a 304 without Content-Type', async (_name, conditions) => {
  const response = await conditionalResponse(new Request('https://n.example/feed', { headers: await conditions() }), '<rss/>', FEED);
  expect(response.status).toBe(304);
  expect(response.headers.get('Content-Type')).toBeNull();
  expect(response.headers.get('ETag')).toBe(await entityTag('<rss/>'));
  expect(response.headers.get('Cache-Control')).toBe(FEED.cacheControl);
});

test('a HEAD request gets the headers without the body', async () => {
  const response = await conditionalResponse(new Request('https://n.example/feed', { method: 'HEAD' }), '<rss/>', FEED);
  expect([response.status, await response.text(), response.headers.get('Content-Type')]).toEqual([200, '', FEED.contentType]);
});
