// The inquiry inbox end to end against local D1 (docs/decisions/0054-the-inquiry-inbox.md):
// "Ask the press office" on story, gallery and home pages as a plain form; SPEC's messages and
// nothing stored on a mistake; routing to the responsible contact or the default inbox; the two
// mails in the outbox; retention by the minute cron; the office view's list, answer and close;
// a crowd of posts from one client; a story that is not public only from its secret page.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { createApp } from '#src/app';
import { ACCESS_HEADER } from '#src/admin/admin-door';
import { INQUIRY_MAILBOX_DAILY_LIMIT } from '#src/domain/inquiry';
import { createFakeAccess } from '../../fixtures/fake-access';
import { testLinkToken } from '../../fixtures/story-links';
import { ORIGIN, get, request } from '../request';

const UUID = '11111111-2222-4333-8444-555555555555';
const PRIVATE_STORY = 'ddfb79ee-a73f-4565-8653-ea5c740d66ed';
const action = (locale: string) => `/${locale}/newsroom/${UUID}/inquiry`;

const postForm = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  request(`${ORIGIN}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } });

function inquiry(overrides: Record<string, string> = {}) {
  const fields = { from: '/english-story-01', name: 'Ada Reporter', email: `ada-${crypto.randomUUID()}@paper.example`, outlet: 'The Paper', subject: 'Turbine numbers', message: 'How many turbines?', deadline: '2030-01-31' };
  return { ...fields, ...overrides } as typeof fields & Record<string, string>;
}

const inquiriesOf = (email: string) => env.DB.prepare('SELECT * FROM inquiries WHERE email = ?1').bind(email).all<Record<string, unknown>>();
const mailsTo = (address: string) => env.DB.prepare('SELECT to_address, to_name, subject, text_body, headers FROM outbox WHERE to_address = ?1 ORDER BY id').bind(address).all<{ to_address: string; to_name: string | null; subject: string; text_body: string; headers: string }>();
const mailsMentioning = (text: string) => env.DB.prepare('SELECT to_address, headers FROM outbox WHERE instr(text_body, ?1) > 0').bind(text).all<{ to_address: string; headers: string }>();

test('a story page, a gallery page and the home page carry the form, posting to the portal in the page’s language', async () => {
  const story = await (await get('/english-story-01')).text();
  expect(story).toContain(`action="${action('en')}"`);
  expect(story).toContain('name="from" value="/english-story-01"');
  expect(story).toContain('Ask the press office');
  const french = await (await get('/histoire-francaise-03')).text();
  expect(french).toContain(`action="${action('fr')}"`);
  expect(french).toContain('Posez votre question au service de presse');
  expect(await (await get('/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).text()).toContain(`action="${action('en')}"`);
  expect(await (await get('/')).text()).toContain('name="from" value="/"');
});

test.each([
  ['email', '', 'This field is required'],
  ['email', 'not-an-email', 'Introduce a valid email address'],
  ['name', '', 'This field is required'],
  ['message', '  ', 'This field is required'],
])('%s = %j shows “%s”, keeps the form filled in, and stores and mails nothing', async (field, value, message) => {
  const fields = inquiry({ [field]: value, subject: `bad-${crypto.randomUUID()}` });
  const response = await postForm(action('en'), fields);
  expect(response.status).toBe(400);
  expect(response.headers.get('Cache-Control')).toContain('no-store');
  const html = await response.text();
  expect(html).toContain(message);
  expect(html).toContain('aria-invalid="true"');
  expect(html).toContain(`value="${fields.subject}"`);
  expect((await env.DB.prepare('SELECT count(*) AS n FROM inquiries WHERE subject = ?1').bind(fields.subject).first<{ n: number }>())!.n).toBe(0);
  expect((await mailsMentioning(fields.subject)).results).toHaveLength(0);
});

test('a French form shows SPEC’s message in French', async () => {
  const html = await (await postForm(action('fr'), inquiry({ from: '/histoire-francaise-03', email: 'nope' }))).text();
  expect(html).toContain('Saisissez une adresse e-mail valide');
});

test('an inquiry about an English product story goes to its responsible contact, Reply-To the journalist, and the journalist is told who answers', async () => {
  const fields = inquiry();
  const response = await postForm(action('en'), fields);
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toBe('/english-story-01#inquiry-sent');
  const [kept] = (await inquiriesOf(fields.email)).results;
  expect(kept).toMatchObject({ contact_key: 'jane', routed_to: 'jane@acme.example', about_kind: 'story', about_path: '/english-story-01', status: 'open', deadline: '2030-01-31', outlet: 'The Paper' });
  const office = (await mailsTo('jane@acme.example')).results.filter((mail) => mail.text_body.includes(fields.email));
  expect(office).toHaveLength(1);
  expect(JSON.parse(office[0]!.headers)).toEqual({ 'Reply-To': fields.email });
  expect(office[0]!.text_body).toContain('How many turbines?');
  const [confirmation] = (await mailsTo(fields.email)).results;
  expect(confirmation!.subject).toBe('We received your question: Turbine numbers');
  expect(confirmation!.text_body).toContain('Jane Press will answer you');
});

test('an inquiry no contact answers for goes to the default inbox; the confirmation is in the journalist’s language', async () => {
  const fields = inquiry({ from: '/histoire-francaise-03' });
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${action('fr')}`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
    { ...env, INQUIRY_INBOX: 'desk@acme.example' },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(response.status).toBe(303);
  expect((await inquiriesOf(fields.email)).results[0]).toMatchObject({ contact_key: null, routed_to: 'desk@acme.example', locale: 'fr' });
  const office = (await mailsTo('desk@acme.example')).results.filter((mail) => mail.text_body.includes(fields.email));
  expect(JSON.parse(office[0]!.headers)).toEqual({ 'Reply-To': fields.email });
  const [confirmation] = (await mailsTo(fields.email)).results;
  expect(confirmation!.subject).toBe('Nous avons reçu votre question : Turbine numbers');
  expect(confirmation!.text_body).toContain('le service de presse de');
});

