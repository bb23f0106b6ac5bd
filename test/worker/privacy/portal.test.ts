// The privacy portal end to end against local D1: subscribe (double opt-in), confirm,
// unsubscribe, data requests; with plain form posts (no JavaScript).
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { MAILBOX_DAILY_LIMIT } from '#src/domain/subscriber';
import { cacheRules } from '#src/http/cache-rules';
import { ORIGIN, get, request } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';
const postForm = (path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return request(`${ORIGIN}${path}`, { method: 'POST', body, redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
};

test('every page links the portal and carries a subscription form', async () => {
  const html = await (await get('/')).text();
  expect(html).toContain(`href="/en/newsroom/${UUID}/subscribe"`);
  expect(html).toContain(`href="/en/newsroom/${UUID}/data-request"`);
  const footerForm = html.match(/<form class="footer-subscribe"[^>]*>/)![0];
  expect(footerForm).toContain(`action="/en/newsroom/${UUID}/subscribe"`);
  expect(footerForm).toContain('method="post"');
  // The French company sets its own data-request link.
  expect(await (await get('/fr')).text()).toContain('href="https://privacy.acme.example/fr"');
});

test.each(['', '/subscribe', '/data-request'])('the portal page %s answers in each language, private to the visitor', async (action) => {
  for (const locale of ['en', 'fr', 'ar']) {
    const response = await get(`/${locale}/newsroom/${UUID}${action}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(await response.text()).toContain(`<html lang="${locale}"`);
  }
});

test.each([`/en/newsroom/00000000-0000-4000-8000-000000000000/subscribe`, `/xx/newsroom/${UUID}/subscribe`, `/en/newsroom/${UUID}/nope`, `/en/newsroom/not-a-uuid`])('%s ends in a 404', async (path) => {
  expect((await request(`${ORIGIN}${path}`)).status).toBe(404);
});

test.each([
  ['', 'This field is required'],
  ['not-an-email', 'Introduce a valid email address'],
])('subscribing with %j shows “%s” and keeps the form', async (email, message) => {
  const response = await postForm(`/en/newsroom/${UUID}/subscribe`, { email });
  expect(response.status).toBe(400);
  const html = await response.text();
  expect(html).toContain(message);
  expect(html).toContain('aria-invalid="true"');
});

test('validation messages are translated', async () => {
  const html = await (await postForm(`/fr/newsroom/${UUID}/subscribe`, { email: 'nope' })).text();
  expect(html).toContain('Saisissez une adresse e-mail valide');
});

test('subscribe → mail with a confirmation link → confirm → unsubscribe', async () => {
  const response = await postForm(`/en/newsroom/${UUID}/subscribe`, { email: ' Reader@Example.org ', categories: ['1', '999'] });
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toBe(`/en/newsroom/${UUID}/subscribe?status=pending`);
  expect(await (await get(response.headers.get('Location')!)).text()).toContain('Almost done!');

  const subscriber = await env.DB.prepare("SELECT status, categories, token FROM subscribers WHERE email = 'reader@example.org'").first<{ status: string; categories: string; token: string }>();
  expect(subscriber).toMatchObject({ status: 'pending', categories: '[1]' });
  const mail = await env.DB.prepare("SELECT subject, text_body FROM outbox WHERE to_address = 'reader@example.org'").first<{ subject: string; text_body: string }>();
  expect(mail!.subject).toBe('Confirm your subscription to Acme Test Co');
  const confirmLink = mail!.text_body.match(/https?:\/\/\S+\/subscribe\/confirm\/\w+/)![0];
  const unsubscribeLink = mail!.text_body.match(/https?:\/\/\S+\/unsubscribe\/\w+/)![0];

  // Opening the link (as a mail scanner does) confirms nothing: it shows a button.
  const opened = await request(confirmLink);
  expect(opened.status).toBe(200);
  expect(await opened.text()).toContain('Confirm my subscription');
  expect((await env.DB.prepare("SELECT status FROM subscribers WHERE email = 'reader@example.org'").first<{ status: string }>())!.status).toBe('pending');
  const confirmed = await request(confirmLink, { method: 'POST' });
  expect(confirmed.status).toBe(200);
  expect(await confirmed.text()).toContain('your subscription is confirmed');
  expect((await env.DB.prepare("SELECT status FROM subscribers WHERE email = 'reader@example.org'").first<{ status: string }>())!.status).toBe('confirmed');

  const question = await (await request(unsubscribeLink)).text();
  expect(question).toContain('reader@example.org');
  const unsubscribed = await request(unsubscribeLink, { method: 'POST', redirect: 'manual' });
  expect(unsubscribed.status).toBe(303);
  expect(await (await request(`${unsubscribeLink}?status=done`)).text()).toContain('You have been unsubscribed');
  expect((await env.DB.prepare("SELECT status FROM subscribers WHERE email = 'reader@example.org'").first<{ status: string }>())!.status).toBe('unsubscribed');
  // The link no longer shows whose it was.
  const after = await (await request(unsubscribeLink)).text();
  expect(after).toContain('You have been unsubscribed');
  expect(after).not.toContain('reader@example.org');
});

test('an unknown confirmation or unsubscribe token is an invalid link', async () => {
  const confirm = await get(`/en/newsroom/${UUID}/subscribe/confirm/nope`);
  expect(confirm.status).toBe(404);
  expect(await confirm.text()).toContain('This link is invalid or has expired.');
  expect((await get(`/en/newsroom/${UUID}/unsubscribe/nope`)).status).toBe(404);
});

test('50 concurrent identical subscribes leave exactly one subscriber and no more mails than the mailbox quota', async () => {
  const responses = await Promise.all(Array.from({ length: 50 }, () => postForm(`/en/newsroom/${UUID}/subscribe`, { email: 'crowd@example.org' })));
  expect(responses.every((response) => response.status === 303)).toBe(true);
  const count = await env.DB.prepare("SELECT count(*) AS n FROM subscribers WHERE email = 'crowd@example.org'").first<{ n: number }>();
  expect(count!.n).toBe(1);
  const mails = await env.DB.prepare("SELECT count(*) AS n FROM outbox WHERE to_address = 'crowd@example.org'").first<{ n: number }>();
  expect(mails!.n).toBe(MAILBOX_DAILY_LIMIT);
});

test.each(['subscribe', 'data-request'])('a %s mail links the newsroom’s own address, whatever Host the post named', async (action) => {
  const email = `host-${action}-${crypto.randomUUID()}@example.org`;
  const response = await request(`https://evil.example/en/newsroom/${UUID}/${action}`, { method: 'POST', body: new URLSearchParams({ email }), redirect: 'manual' });
  expect(response.status).toBe(303);
  const mail = await env.DB.prepare('SELECT text_body FROM outbox WHERE to_address = ?').bind(email).first<{ text_body: string }>();
  const links = mail!.text_body.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.startsWith(`${ORIGIN}/en/newsroom/${UUID}/`), link).toBe(true);
});

test('a data request counts once its sender confirms it by mail, and is then listed for the operators', async () => {
  const bad = await postForm(`/en/newsroom/${UUID}/data-request`, { email: '', kind: 'deletion' });
  expect(bad.status).toBe(400);
  expect(await bad.text()).toContain('This field is required');
  const response = await postForm(`/en/newsroom/${UUID}/data-request`, { email: 'who@example.org', kind: 'deletion', message: 'Please delete me.' });
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toBe(`/en/newsroom/${UUID}/data-request?status=pending`);
  expect(await (await get(response.headers.get('Location')!)).text()).toContain('follow its link to confirm your request');
  const row = await env.DB.prepare("SELECT kind, message, status FROM data_requests WHERE email = 'who@example.org'").first();
  expect(row).toEqual({ kind: 'deletion', message: 'Please delete me.', status: 'pending' });

  const mail = await env.DB.prepare("SELECT subject, text_body FROM outbox WHERE to_address = 'who@example.org'").first<{ subject: string; text_body: string }>();
  expect(mail!.subject).toBe('Confirm your privacy request to Acme Test Co');
  const link = mail!.text_body.match(/https?:\/\/\S+\/data-request\/confirm\/\w+/)![0];
  const opened = await request(link);
  expect([opened.status, (await opened.text()).includes('Confirm my request')]).toEqual([200, true]);
  const confirmed = await request(link, { method: 'POST' });
  expect(confirmed.status).toBe(200);
  expect(await confirmed.text()).toContain('We have received your request');
  expect(await env.DB.prepare("SELECT status FROM data_requests WHERE email = 'who@example.org'").first()).toEqual({ status: 'confirmed' });
  // Used once.
  expect((await request(link, { method: 'POST' })).status).toBe(404);
});

test('the outbox is not served outside local development', async () => {
  expect((await get('/_dev/outbox')).status).toBe(404);
});

test.each([
  ['multipart/form-data; boundary=zz', 'garbage'],
  ['multipart/form-data', 'garbage'],
  ['application/x-www-form-urlencoded', '%%%'],
])('a body that is not a readable form (%s) is a 400 with the form, not a 500', async (type, body) => {
  for (const action of ['subscribe', 'data-request']) {
    const response = await request(`${ORIGIN}/en/newsroom/${UUID}/${action}`, { method: 'POST', headers: { 'Content-Type': type }, body, redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This field is required');
  }
});

test('an unknown portal action is a 404 at once', async () => {
  expect((await get(`/en/newsroom/${UUID}/zzz`)).status).toBe(404);
});
