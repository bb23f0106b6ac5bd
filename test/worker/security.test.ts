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