test('without a default inbox an unrouted inquiry is kept for the office view and only the journalist is mailed', async () => {
  const fields = inquiry({ from: '/histoire-francaise-03' });
  expect((await postForm(action('fr'), fields)).status).toBe(303);
  expect((await inquiriesOf(fields.email)).results[0]).toMatchObject({ routed_to: null });
  expect((await mailsMentioning(fields.email)).results).toHaveLength(0);
  expect((await mailsTo(fields.email)).results).toHaveLength(1);
});

test('a story that is not public: refused by its slug, possible from its secret page', async () => {
  const bySlug = inquiry({ from: '/private-story' });
  expect((await postForm(action('en'), bySlug)).status).toBe(404);
  expect((await inquiriesOf(bySlug.email)).results).toHaveLength(0);
  const token = await testLinkToken(PRIVATE_STORY);
  const page = await (await get(`/s/${token}`)).text();
  expect(page).toContain(`name="from" value="/s/${token}"`);
  const fromSecret = inquiry({ from: `/s/${token}` });
  const response = await postForm(action('en'), fromSecret);
  expect(response.status).toBe(303);
  expect(response.headers.get('Location')).toBe(`/s/${token}#inquiry-sent`);
  const [kept] = (await inquiriesOf(fromSecret.email)).results;
  // Kept under the story's address, never its secret one.
  expect(kept).toMatchObject({ about_kind: 'story', about_path: '/private-story', about_uuid: PRIVATE_STORY });
  expect(JSON.stringify(kept)).not.toContain(token);
  expect((await postForm(action('en'), inquiry({ from: '/s/not-a-real-token-at-all-000000000000000' }))).status).toBe(404);
});

