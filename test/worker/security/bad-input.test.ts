// A corpus of bad requests: every one must get a 4xx page or a {message}, never a 5xx. The test
// names each input, so the list of what was tried is the test report itself.
import { expect, test } from 'vitest';
import { ORIGIN, request } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';

const PATHS = [
  '/EN',
  '/Fr',
  '/xx-toolong',
  '/zz',
  '/xx',
  '/en-',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2fetc%2fpasswd',
  '/category/%00',
  '/category/..%2f..%2f',
  '/category/',
  `/category/${'a'.repeat(5000)}`,
  `/${'x'.repeat(8000)}`,
  '/%ff%fe',
  '/%E2%82',
  '/media/album/%00',
  '/media/album/11111111-2222-4333-8444-55555555555',
  '/media/00000000-0000-4000-8000-000000000000/x.jpg',
  '/media/00000000-0000-4000-8000-000000000000/-/',
  '/?page=-1',
  '/?page=1e9',
  '/?page=99999999999999999999',
  '/search?page=0&query=x',
  `/xx/newsroom/${UUID}/subscribe`,
  `/en/newsroom/${UUID}/subscribe/confirm/${'z'.repeat(3000)}`,
  '/en/newsroom/%00/subscribe',
  '/api/fetch-stories',
  '/api/unknown',
  '/story.json.json',
  '/wp-login.php',
  '/.env',
];

test.each(PATHS)('GET %s answers 4xx (or a redirect to one), never 5xx', async (path) => {
  const response = await request(`${ORIGIN}${path}`);
  expect(response.status, path).toBeGreaterThanOrEqual(400);
  expect(response.status, path).toBeLessThan(500);
});

const BODIES: [string, string, string][] = [
  ['/api/fetch-stories', 'application/json', '{'],
  ['/api/fetch-stories', 'application/json', '[]'],
  ['/api/fetch-stories', 'application/json', 'null'],
  ['/api/fetch-stories', 'application/json', '{"page":{"$gt":1}}'],
  ['/api/fetch-stories', 'application/json', `{"page":${'9'.repeat(400)}}`],
  ['/api/fetch-stories', 'application/json', JSON.stringify({ category: 'x'.repeat(100_000) })],
  ['/api/fetch-stories', 'text/plain', 'page=1'],
  ['/api/fetch-galleries', 'application/json', '{"pageSize":"6"}'],
  ['/api/fetch-galleries', 'application/json', '{"page":-3}'],
  [`/en/newsroom/${UUID}/subscribe`, 'application/x-www-form-urlencoded', `email=${'a'.repeat(10_000)}@x.org`],
  [`/en/newsroom/${UUID}/subscribe`, 'application/json', '{"email":"a@b.org"}'],
  [`/en/newsroom/${UUID}/data-request`, 'application/x-www-form-urlencoded', 'email=&kind=../../etc'],
];

test.each(BODIES)('POST %s (%s) %s… answers 4xx or a redirect, never 5xx', async (path, type, body) => {
  const response = await request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body, redirect: 'manual' });
  expect(response.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
  if (path.startsWith('/api/')) {
    // 413 for a body over the 16 KB limit, 400 for any other bad input.
    expect([400, 413]).toContain(response.status);
    expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
  }
});

test('a path starting with // is answered on this site: its redirect and error page never name another host', async () => {
  const redirect = await request(`${ORIGIN}//evil.example/`, { redirect: 'manual' });
  expect(redirect.status).toBe(301);
  expect(redirect.headers.get('Location')).toBe('/evil.example');
  const page = await request(`${ORIGIN}//<script>//x`);
  expect(page.status).toBe(404);
  const html = await page.text();
  expect(html).toContain('<header');
  expect(html).not.toContain('//<script>');
});
