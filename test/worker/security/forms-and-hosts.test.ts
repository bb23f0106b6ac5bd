// The security regression suite for the privacy portal's forms and the site's links, replayed
// from outside through SELF (test/worker/request.ts) against real local D1: an address
// in any disguise lands in its mailbox's one quota or is refused; a person's privacy request is
// never silently dropped; no response, header or mail ever points at the Host a request named.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { DATA_REQUEST_MAILBOX_DAILY_LIMIT, MAILBOX_DAILY_LIMIT } from '#src/domain/subscriber';
import { deliverOutbox } from '#src/jobs/deliver-mail';
import { depsOf } from '#src/adapters';
import { HttpMailer } from '#src/platform/mail/http-mailer';
import worker from '#src/worker';
import { renderFresh } from '../fresh-render';
import { ORIGIN, request } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';
const EVIL = 'https://evil.example';

function postForm(url: string, fields: Record<string, string>, init: RequestInit = {}) {
  return request(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual', ...init });
}
const subscribe = (email: string, locale = 'en') => postForm(`${ORIGIN}/${locale}/newsroom/${UUID}/subscribe`, { email });
const dataRequest = (email: string, message = '') => postForm(`${ORIGIN}/en/newsroom/${UUID}/data-request`, { email, kind: 'deletion', message });

async function rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (await env.DB.prepare(sql).bind(...params).all<T>()).results;
}
const outboxTo = (address: string) => rows<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = ?1 ORDER BY id', address);
const quotaRows = (mailbox: string) => rows<{ purpose: string }>('SELECT purpose FROM mailbox_sends WHERE mailbox = ?1 ORDER BY id', mailbox);

/** Text-like responses a crawler, feed reader or embedder reads; binary media are not followed. */
const isText = (type: string | null) => /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|feed\+json|json\+oembed|ld\+json|manifest\+json))/.test(type ?? '');

// First in this file, which starts with an empty page cache: every page the cache then holds was
// rendered for evil.example.