test('30 inquiries from one client in a minute: the limits hold, no 5xx, at most the quota of mails', async () => {
  const email = `crowd-${crypto.randomUUID()}@paper.example`;
  const client = { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const statuses: number[] = [];
  for (let n = 0; n < 30; n++) statuses.push((await postForm(action('en'), inquiry({ email, subject: `crowd ${n}` }), client)).status);
  expect(statuses.every((status) => status < 500)).toBe(true);
  expect(statuses.filter((status) => status === 303)).toHaveLength(INQUIRY_MAILBOX_DAILY_LIMIT);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect((await inquiriesOf(email)).results).toHaveLength(INQUIRY_MAILBOX_DAILY_LIMIT);
  expect((await mailsTo(email)).results).toHaveLength(INQUIRY_MAILBOX_DAILY_LIMIT);
  expect((await mailsMentioning(email)).results.length).toBeLessThanOrEqual(INQUIRY_MAILBOX_DAILY_LIMIT);
});

test('a cross-site post is refused and a filled honeypot stores nothing', async () => {
  const crossSite = inquiry();
  expect((await postForm(action('en'), crossSite, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
  const robot = inquiry({ website: 'http://spam.example' });
  const answer = await postForm(action('en'), robot);
  expect(answer.status).toBe(303);
  expect((await inquiriesOf(crossSite.email)).results).toHaveLength(0);
  expect((await inquiriesOf(robot.email)).results).toHaveLength(0);
});

test('the minute cron deletes inquiries older than the retention (180 days), answers and all', async () => {
  const old = inquiry();
  const recent = inquiry();
  await postForm(action('en'), old);
  await postForm(action('en'), recent);
  const now = Math.floor(Date.now() / 1000);
  await env.DB.prepare('UPDATE inquiries SET created_at = ?2 WHERE email = ?1').bind(old.email, now - 181 * 86_400).run();
  await env.DB.prepare("INSERT INTO inquiry_answers (inquiry_id, body, answered_by, created_at) SELECT id, 'old answer', 'office@acme.example', ?2 FROM inquiries WHERE email = ?1").bind(old.email, now).run();
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
  expect((await inquiriesOf(old.email)).results).toHaveLength(0);
  expect((await env.DB.prepare("SELECT count(*) AS n FROM inquiry_answers WHERE body = 'old answer'").first<{ n: number }>())!.n).toBe(0);
  expect((await inquiriesOf(recent.email)).results).toHaveLength(1);
});

test('the office lists inquiries open first by deadline, shows one escaped with its story, answers it by mail and closes it', async () => {
  const access = await createFakeAccess();
  const officeEnv = { ...env, ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience };
  const app = createApp({ accessFetch: access.fetch });
  const office = async (path: string, init: RequestInit = {}) => {
    const ctx = createExecutionContext();
    const headers = { [ACCESS_HEADER]: await access.token(), ...(init.method === 'POST' ? { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' } : {}) };
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init, headers }), officeEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  };
  const later = inquiry({ subject: 'Later deadline', deadline: '2031-06-01' });
  const sooner = inquiry({ subject: '<b>Sooner</b> deadline', deadline: '2030-02-01', message: 'See https://evil.example/<script>alert(1)</script>' });
  await postForm(action('en'), later);
  await postForm(action('en'), sooner);
  // Nothing of an inquiry on a public page.
  expect(await (await get('/english-story-01')).text()).not.toContain('Sooner');

  const list = await office('/admin/press/inquiries');
  expect(list.status).toBe(200);
  expect(list.headers.get('Cache-Control')).toContain('no-store');
  const listed = await list.text();
  expect(listed).toContain('&lt;b&gt;Sooner&lt;/b&gt; deadline');
  expect(listed.indexOf('Sooner')).toBeLessThan(listed.indexOf('Later deadline'));
  const uuid = (await inquiriesOf(sooner.email)).results[0]!.uuid as string;

  const page = await (await office(`/admin/press/inquiries/${uuid}`)).text();
  expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(page).not.toContain('href="https://evil.example');
  expect(page).toContain('href="/english-story-01"');

  const answered = await office(`/admin/press/inquiries/${uuid}/answer`, { method: 'POST', body: new URLSearchParams({ answer: 'There are 42 turbines.' }) });
  expect(answered.status).toBe(303);
  expect(answered.headers.get('Location')).toBe(`/admin/press/inquiries/${uuid}?notice=answered`);
  const answerMail = (await mailsTo(sooner.email)).results.find((mail) => mail.text_body.startsWith('There are 42 turbines.'));
  expect(answerMail).toBeDefined();
  expect(answerMail!.subject).toBe('Re: <b>Sooner</b> deadline');
  expect(JSON.parse(answerMail!.headers)).toEqual({ 'Reply-To': 'jane@acme.example' });
  expect(await (await office(`/admin/press/inquiries/${uuid}`)).text()).toContain('There are 42 turbines.');

  const closed = await office(`/admin/press/inquiries/${uuid}/status`, { method: 'POST', body: new URLSearchParams({ status: 'closed' }) });
  expect(closed.status).toBe(303);
  expect((await inquiriesOf(sooner.email)).results[0]).toMatchObject({ status: 'closed' });
  const after = await (await office('/admin/press/inquiries')).text();
  expect(after.indexOf('Later deadline')).toBeLessThan(after.indexOf('Sooner'));

  // Without Access, nothing (the door logs its refusal).
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect((await app.fetch(new Request(`${ORIGIN}/admin/press/inquiries`), officeEnv, createExecutionContext())).status).toBe(403);
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('admin_refused'));
});
