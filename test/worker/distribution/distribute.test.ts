// Embargoed distribution through the real worker on real local D1 (src/press-desk/distribute.ts, the
// function `npm run distribute` and the operator view call): three journalists on a list get the
// embargoed story in three mails, each with a link of their own; opening two records two
// recipients as opened; revoking one makes their link the 404 page while the other two still
// open the story; a second run mails nobody; after go-live the remaining links answer 301 to
// the public address; and a mail's leave link (a button, or a mail client's RFC 8058 one-click
// post) deletes the journalist; the deliver-mail job hands the mail to the email API. The CLI around it: test/cli/distribute.test.ts.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import type { MailMessage } from '#src/domain/mail-ports';
import { deliverOutbox } from '#src/jobs/deliver-mail';
import { distributeStory, type DistributionRequest } from '#src/press-desk/distribute';
import { depsOf } from '#src/adapters';
import { cacheRules } from '#src/http/cache-rules';
import { D1DistributionStore, d1StatementRunner } from '#src/platform/d1/distribution';
import { runAtomically } from '#src/platform/d1/import-statements';
import { addToListStatement, ensureListStatement, upsertJournalistStatement } from '#src/platform/d1/media-list';
import { revokeRecipientStatement } from '#src/platform/d1/recipient-links';
import worker from '#src/worker';
import { get, ORIGIN } from '../request';

const SLUG = 'embargoed-story';
const LIST = 'Energy desks';
const JOURNALISTS = [
  { email: 'anna@volkskrant.example', name: 'Anna Jansen', outlet: 'de Volkskrant', language: 'nl', timeZone: 'Europe/Amsterdam' },
  { email: 'claire@lemonde.example', name: 'Claire Dubois', outlet: 'Le Monde', language: 'fr', timeZone: null },
  { email: 'omar@gulfnews.example', name: 'Omar Haddad', outlet: 'Gulf News', language: 'ar', timeZone: 'Asia/Dubai' },
];
const [ANNA, CLAIRE, OMAR] = JOURNALISTS.map((journalist) => journalist.email) as [string, string, string];

const store = () => new D1DistributionStore(d1StatementRunner(env.DB));
const request = (overrides: Partial<DistributionRequest> = {}): DistributionRequest => ({ slug: SLUG, list: LIST, origin: null, now: Math.floor(Date.now() / 1000), ...overrides });

