// The security regression suite: each request a stranger can send that once did harm,
// replayed through the real worker, with the safe outcome asserted.
import { describe, expect, test, vi } from 'vitest';
import { ORIGIN, get, request } from '../request';


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
  const response = await request(`${ORIGIN}${path}`, { method: 'POST', headers: { 'Content-Type': type }, body: body(), duplex: 'half' } as RequestInit);
  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: expect.stringContaining('16384 bytes') });
});

test.each([`/en/newsroom/${UUID}/subscribe`, `/fr/newsroom/${UUID}/data-request`])('a 1 MB form posted to %s gets the localized 413 page and stores nothing', async (path) => {
  const body = new URLSearchParams({ email: 'big@example.org', message: MEGABYTE });
  const response = await request(`${ORIGIN}${path}`, { method: 'POST', body });
  expect(response.status).toBe(413);
  const html = await response.text();
  expect(html).toContain(path.startsWith('/fr') ? '<html lang="fr"' : '<html lang="en"');
  const { env } = await import('cloudflare:workers');
  expect(await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email = 'big@example.org'").first()).toEqual({ n: 0 });
});

test('a form under the limit still works', async () => {
  const response = await request(`${ORIGIN}/en/newsroom/${UUID}/subscribe`, { method: 'POST', body: new URLSearchParams({ email: 'small@example.org' }), redirect: 'manual' });
  expect(response.status).toBe(303);
});

test.each([
  ['POST', '/', 'GET, HEAD, OPTIONS'],
  ['PUT', '/category/products', 'GET, HEAD, OPTIONS'],
  ['DELETE', '/feed', 'GET, HEAD, OPTIONS'],
  ['PATCH', `/en/newsroom/${UUID}/subscribe`, 'GET, HEAD, POST, OPTIONS'],
])('%s %s answers 405 with Allow: %s', async (method, path, allow) => {
  const response = await request(`${ORIGIN}${path}`, { method, redirect: 'manual' });
  expect(response.status).toBe(405);
  expect(response.headers.get('Allow')).toBe(allow);
});

test('a wrong method on the API answers 405 as JSON {message}', async () => {
  const response = await request(`${ORIGIN}/api/fetch-stories`, { method: 'GET' });
  expect(response.status).toBe(405);
  expect(response.headers.get('Allow')).toBe('POST, OPTIONS');
  expect(await response.json()).toEqual({ message: expect.any(String) });
});

test.each(['/', '/feed', '/api/fetch-stories', `/en/newsroom/${UUID}/subscribe`])('OPTIONS %s answers the allowed methods without a body', async (path) => {
  const response = await request(`${ORIGIN}${path}`, { method: 'OPTIONS' });
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

// ---------------------------------------------------------------------------------------------
// Mail bombing, cross-site posts, scanners and token lifecycle on the privacy portal.

const portal = (locale: string, action = 'subscribe') => `${ORIGIN}/${locale}/newsroom/${UUID}/${action}`;
const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(url, { method: 'POST', body: new URLSearchParams(fields), headers, redirect: 'manual' });

async function outboxCount(pattern: string): Promise<number> {
  const { env } = await import('cloudflare:workers');
  // D1 refuses long LIKE patterns: exact addresses are compared as they are.
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM outbox WHERE to_address ${pattern.includes('%') ? 'LIKE' : '='} ?1`).bind(pattern).first<{ n: number }>();
  return row!.n;
}

test('30 subscribes for victim+N@ in every language put at most 3 mails in the outbox for that mailbox, and each got the same answer', async () => {
  const locales = ['en', 'fr', 'ar'];
  const responses = [];
  for (let n = 0; n < 30; n++) responses.push(await post(portal(locales[n % locales.length]!), { email: `Victim+${n}@Example.org` }));
  expect(new Set(responses.map((response) => `${response.status} ${response.headers.get('Location')?.replace(/^\/\w+\//, '/')}`))).toEqual(
    new Set([`303 /newsroom/${UUID}/subscribe?status=pending`]),
  );
  expect(await outboxCount('victim%@example.org')).toBe(3);
});

test('dots in a Gmail address do not reset its quota either', async () => {
  for (const email of ['j.doe@gmail.com', 'jdoe@googlemail.com', 'J.D.O.E@gmail.com', 'jd.oe+x@gmail.com', 'j.d.o.e@gmail.com']) await post(portal('en'), { email });
  const { env } = await import('cloudflare:workers');
  const row = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address LIKE '%doe%' OR to_address LIKE 'j.d.o.e%'").first<{ n: number }>();
  expect(row!.n).toBe(3);
});

test.each([
  ['a foreign Origin', { Origin: 'https://evil.example' }],
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://other.test.example' }],
])('a post with %s is refused with 403 and changes nothing', async (_name, headers) => {
  const email = `cross-${crypto.randomUUID()}@example.org`;
  const response = await post(portal('en'), { email }, headers);
  expect(response.status).toBe(403);
  expect(await response.text()).toContain('Something went wrong');
  expect(await outboxCount(email)).toBe(0);
  const api = await request(`${ORIGIN}/api/fetch-stories`, { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: '{"page":1}' });
  expect(api.status).toBe(403);
  expect(await api.json()).toEqual({ message: expect.any(String) });
});

test.each([
  ['the same origin', { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' }],
  ['a portal page (no-referrer: Origin null, Sec-Fetch-Site same-origin)', { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }],
  ['no browser headers at all (a mail provider, a script)', {}],
])('a post from %s is accepted', async (_name, headers) => {
  const response = await post(portal('en'), { email: `ok-${crypto.randomUUID()}@example.org` }, headers);
  expect(response.status).toBe(303);
});

test('a filled honeypot is answered like a success and sends nothing', async () => {
  const email = `robot-${crypto.randomUUID()}@example.org`;
  const response = await post(portal('en'), { email, website: 'https://spam.example' });
  expect([response.status, response.headers.get('Location')]).toEqual([303, `/en/newsroom/${UUID}/subscribe?status=pending`]);
  expect(await outboxCount(email)).toBe(0);
  const dataRequest = await post(portal('en', 'data-request'), { email, kind: 'access', website: 'x' });
  expect(dataRequest.status).toBe(303);
  expect(await outboxCount(email)).toBe(0);
});

test('a client posting to the portal too often gets the localized 429 page', async () => {
  // The limiter counts per minute window: a run that crosses a window's end (a slow machine) is
  // run again with a fresh client, so the 21 posts are counted in one window.
  const windowOf = () => Math.floor(Date.now() / 60_000);
  let statuses: number[] = [];
  let limited: Response | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    const client = { 'CF-Connecting-IP': `203.0.113.${Math.floor(Math.random() * 250)}` };
    const startedIn = windowOf();
    statuses = [];
    for (let n = 0; n < 20; n++) statuses.push((await post(portal('fr'), { email: `busy-${attempt}-${n}@example.org` }, client)).status);
    limited = await post(portal('fr'), { email: 'busy-last@example.org' }, client);
    if (windowOf() === startedIn) break;
  }
  expect(statuses.every((status) => status === 303)).toBe(true);
  expect(limited!.status).toBe(429);
  expect(limited!.headers.get('Retry-After')).toBe('60');
  const html = await limited!.text();
  expect(html).toContain('<html lang="fr"');
  // Another client is not affected.
  expect((await post(portal('fr'), { email: 'other-client@example.org' }, { 'CF-Connecting-IP': '198.51.100.7' })).status).toBe(303);
});

test('a confirmation link expires after 7 days and works once', async () => {
  const { env } = await import('cloudflare:workers');
  const email = `late-${crypto.randomUUID()}@example.org`;
  await post(portal('en'), { email });
  const mail = await env.DB.prepare('SELECT text_body FROM outbox WHERE to_address = ?1').bind(email).first<{ text_body: string }>();
  const link = mail!.text_body.match(/https?:\/\/\S+\/subscribe\/confirm\/\w+/)![0];
  await env.DB.prepare('UPDATE subscribers SET confirm_expires_at = ?2 WHERE email = ?1').bind(email, Math.floor(Date.now() / 1000) - 1).run();
  expect((await request(link)).status).toBe(404);
  expect((await request(link, { method: 'POST' })).status).toBe(404);
  await env.DB.prepare('UPDATE subscribers SET confirm_expires_at = ?2 WHERE email = ?1').bind(email, Math.floor(Date.now() / 1000) + 600).run();
  expect((await request(link, { method: 'POST' })).status).toBe(200);
  expect((await request(link, { method: 'POST' })).status).toBe(404);
});

test('a pending subscriber who asks again gets a new mail (a stranded subscription can always be finished)', async () => {
  const email = `again-${crypto.randomUUID()}@example.org`;
  await post(portal('en'), { email });
  await post(portal('en'), { email });
  expect(await outboxCount(email)).toBe(2);
});

test('confirmation and unsubscribe links are different tokens', async () => {
  const { env } = await import('cloudflare:workers');
  const email = `tokens-${crypto.randomUUID()}@example.org`;
  await post(portal('en'), { email });
  const mail = await env.DB.prepare('SELECT text_body FROM outbox WHERE to_address = ?1').bind(email).first<{ text_body: string }>();
  const confirm = mail!.text_body.match(/\/subscribe\/confirm\/(\w+)/)![1];
  const unsubscribe = mail!.text_body.match(/\/unsubscribe\/(\w+)/)![1];
  expect(confirm).not.toBe(unsubscribe);
  // The unsubscribe token cannot confirm.
  expect((await request(portal('en', `subscribe/confirm/${unsubscribe}`), { method: 'POST' })).status).toBe(404);
});

test.each(['subscribe', 'subscribe/confirm/anything', 'unsubscribe/anything', 'data-request'])('the portal page %s sends no Referer and runs no analytics', async (action) => {
  const response = await get(`/en/newsroom/${UUID}/${action}`);
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(response.headers.get('Cache-Control')).toBe('private, no-store');
  const csp = response.headers.get('Content-Security-Policy')!;
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("connect-src 'self';");
  expect(await response.text()).not.toMatch(/"isEnabled":true/);
});

// ---------------------------------------------------------------------------------------------
// No cheap way around the page cache.

test.each([
  ['/', '/?anything=' ],
  ['/category/products', '/category/products?preview=1&x=' ],
  ['/sitemaps/en-stories-1.xml', '/sitemaps/en-stories-1.xml?x=' ],
  ['/feed', '/feed?utm_source=x&cb=' ],
])('after %s, %s<random> is a page-cache HIT', async (path, variant) => {
  // Read to the end: the copy is stored from the stream the visitor reads.
  await (await get(path)).text();
  await (await get(path)).text();
  const response = await get(`${variant}${crypto.randomUUID()}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('X-Cache')).toBe('HIT');
});

test.each([
  ['a session cookie', { Cookie: 'newsroom_session=abc' }],
  ['an Authorization header', { Authorization: 'Bearer x' }],
  ['a guessed bypass header', { 'X-Page-Cache-Bypass': 'guess' }],
])('%s does not skip the page cache', async (_name, headers) => {
  await (await get('/category/company-news')).text();
  await (await get('/category/company-news')).text();
  const response = await request(`${ORIGIN}/category/company-news`, { headers });
  expect(response.headers.get('X-Cache')).toBe('HIT');
});

test.each(['/?page=99999', '/category/products?page=5000', '/media?page=777', '/fr?page=400'])('%s is a 404 found from the stored counts, without a list query', async (path) => {
  await get('/');
  const response = await get(path);
  expect(response.status).toBe(404);
  // No list query, and the site context is the isolate's (loaded by the request before): no D1 at all.
  expect(response.headers.get('Server-Timing')).toMatch(/round trips: 0,/);
});

test('a page far past the end of the API list answers an empty page without querying', async () => {
  const response = await request(`${ORIGIN}/api/fetch-stories`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 10000, pageSize: 48 }) });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ stories: [], total: expect.any(Number) });
  // At most the site context (none when this isolate already holds it), never the list query.
  expect(response.headers.get('Server-Timing')).toMatch(/round trips: [01], statements: (0|[1-9]\d*)"/);
});

test('renders are limited per client: the 601st request of a minute that the cache cannot answer is refused', async () => {
  const { env } = await import('cloudflare:workers');
  const { limitClient } = await import('#src/http/client-limits');
  const request = new Request(`${ORIGIN}/`, { headers: { 'CF-Connecting-IP': `192.0.2.${Math.floor(Math.random() * 250)}` } });
  for (let n = 0; n < 600; n++) await limitClient(env.RENDER_LIMITER, 'render-test', request);
  await expect(limitClient(env.RENDER_LIMITER, 'render-test', request)).rejects.toThrow('Too many requests');
  // Another client, and a request without a client address (not through Cloudflare), pass.
  await limitClient(env.RENDER_LIMITER, 'render-test', new Request(`${ORIGIN}/`, { headers: { 'CF-Connecting-IP': '192.0.2.251' } }));
  await limitClient(env.RENDER_LIMITER, 'render-test', new Request(`${ORIGIN}/`));
});

test('a client over the render limit gets the 429 page with Retry-After', async () => {
  const { renderFresh } = await import('../fresh-render');
  const { env } = await import('cloudflare:workers');
  const refusing = { ...env, RENDER_LIMITER: { limit: async () => ({ success: false }) } as RateLimit };
  const response = await renderFresh('/category/products', { headers: { 'CF-Connecting-IP': '192.0.2.9' } }, refusing);
  expect(response.status).toBe(429);
  expect(response.headers.get('Retry-After')).toBe('60');
  expect(await response.text()).toContain('Something went wrong');
});

// ---------------------------------------------------------------------------------------------
// Optional Cloudflare Turnstile on the portal's forms, checked against a stand-in siteverify that
// answers as the real one documents ({ success, "error-codes" }).

describe('with Turnstile set up', () => {
  const VERIFY_URL = 'https://turnstile.test/siteverify';
  const turnstileEnv = async () => {
    const { env } = await import('cloudflare:workers');
    return { ...env, TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET_KEY: 'secret-key-for-tests', TURNSTILE_VERIFY_URL: VERIFY_URL };
  };
  function siteverify(success: boolean) {
    const calls: URLSearchParams[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url !== VERIFY_URL) return original(input, init);
      calls.push(new URLSearchParams(String(init?.body)));
      return Response.json({ success, 'error-codes': success ? [] : ['invalid-input-response'] });
    });
    return calls;
  }
  const subscribe = async (fields: Record<string, string>) => {
    const { renderFresh } = await import('../fresh-render');
    return renderFresh(`/en/newsroom/${UUID}/subscribe`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'CF-Connecting-IP': '192.0.2.77' } }, await turnstileEnv());
  };

  test('the portal form pages carry the widget, and only they open the CSP to it', async () => {
    const { renderFresh } = await import('../fresh-render');
    const form = await renderFresh(`/en/newsroom/${UUID}/subscribe`, {}, await turnstileEnv());
    const html = await form.text();
    expect(html).toContain('data-sitekey="1x00000000000000000000AA"');
    expect(html).toContain('src="https://challenges.cloudflare.com/turnstile/v0/api.js"');
    expect(form.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' https:\/\/challenges\.cloudflare\.com;.*frame-src https:\/\/challenges\.cloudflare\.com/);
    for (const path of [`/en/newsroom/${UUID}/subscribe/confirm/anything`, '/']) {
      const other = await renderFresh(path, {}, await turnstileEnv());
      expect(await other.text()).not.toContain('challenges.cloudflare.com');
      expect(other.headers.get('Content-Security-Policy')).not.toContain('challenges.cloudflare.com');
    }
  });

  test('a post without a token (the footer form) gets the portal form back, filled in, and nothing is sent', async () => {
    const email = `footer-${crypto.randomUUID()}@example.org`;
    const response = await subscribe({ email });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`value="${email}"`);
    expect(html).toContain('class="cf-turnstile');
    expect(await outboxCount(email)).toBe(0);
  });

  test('a token siteverify accepts lets the subscription through; the secret, token and client address were sent', async () => {
    const calls = siteverify(true);
    const email = `human-${crypto.randomUUID()}@example.org`;
    const response = await subscribe({ email, 'cf-turnstile-response': 'token-from-widget' });
    expect(response.status).toBe(303);
    expect(await outboxCount(email)).toBe(1);
    expect(calls.map((call) => Object.fromEntries(call))).toEqual([{ secret: 'secret-key-for-tests', response: 'token-from-widget', remoteip: '192.0.2.77' }]);
  });

  test('a token siteverify refuses is a failed form and nothing is sent', async () => {
    siteverify(false);
    const email = `robot-${crypto.randomUUID()}@example.org`;
    const response = await subscribe({ email, 'cf-turnstile-response': 'forged' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Something went wrong. Please try submitting the form again');
    expect(await outboxCount(email)).toBe(0);
  });
});
