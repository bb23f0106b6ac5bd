// The security regression suite: each request a stranger can send that once did harm (issue 13's
// table), replayed through the real worker, with the safe outcome asserted.
import { SELF } from 'cloudflare:test';
import { expect, test } from 'vitest';

const ORIGIN = 'https://news.test.example';
const get = (path: string) => SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual' });

/** Every way a path can smuggle another host into a redirect, after every locale prefix. */
const OFF_SITE_TAILS = ['//evil.example', '//evil.example/', '/\\evil.example', '/%5Cevil.example', '/%5C%5Cevil.example', '/%2F%2Fevil.example', '/%09/evil.example', '/%0A/evil.example', '/%0D%0A/evil.example', '/\\/evil.example'];
const PREFIXES = ['', '/en', '/fr', '/nl', '/ar', '/xx'];

test.each(PREFIXES.flatMap((prefix) => OFF_SITE_TAILS.map((tail) => `${prefix}${tail}`)))('GET %s never redirects off the site', async (path) => {
  const response = await get(path);
  expect(response.status).toBeLessThan(500);
  const location = response.headers.get('Location');
  if (location !== null) {
    expect(location.startsWith('/')).toBe(true);
    expect(location.startsWith('//')).toBe(false);
    expect(location).not.toMatch(/^\/[\\\t\n\r]/);
    expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  }
});

test('the default-language prefix in front of // still redirects onto this site', async () => {
  const response = await get('/en//evil.example');
  expect(response.status).toBe(301);
  expect(response.headers.get('Location')).toBe('/evil.example');
});

const UUID = '11111111-2222-4333-8444-555555555555';
const MEGABYTE = 'x'.repeat(1024 * 1024);

/** A body sent without Content-Length (chunked), so only reading it could tell its size. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      controller.close();
    },
  });
}

test.each([
  ['a JSON call, with Content-Length', '/api/fetch-stories', 'application/json', () => JSON.stringify({ page: 1, pad: MEGABYTE })],
  ['a JSON call, streamed', '/api/fetch-stories', 'application/json', () => streamed(JSON.stringify({ page: 1, pad: MEGABYTE }))],
])('a 1 MB body on %s is refused with 413 and {message}', async (_name, path, type, body) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body: body(), duplex: 'half' } as RequestInit);
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: expect.stringContaining('16384 bytes') });
});

test.each([`/en/newsroom/${UUID}/subscribe`, `/fr/newsroom/${UUID}/data-request`])('a 1 MB form posted to %s gets the localized 413 page and stores nothing', async (path) => {
  const body = new URLSearchParams({ email: 'big@example.org', message: MEGABYTE });
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: 'POST', body });
  expect(response.status).toBe(413);
  const html = await response.text();
  expect(html).toContain(path.startsWith('/fr') ? '<html lang="fr"' : '<html lang="en"');
  const { env } = await import('cloudflare:workers');
  expect(await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email = 'big@example.org'").first()).toEqual({ n: 0 });
});

test('a form under the limit still works', async () => {
  const response = await SELF.fetch(`${ORIGIN}/en/newsroom/${UUID}/subscribe`, { method: 'POST', body: new URLSearchParams({ email: 'small@example.org' }), redirect: 'manual' });
  expect(response.status).toBe(303);
});

test.each([
  ['POST', '/', 'GET, HEAD, OPTIONS'],
  ['PUT', '/category/products', 'GET, HEAD, OPTIONS'],
  ['DELETE', '/feed', 'GET, HEAD, OPTIONS'],
  ['PATCH', `/en/newsroom/${UUID}/subscribe`, 'GET, HEAD, POST, OPTIONS'],
])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method, redirect: 'manual' });
  expect(response.status).toBe(405);
  expect(response.headers.get('Allow')).toBe(allow);
});

test('a wrong method on the API answers 405 as JSON {message}', async () => {
  const response = await SELF.fetch(`${ORIGIN}/api/fetch-stories`, { method: 'GET' });
  expect(response.status).toBe(405);
  expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
  expect(await response.json()).toEqual({ message: expect.any(String) });
});

test.each(['/', '/feed', '/api/fetch-stories', `/en/newsroom/${UUID}/subscribe`])('OPTIONS %s answers the allowed methods without a body', async (path) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { method: 'OPTIONS' });
  expect(response.status).toBe(204);
  expect(response.headers.get('Allow')).toContain('OPTIONS');
  expect(await response.text()).toBe('');
});

test('the stylesheet carries the security headers', async () => {
  const response = await get('/styles/site.css');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toContain('text/css');
  for (const header of ['Strict-Transport-Security', 'X-Content-Type-Options', 'X-Frame-Options', 'Referrer-Policy']) expect(response.headers.get(header), header).not.toBeNull();
});