interface OutboxRow {
  to_address: string;
  subject: string;
  text_body: string;
  headers: string;
  idempotency_key: string;
}
const pressMail = async () => (await env.DB.prepare("SELECT to_address, subject, text_body, headers, idempotency_key FROM outbox WHERE idempotency_key LIKE 'press-%' ORDER BY to_address").all<OutboxRow>()).results;
const mailTo = async (email: string) => (await pressMail()).find((row) => row.to_address === email)!;
/** The path of the secret link a mail holds. */
const linkIn = (text: string) => new URL(/https:\/\/\S+\/s\/r[A-Za-z0-9_-]{43}/.exec(text)![0]).pathname;
const leaveLinkIn = (text: string) => new URL(/https:\/\/\S+\/press\/leave\/[A-Za-z0-9_-]{43}/.exec(text)![0]).pathname;
const open = (path: string) => get(path, { headers: { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156' } });
const openCount = async (email: string) => (await env.DB.prepare('SELECT sum(l.open_count) AS n FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1').bind(email).first<number>('n')) ?? 0;

/** Openings are counted after the answer: waits (up to 10 s, whatever the machine) until a recipient has `count`. */
async function openingsReach(email: string, count: number): Promise<number> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const opened = await openCount(email);
    if (opened >= count) return opened;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return openCount(email);
}

beforeAll(async () => {
  const now = Math.floor(Date.now() / 1000);
  await runAtomically(env.DB, [ensureListStatement(LIST, now), ...JOURNALISTS.flatMap((journalist) => [upsertJournalistStatement(journalist, now), addToListStatement(journalist.email, LIST, now)])]);
});

test('distributing the embargoed story puts three mails in the outbox, one per journalist, each with a link of their own', async () => {
  const outcome = await distributeStory(store(), request());
  expect(outcome.ok).toBe(true);
  if (!outcome.ok) return;
  expect(outcome.recipients.map((recipient) => [recipient.email, recipient.outcome])).toEqual([
    [ANNA, 'mailed'],
    [CLAIRE, 'mailed'],
    [OMAR, 'mailed'],
  ]);
  const mails = await pressMail();
  expect(mails.map((mail) => mail.to_address)).toEqual([ANNA, CLAIRE, OMAR]);
  const links = mails.map((mail) => linkIn(mail.text_body));
  expect(new Set(links).size).toBe(3);
  expect(new Set(mails.map((mail) => mail.idempotency_key)).size).toBe(3);
  for (const mail of mails) {
    expect(mail.subject).toBe('Under embargo: Embargoed story that must stay hidden');
    // Each mail names its own journalist only.
    for (const other of JOURNALISTS.filter((journalist) => journalist.email !== mail.to_address)) {
      expect(mail.text_body).not.toContain(other.email);
      expect(mail.text_body).not.toContain(other.name);
    }
    const leave = `${ORIGIN}${leaveLinkIn(mail.text_body)}`;
    expect(JSON.parse(mail.headers)).toEqual({ 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  }
  // Omar's zone, then the newsroom's (the fixture newsroom keeps UTC).
  expect((await mailTo(OMAR)).text_body.replace(/[\u00a0\u202f]/g, ' ')).toContain('Embargo until December 5, 2026 1:00 PM Gulf Standard Time\nIn the newsroom’s time zone: December 5, 2026 9:00 AM Coordinated Universal Time');
  // Each link is the one D1 holds for that journalist.
  const stored = await env.DB.prepare('SELECT j.email, l.token, l.mailed_at FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id ORDER BY j.email').all<{ email: string; token: string; mailed_at: number | null }>();
  expect(stored.results.map((row) => [row.email, `/s/${row.token}`])).toEqual(mails.map((mail, index) => [mail.to_address, links[index]]));
  expect(stored.results.every((row) => row.mailed_at !== null)).toBe(true);
});

test('distributing again mails nobody twice and says who had it', async () => {
  const outcome = await distributeStory(store(), request());
  expect(outcome.ok && outcome.recipients.map((recipient) => recipient.outcome)).toEqual(['already-mailed', 'already-mailed', 'already-mailed']);
  expect(await pressMail()).toHaveLength(3);
});

test('opening two links records two recipients as opened, and nobody else', async () => {
  for (const email of [ANNA, CLAIRE]) {
    const page = await open(linkIn((await mailTo(email)).text_body));
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe(cacheRules.private);
    expect(await page.text()).toContain('Embargoed story that must stay hidden');
  }
  expect(await openingsReach(ANNA, 1)).toBe(1);
  expect(await openingsReach(CLAIRE, 1)).toBe(1);
  expect(await openCount(OMAR)).toBe(0);
});

test('revoking one recipient makes their link the 404 page, and the other two still open the story', async () => {
  await runAtomically(env.DB, [revokeRecipientStatement(SLUG, OMAR, Math.floor(Date.now() / 1000))]);
  expect((await open(linkIn((await mailTo(OMAR)).text_body))).status).toBe(404);
  for (const email of [ANNA, CLAIRE]) expect((await open(linkIn((await mailTo(email)).text_body))).status).toBe(200);
  // A revoked recipient is not mailed again either.
  const again = await distributeStory(store(), request());
  expect(again.ok && again.recipients.find((recipient) => recipient.email === OMAR)?.outcome).toBe('revoked');
  expect(await pressMail()).toHaveLength(3);
});

test('after go-live the remaining links answer 301 to the public address; the revoked one stays a 404', async () => {
  await env.DB.prepare("UPDATE stories SET status = 'published', visibility = 'public' WHERE slug = ?1").bind(SLUG).run();
  for (const email of [ANNA, CLAIRE]) {
    const moved = await open(linkIn((await mailTo(email)).text_body));
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe(`/${SLUG}`);
  }
  expect((await open(linkIn((await mailTo(OMAR)).text_body))).status).toBe(404);
  // A public story has no embargo to send it under.
  expect(await distributeStory(store(), request())).toEqual({ ok: false, refusal: 'story-public' });
});

test('the leave link asks with a button, and pressing it deletes the journalist', async () => {
  const leave = leaveLinkIn((await mailTo(ANNA)).text_body);
  const page = await get(leave);
  expect(page.status).toBe(200);
  expect(page.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(page.headers.get('X-Robots-Tag')).toContain('noindex');
  expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
  const html = await page.text();
  // Anna reads Dutch, which the fixture newsroom does not have: its default language.
  expect(html).toContain('Stop sending the press releases of');
  expect(html).toContain(`action="${leave}" method="post"`);
  // Opening the page deleted nothing.
  expect(await env.DB.prepare('SELECT count(*) AS n FROM journalists WHERE email = ?1').bind(ANNA).first('n')).toBe(1);

  const left = await get(leave, { method: 'POST', body: new URLSearchParams(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN } });
  expect(left.status).toBe(200);
  expect(left.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(await left.text()).toContain('You have left the media list of');
  expect(await env.DB.prepare('SELECT count(*) AS n FROM journalists WHERE email = ?1').bind(ANNA).first('n')).toBe(0);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM recipient_links WHERE journalist_id NOT IN (SELECT id FROM journalists)").first('n')).toBe(0);
  expect(await env.DB.prepare('SELECT count(*) AS n FROM media_list_members WHERE journalist_id NOT IN (SELECT id FROM journalists)').first('n')).toBe(0);
  // Press mail to them not sent yet goes too (here no email API sent any).
  expect((await pressMail()).map((mail) => mail.to_address)).not.toContain(ANNA);
  // The link is gone with them.
  expect((await get(leave)).status).toBe(404);
});

test('a mail client’s one-click post (RFC 8058) deletes the journalist, answered without a redirect, in their language', async () => {
  const leave = leaveLinkIn((await mailTo(CLAIRE)).text_body);
  const body = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' });
  // A mail provider's post comes from no browser: no Origin, no Sec-Fetch-Site.
  const left = await get(leave, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  expect(left.status).toBe(200);
  expect(await left.text()).toContain('Vous avez quitté la liste presse de');
  expect(await env.DB.prepare('SELECT count(*) AS n FROM journalists WHERE email = ?1').bind(CLAIRE).first('n')).toBe(0);
  expect((await get(leave, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })).status).toBe(404);
});

test.each([
  ['a malformed token', '/press/leave/not-a-token'],
  ['a token of the right shape that is no one’s', `/press/leave/${'A'.repeat(43)}`],
])('%s is the 404 page, private and unindexed', async (_case, path) => {
  for (const method of ['GET', 'POST']) {
    const answer = await get(path, { method });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('X-Robots-Tag')).toContain('noindex');
    expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
  }
});

test('the worker’s deliver-mail job hands the press mail left in the outbox to the email API under its own key, with the one-click headers', async () => {
  const sent: MailMessage[] = [];
  const waiting = await pressMail();
  expect(waiting.length).toBeGreaterThan(0);
  const deps = { ...depsOf(env), transport: { send: async (mail: MailMessage) => void sent.push(mail) } };
  await deliverOutbox(deps, Math.floor(Date.now() / 1000));
  const press = sent.filter((mail) => mail.idempotencyKey?.startsWith('press-'));
  expect(press.map((mail) => mail.to.email)).toEqual(waiting.map((mail) => mail.to_address));
  expect(press.map((mail) => mail.idempotencyKey)).toEqual(waiting.map((mail) => mail.idempotency_key));
  for (const mail of press) expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
});

test('the minute cron deletes the recipients’ links and opening records once the story has been public longer than RECIPIENT_RECORDS_DAYS', async () => {
  const linksOfStory = async () => (await env.DB.prepare('SELECT count(*) AS n FROM recipient_links l JOIN stories s ON s.uuid = l.story_uuid WHERE s.slug = ?1').bind(SLUG).first<number>('n')) ?? 0;
  const wentLive = (await env.DB.prepare('SELECT published_at FROM stories WHERE slug = ?1').bind(SLUG).first<number>('published_at'))!;
  const runCron = async (days: number, vars: Record<string, string>) => {
    const ctx = createExecutionContext();
    const quietQueue = { send: async () => undefined, sendBatch: async () => undefined } as unknown as Queue;
    await worker.scheduled(createScheduledController({ scheduledTime: (wentLive + days * 86_400) * 1000, cron: '* * * * *' }), { ...env, ...vars, JOBS: quietQueue }, ctx);
    await waitOnExecutionContext(ctx);
  };
  const before = await linksOfStory();
  expect(before).toBeGreaterThan(0);
  await runCron(89, {});
  expect(await linksOfStory()).toBe(before);
  await runCron(29, { RECIPIENT_RECORDS_DAYS: '30' });
  expect(await linksOfStory()).toBe(before);
  await runCron(91, {});
  expect(await linksOfStory()).toBe(0);
  // The journalist stays on the media list (the others left it above).
  expect(await env.DB.prepare('SELECT count(*) AS n FROM journalists WHERE email = ?1').bind(OMAR).first<number>('n')).toBe(1);
});
