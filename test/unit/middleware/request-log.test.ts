// The request log line (src/middleware/request-log.ts): what one request writes to Workers Logs,
// shaped from plain facts. No query, no secret, every field present.
import { expect, test } from 'vitest';
import { LOCALE_SEGMENT } from '#src/middleware/locale';
import { isRequestLogged, loggedPath, MAX_LOGGED_PATH_LENGTH, requestIdOf, requestLogLine, routeLabel, SLOW_REQUEST_MS, type RequestFacts } from '#src/middleware/request-log';

const FACTS: RequestFacts = {
  requestId: '8a1b2c3d4e5f6789-LHR',
  method: 'GET',
  path: '/category/company-news',
  route: '/category/:slug',
  locale: 'en',
  status: 200,
  cache: 'MISS',
  d1: { roundTrips: 2, statements: 10 },
  durationMs: 17.4,
};

test('a request line has every field, named for Workers Logs queries', () => {
  expect(requestLogLine(FACTS)).toEqual({
    requestId: '8a1b2c3d4e5f6789-LHR',
    method: 'GET',
    path: '/category/company-news',
    route: '/category/:slug',
    locale: 'en',
    status: 200,
    cache: 'MISS',
    d1RoundTrips: 2,
    d1Statements: 10,
    durationMs: 17,
  });
});

test.each([
  ['/s/r_4K1XAkym3ry19CWCJ3CqStL3RWEPw_cYFLwjDgEa0', '/s/:token'],
  ['/s/r_4K1XAkym3ry19CWCJ3CqStL3RWEPw_cYFLwjDgEa0.json', '/s/:token'],
  ['/s/abc?utm_source=mail', '/s/:token'],
  ['/search?query=layoffs+at+acme', '/search'],
  ['/fr/search?query=secret&page=2#results', '/fr/search'],
  ['https://news.example/api/search?query=x&localeCode=en', '/api/search'],
  ['/en/newsroom/u-u-i-d/subscribe/confirm/0123abcd', '/en/newsroom/u-u-i-d/subscribe/confirm/:token'],
  ['/en/newsroom/u-u-i-d/unsubscribe/0123abcd', '/en/newsroom/u-u-i-d/unsubscribe/:token'],
  ['/story-about-s', '/story-about-s'],
  ['/', '/'],
  ['?query=x', '/'],
])('the path %j is logged as %j: no query, no token', (path, expected) => {
  expect(loggedPath(path)).toBe(expected);
  expect(requestLogLine({ ...FACTS, path }).path).toBe(expected);
});

test('a very long path is cut, so one line stays small', () => {
  const logged = loggedPath(`/${'a'.repeat(5000)}`);
  expect(logged).toHaveLength(MAX_LOGGED_PATH_LENGTH + 1);
  expect(logged.endsWith('…')).toBe(true);
});

test.each([
  ['/category/:slug', '/category/:slug'],
  [`/${LOCALE_SEGMENT}/category/:slug`, '/:locale/category/:slug'],
  [`/${LOCALE_SEGMENT}`, '/:locale'],
  ['/contacts/:file{[a-z0-9][a-z0-9_-]*\\.vcf}', '/contacts/:file'],
  ['/s/:file{[^/]+\\.json}', '/s/:file'],
  ['/media/:uuid/*', '/media/:uuid/*'],
])('the route %j is logged as %j (parameter patterns dropped)', (route, expected) => {
  expect(routeLabel(route)).toBe(expected);
  expect(requestLogLine({ ...FACTS, route }).route).toBe(expected);
});

test.each([
  ['HIT', 'HIT'],
  ['MISS', 'MISS'],
  ['STALE', 'STALE'],
  ['BYPASS', 'BYPASS'],
  ['hit', 'HIT'],
  [null, null],
  ['something else', null],
])('X-Cache %j is logged as cache %j', (header, expected) => {
  expect(requestLogLine({ ...FACTS, cache: header }).cache).toBe(expected);
});

test('a request that made no repository (a cache hit, /healthz) cost no D1 round trip, and has no route or locale when none is known', () => {
  expect(requestLogLine({ ...FACTS, d1: null, route: null, locale: null, cache: 'HIT' })).toMatchObject({ d1RoundTrips: 0, d1Statements: 0, route: null, locale: null, cache: 'HIT' });
});

test('the method is upper case and the duration a whole, non-negative number of milliseconds', () => {
  expect(requestLogLine({ ...FACTS, method: 'head', durationMs: -3 })).toMatchObject({ method: 'HEAD', durationMs: 0 });
  expect(requestLogLine({ ...FACTS, durationMs: 2.6 }).durationMs).toBe(3);
});

test.each([
  ['8a1b2c3d4e5f6789-LHR', '8a1b2c3d4e5f6789-LHR'],
  ['8a1b2c3d4e5f6789', '8a1b2c3d4e5f6789'],
  [null, 'random-id'],
  [undefined, 'random-id'],
  ['', 'random-id'],
  ['not a ray; <script>', 'random-id'],
  ['x'.repeat(65), 'random-id'],
])('the request id for cf-ray %j is %j', (cfRay, expected) => {
  expect(requestIdOf(cfRay, () => 'random-id')).toBe(expected);
});

test('without a cf-ray, each request gets its own random id', () => {
  const ids = new Set(Array.from({ length: 20 }, () => requestIdOf(null)));
  expect(ids.size).toBe(20);
});

test.each([
  ['every', 200, 3, true],
  ['every', 404, 0, true],
  ['errors-and-slow', 200, 3, false],
  ['errors-and-slow', 304, 0, false],
  ['errors-and-slow', 404, 12, false],
  ['errors-and-slow', 499, SLOW_REQUEST_MS - 1, false],
  ['errors-and-slow', 500, 1, true],
  ['errors-and-slow', 503, 0, true],
  ['errors-and-slow', 200, SLOW_REQUEST_MS, true],
  ['errors-and-slow', 404, 2_000, true],
] as const)('in %s mode a %i answered in %i ms is logged: %s', (mode, status, durationMs, logged) => {
  expect(isRequestLogged({ status, durationMs }, mode)).toBe(logged);
});