test('no page, feed, sitemap, API answer or redirect of the site points at the Host a request named', async () => {
  // A crawl of the site as served to evil.example: every address any answer names (relative, or
  // absolute on the site's origin) is asked for at evil.example too. Seeds: what pages do not link.
  const queue = ['/', '/fr', '/ar', '/robots.txt', '/sitemap.xml', '/llms.txt', '/llms-full.txt', '/fr/llms.txt', '/feed', '/feed/atom', '/feed/json', '/en', '/media/', `/en/newsroom/${UUID}/subscribe`];
  const seen = new Set<string>();
  let rendered = 0;
  while (queue.length > 0 && seen.size < 160) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const response = await request(`${EVIL}${path}`, { redirect: 'manual', headers: { 'X-Forwarded-Host': 'evil.example' } });
    for (const [name, value] of response.headers) expect(value, `${path}: ${name}`).not.toContain('evil.example');
    const location = response.headers.get('Location');
    if (location) queue.push(new URL(location, ORIGIN).pathname + new URL(location, ORIGIN).search);
    if (!isText(response.headers.get('Content-Type'))) {
      await response.body?.cancel();
      continue;
    }
    rendered += 1;
    const body = await response.text();
    expect(body.includes('evil.example'), `${path} names evil.example`).toBe(false);
    const addresses = [
      ...[...body.matchAll(/(?:href|src|action)="(\/[^"/][^"]*|\/)"/g)].map((match) => match[1]!),
      ...[...body.matchAll(/https:\/\/news\.test\.example(\/[^\s"'<>)\]]*)/g)].map((match) => match[1]!),
    ];
    for (const address of addresses) {
      const url = new URL(address.replace(/&amp;/g, '&'), ORIGIN);
      const clean = url.pathname + url.search;
      // Static assets and media files are the same whoever asks; secret and download links are not crawled.
      if (/^\/(assets|styles|media\/[0-9a-f-]{36}\/|s\/)/.test(clean) || clean.endsWith('.zip') || clean.includes('/download')) continue;
      if (!seen.has(clean)) queue.push(clean);
    }
  }
  // The crawl reached the site's kinds of pages, not just a handful.
  expect(rendered).toBeGreaterThan(60);
  for (const kind of ['/sitemaps/', '/oembed?url=', '.json', '.md', '/category/', '/media/album/', '/feed']) expect([...seen].some((path) => path.includes(kind)), kind).toBe(true);
});

// Once, one inbox got 7 confirmation mails in a day (the quota is 3).

test.each(['x<victim@example.com>', '"victim"@example.com', 'victim@example.com,', 'victim@example.com, other@example.com', 'Victim <victim@example.com>', 'victim(me)@example.com', 'victim@[127.0.0.1]'])(
  'a disguised address (%s) is refused with the spec message and stores, mails and counts nothing',
  async (email) => {
    for (const action of ['subscribe', 'data-request']) {
      const response = await postForm(`${ORIGIN}/en/newsroom/${UUID}/${action}`, { email, kind: 'access' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Introduce a valid email address');
    }
    const stored = await rows('SELECT email FROM subscribers WHERE email LIKE ?1 UNION ALL SELECT email FROM data_requests WHERE email LIKE ?1', '%victim%');
    expect(stored).toEqual([]);
    expect(await rows("SELECT to_address FROM outbox WHERE to_address LIKE '%victim%'")).toEqual([]);
    expect(await rows("SELECT mailbox FROM mailbox_sends WHERE mailbox LIKE '%victim%'")).toEqual([]);
  },
);

test('every spelling of one inbox lands in its one quota: at most three confirmation mails a day', async () => {
  const spellings = ['victim@example.com', 'Victim@EXAMPLE.com', ' victim@example.com ', 'victim+news@example.com', 'VICTIM+x@Example.Com', 'victim@example.com', 'victim+again@example.com'];
  for (const [index, email] of spellings.entries()) {
    // The same answer every time, whether a mail left or the quota was spent.
    const response = await subscribe(email, index % 2 === 0 ? 'en' : 'fr');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toMatch(/\?status=pending$/);
  }
  const sent = await rows<{ to_address: string }>("SELECT to_address FROM outbox WHERE to_address LIKE 'victim%example.com'");
  expect(sent).toHaveLength(MAILBOX_DAILY_LIMIT);
  expect(await quotaRows('victim@example.com')).toHaveLength(MAILBOX_DAILY_LIMIT);
  // Stored as plain addresses only: nothing a mail header could read as more than one mailbox.
  for (const { to_address } of sent) expect(to_address).toMatch(/^victim(\+[a-z]+)?@example\.com$/);
});

test('an internationalised domain and its punycode are one mailbox, stored in ASCII', async () => {
  for (const email of ['person@exämple.com', 'person@xn--exmple-cua.com', 'Person@EXÄMPLE.com', 'person@exämple.com']) {
    expect((await subscribe(email)).status).toBe(303);
  }
  expect(await quotaRows('person@xn--exmple-cua.com')).toHaveLength(MAILBOX_DAILY_LIMIT);
  expect(await rows("SELECT DISTINCT email FROM subscribers WHERE email LIKE 'person@%'")).toEqual([{ email: 'person@xn--exmple-cua.com' }]);
  expect(await outboxTo('person@xn--exmple-cua.com')).toHaveLength(MAILBOX_DAILY_LIMIT);
  expect(await rows("SELECT to_address FROM outbox WHERE to_address LIKE '%exämple%'")).toEqual([]);
});

test('the email API receives each confirmation mail for a structured recipient, not a header line', async () => {
  expect((await subscribe('structured@example.org')).status).toBe(303);
  expect((await dataRequest('Structured@Example.ORG')).status).toBe(303);
  const received: unknown[] = [];
  const api = async (_input: RequestInfo | URL, init?: RequestInit) => {
    received.push(JSON.parse(String(init!.body)));
    return new Response(null, { status: 202 });
  };
  const transport = new HttpMailer({ url: 'https://mail-api.test/send', apiKey: 'test-key', from: 'news@news.test.example', fetch: api as typeof fetch });
  await deliverOutbox({ ...depsOf(env), transport }, Math.floor(Date.now() / 1000));
  const toStructured = received.filter((body) => JSON.stringify(body).includes('structured@'));
  expect(toStructured.map((body) => (body as { to: unknown }).to)).toEqual([{ email: 'structured@example.org' }, { email: 'structured@example.org' }]);
});

// Once, three subscription posts by a stranger silently dropped that person's privacy (data) request.

test('a stranger’s subscription posts leave a person’s privacy request its own confirmation mail', async () => {
  for (let n = 0; n < MAILBOX_DAILY_LIMIT + 1; n++) expect((await subscribe('subject@example.org')).status).toBe(303);
  const response = await dataRequest('subject@example.org', 'Please delete my data.');
  expect(response.headers.get('Location')).toBe(`/en/newsroom/${UUID}/data-request?status=pending`);
  expect(await rows('SELECT status, confirm_token IS NOT NULL AS linked, flag FROM data_requests WHERE email = ?1', 'subject@example.org')).toEqual([{ status: 'pending', linked: 1, flag: null }]);
  expect((await outboxTo('subject@example.org')).map((mail) => mail.subject)).toContain('Confirm your privacy request to Acme Test Co');
  expect((await quotaRows('subject@example.org')).map((row) => row.purpose)).toEqual([...Array(MAILBOX_DAILY_LIMIT).fill('subscription'), 'data-request']);
});

test('a privacy request over its mailbox’s limit is kept, flagged for the operators, with an honest answer', async () => {
  for (let n = 0; n < DATA_REQUEST_MAILBOX_DAILY_LIMIT; n++) expect((await dataRequest('flooded@example.org', `Stranger ${n}`)).status).toBe(303);
  const mailsBefore = (await outboxTo('flooded@example.org')).length;
  expect(mailsBefore).toBe(DATA_REQUEST_MAILBOX_DAILY_LIMIT);

  const response = await dataRequest('Flooded@Example.org', 'I am the real person: please delete my data.');
  expect(response.status).toBe(303);
  const answer = response.headers.get('Location')!;
  expect(answer).toBe(`/en/newsroom/${UUID}/data-request?status=recorded`);
  const page = await (await request(`${ORIGIN}${answer}`)).text();
  expect(page).toContain('we have received your request');
  expect(page).toContain('our team will check your request');
  expect(page).not.toContain('follow its link');

  // Recorded, unconfirmable (no link) and flagged; no mail beyond the limit.
  const flagged = await rows('SELECT status, confirm_token, flag, message FROM data_requests WHERE email = ?1 AND flag IS NOT NULL', 'flooded@example.org');
  expect(flagged).toEqual([{ status: 'pending', confirm_token: null, flag: 'mail-limit', message: 'I am the real person: please delete my data.' }]);
  expect(await outboxTo('flooded@example.org')).toHaveLength(mailsBefore);

  // Where the operators see the requests to answer (npm start's /_dev/outbox, on loopback only).
  const ctx = createExecutionContext();
  const outbox = await worker.fetch(new Request('http://localhost:8787/_dev/outbox'), { ...env, SHOW_OUTBOX: 'true', LOCAL_DEVELOPMENT: 'true' }, ctx);
  await waitOnExecutionContext(ctx);
  const { dataRequests } = await outbox.json<{ dataRequests: { email: string; flag: string | null; status: string; message: string }[] }>();
  expect(dataRequests).toContainEqual(expect.objectContaining({ email: 'flooded@example.org', flag: 'mail-limit', status: 'pending', message: 'I am the real person: please delete my data.' }));
});

test('the recorded answer is in the visitor’s language', async () => {
  const page = await (await request(`${ORIGIN}/fr/newsroom/${UUID}/data-request?status=recorded`)).text();
  expect(page).toContain('Merci, nous avons bien reçu votre demande.');
});

// Once, mailed confirmation and unsubscribe links took the request's Host header.

/** A post as `npm start` serves it (the outbox shown), where mailed links used to take the Host. */
async function postLocally(url: string, fields: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' }), { ...env, SHOW_OUTBOX: 'true' }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

test.each([
  ['subscribe', 'deployed'],
  ['data-request', 'deployed'],
  ['subscribe', 'local'],
  ['data-request', 'local'],
])('a %s post naming another Host (%s) mails links on the site’s own origin only, and redirects on the site', async (action, where) => {
  const email = `host-${action}-${where}@example.org`;
  const url = `${EVIL}/en/newsroom/${UUID}/${action}`;
  const fields = { email, kind: 'access' };
  const response = where === 'local' ? await postLocally(url, fields) : await postForm(url, fields, { headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' } });
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toMatch(new RegExp(`^/en/newsroom/${UUID}/${action}\\?status=pending$`));
  const [mail] = await outboxTo(email);
  const links = mail!.text_body.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${ORIGIN}/en/newsroom/${UUID}/`), link).toBe(true);
  expect(mail!.text_body).not.toContain('evil.example');
});

test('the API’s answers name the site’s own origin whatever the Host', async () => {
  for (const path of ['/api/fetch-stories', '/api/fetch-galleries']) {
    const response = await request(`${EVIL}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ page: 1, pageSize: 12 }) });
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('evil.example');
  }
});

test('with SITE_URL configured, pages and mailed links use it, whatever the Host', async () => {
  const staging = { ...env, SITE_URL: 'https://staging.news.example' };
  const home = await renderFresh('/', { headers: { Host: 'evil.example' } }, staging);
  const html = await home.text();
  expect(html).toContain('<link rel="canonical" href="https://staging.news.example/"');
  expect(html).not.toContain('news.test.example/');

  const ctx = createExecutionContext();
  const email = 'staging-reader@example.org';
  const posted = await worker.fetch(new Request(`${EVIL}/en/newsroom/${UUID}/subscribe`, { method: 'POST', body: new URLSearchParams({ email }), redirect: 'manual' }), staging, ctx);
  await waitOnExecutionContext(ctx);
  expect(posted.status).toBe(303);
  const [mail] = await outboxTo(email);
  const links = mail!.text_body.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBe(2);
  for (const link of links) expect(link.startsWith(`https://staging.news.example/en/newsroom/${UUID}/`), link).toBe(true);

  // Jobs (story alerts, pings, pre-rendering) read the same configured origin.
  expect((await depsOf(staging).content.getSiteContext())!.newsroom.url).toBe('https://staging.news.example');
});
