// A journalist's own page through the real worker on real local D1 (src/pages/journalist-page.ts):
// three journalists on a list get the embargoed story by mail, each mail with a link to their own
// page; a second release (made embargoed here) is shared with one of them. Their page lists both
// with the lift in their time zone and the newsroom's, links each through their own link, and
// offers each lift as an .ics file that a real iCalendar parser reads back to the exact instant.
// A revoked release and a removed journalist are gone on the very next request; a wrong token is
// the 404 page; every answer is private; the page cache stores nothing under /press/.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import ICAL from 'ical.js';
import { beforeAll, expect, test } from 'vitest';
import { createApp } from '#src/app';
import { cacheRules } from '#src/http/cache-rules';
import { distributeStory } from '#src/press-desk/distribute';
import { shareToRecipients } from '#src/press-desk/recipients';
import { D1DistributionStore, d1StatementRunner } from '#src/platform/d1/distribution';
import { runAtomically } from '#src/platform/d1/import-statements';
import { addToListStatement, deleteJournalistStatements, ensureListStatement, upsertJournalistStatement } from '#src/platform/d1/media-list';
import { D1PressDesk } from '#src/platform/d1/press-desk';
import { revokeRecipientStatement } from '#src/platform/d1/recipient-links';
import { get, ORIGIN } from '../request';

const EMBARGOED = 'embargoed-story';
/** The fixture's draft, made a second embargoed release here (lifting 1 March 2027, 08:00 UTC). */
const SECOND = 'draft-story';
const SECOND_LIFT = Date.UTC(2027, 2, 1, 8, 0) / 1000;
const LIST = 'Energy desks';
/** What the French page says of the newsroom's time when it differs from the journalist's. */
const FRENCH_NEWSROOM_TIME = 'Dans le fuseau horaire';
const JOURNALISTS = [
  { email: 'anna@volkskrant.example', name: 'Anna Jansen', outlet: 'de Volkskrant', language: 'nl', timeZone: 'Europe/Amsterdam' },
  { email: 'claire@lemonde.example', name: 'Claire Dubois', outlet: 'Le Monde', language: 'fr', timeZone: null },
  { email: 'omar@gulfnews.example', name: 'Omar Haddad', outlet: 'Gulf News', language: 'ar', timeZone: 'Asia/Dubai' },
];
const [ANNA, CLAIRE, OMAR] = JOURNALISTS.map((journalist) => journalist.email) as [string, string, string];

const now = () => Math.floor(Date.now() / 1000);
const mailTo = async (email: string) =>
  (await env.DB.prepare("SELECT text_body FROM outbox WHERE idempotency_key LIKE 'press-%' AND to_address = ?1").bind(email).first<{ text_body: string }>())!.text_body;
/** The path of the journalist's own page a mail holds. */
const pageIn = (text: string) => new URL(/https:\/\/\S+\/press\/[A-Za-z0-9_-]{43}(?=\s|$)/.exec(text)![0]).pathname;
const storyLinkIn = (text: string) => new URL(/https:\/\/\S+\/s\/r[A-Za-z0-9_-]{43}/.exec(text)![0]).pathname;
/** Intl writes narrow no-break spaces in some times ("1:00 PM"): read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/&#x27;|&#39;/g, "'");
/** The event of the calendar file at this path, as ical.js reads it. */
const eventAt = async (path: string) => new ICAL.Event(new ICAL.Component(ICAL.parse(await (await get(path)).text())).getFirstSubcomponent('vevent')!);
const calendarLinks = (html: string) => [...html.matchAll(/<a href="([^"]+\.ics)" type="text\/calendar"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

function expectPrivate(response: Response): void {
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(response.headers.get('X-Robots-Tag')).toContain('noindex');
  expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
}

beforeAll(async () => {
  const at = now();
  await runAtomically(env.DB, [ensureListStatement(LIST, at), ...JOURNALISTS.flatMap((journalist) => [upsertJournalistStatement(journalist, at), addToListStatement(journalist.email, LIST, at)])]);
  const outcome = await distributeStory(new D1DistributionStore(d1StatementRunner(env.DB)), { slug: EMBARGOED, list: LIST, origin: null, now: at });
  expect(outcome.ok).toBe(true);
  await env.DB.prepare("UPDATE stories SET status = 'embargo', visibility = 'embargo', published_at = ?2 WHERE slug = ?1").bind(SECOND, SECOND_LIFT).run();
  const shared = await shareToRecipients(new D1PressDesk(d1StatementRunner(env.DB)), { slug: SECOND, emails: [ANNA], origin: null, now: at });
  expect(shared.ok).toBe(true);
});

test('each distribution mail carries a link to the journalist’s own page, a different one for each', async () => {
  const pages = await Promise.all(JOURNALISTS.map(async ({ email }) => pageIn(await mailTo(email))));
  expect(new Set(pages).size).toBe(3);
  for (const [index, { email }] of JOURNALISTS.entries()) expect(await mailTo(email)).toContain(`All releases shared with you, with calendar files: ${ORIGIN}${pages[index]}`);
});

test('the journalist’s page lists both releases shared with them, each with the lift in their time zone and the newsroom’s, through their own links', async () => {
  const page = await get(pageIn(await mailTo(ANNA)));
  expect(page.status).toBe(200);
  expectPrivate(page);
  const html = plain(await page.text());
  // Anna reads Dutch, which the fixture newsroom does not have: its default language, English.
  expect(html).toContain('Your releases');
  expect(html).toContain('Embargoed story that must stay hidden');
  expect(html).toContain('Draft story that must stay hidden');
  // Amsterdam is an hour ahead of the newsroom's UTC in winter.
  expect(html).toContain('Embargo until December 5, 2026 10:00 AM Central European Standard Time');
  expect(html).toContain('In the newsroom’s time zone: December 5, 2026 9:00 AM Coordinated Universal Time');
  expect(html).toContain('Embargo until March 1, 2027 9:00 AM Central European Standard Time');
  expect(html).toContain('In the newsroom’s time zone: March 1, 2027 8:00 AM Coordinated Universal Time');
  // The soonest first, each through Anna's own link (the one her mail holds, for the first).
  expect(html.indexOf('Embargoed story that must stay hidden')).toBeLessThan(html.indexOf('Draft story that must stay hidden'));
  expect(html).toContain(`href="${storyLinkIn(await mailTo(ANNA))}"`);
  expect(html.match(/href="\/s\/r[A-Za-z0-9_-]{43}"/g)).toHaveLength(2);
  // Her settings, and the way to leave.
  expect(html).toContain('Europe/Amsterdam');
  expect(html).toContain('Nederlands');
  expect(html).toContain(`href="${pageIn(await mailTo(ANNA)).replace('/press/', '/press/leave/')}"`);
  expect(calendarLinks(html)).toHaveLength(2);
  // No third party on a page whose address is a key.
  expect([...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]).every((src) => src!.startsWith('/'))).toBe(true);
  expect(html).toContain('"analytics":{"policy":"disabled"');
  expect(html).not.toMatch(/googletagmanager|google-analytics|plausible\.io|segment\.(com|io)|cookielaw|onetrust\.com/i);
});

test('another journalist’s page lists only what was shared with them, in their language', async () => {
  const html = plain(await (await get(pageIn(await mailTo(CLAIRE)))).text());
  expect(html).toContain('Vos communiqués');
  expect(html).toContain('Embargoed story that must stay hidden');
  expect(html).not.toContain('Draft story that must stay hidden');
  // Claire keeps no zone of her own: the newsroom's, said once.
  expect(html).toContain('Celui de la salle de presse (UTC)');
  expect(html).not.toContain(FRENCH_NEWSROOM_TIME);
});

test('a recipient’s page links the journalist’s own page', async () => {
  const html = await (await get(storyLinkIn(await mailTo(OMAR)))).text();
  expect(html).toContain(`href="${pageIn(await mailTo(OMAR))}"`);
});

test('each lift’s .ics is RFC 5545 that ical.js reads back to the exact instant, with a stable UID and the journalist’s own link', async () => {
  const pagePath = pageIn(await mailTo(ANNA));
  const links = calendarLinks(await (await get(pagePath)).text());
  const lifts = new Map<number, string>();
  const uids = new Map<number, string>();
  for (const link of links) {
    const answer = await get(link);
    expect(answer.status).toBe(200);
    expectPrivate(answer);
    expect(answer.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const text = await answer.text();
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.zone.tzid).toBe('UTC');
    lifts.set(event.startDate.toUnixTime(), String(vevent.getFirstPropertyValue('url')));
    expect(event.summary).toMatch(/^Embargo ends: (Embargoed|Draft) story that must stay hidden$/);
    expect(event.description).toContain(String(vevent.getFirstPropertyValue('url')));
    // The same file again has the same UID: a calendar updates its event rather than adding one.
    expect((await eventAt(link)).uid).toBe(event.uid);
    uids.set(event.startDate.toUnixTime(), event.uid);
  }
  const embargoedAt = (await env.DB.prepare('SELECT published_at FROM stories WHERE slug = ?1').bind(EMBARGOED).first<number>('published_at'))!;
  expect([...lifts.keys()].sort()).toEqual([embargoedAt, SECOND_LIFT].sort());
  expect(lifts.get(embargoedAt)).toBe(`${ORIGIN}${storyLinkIn(await mailTo(ANNA))}`);
  // Omar's file of the same story is another event (another UID).
  const [omars] = calendarLinks(await (await get(pageIn(await mailTo(OMAR)))).text());
  const omarsEvent = await eventAt(omars!);
  expect(omarsEvent.startDate.toUnixTime()).toBe(embargoedAt);
  expect(omarsEvent.uid).not.toBe(uids.get(embargoedAt));
});

test.each([
  ['a token cut short', `/press/${'A'.repeat(42)}`],
  ['a token with a character no token has', `/press/${'A'.repeat(42)}!`],
  ['a token of the right shape that is no one’s', `/press/${'A'.repeat(43)}`],
  ['a calendar file under a token that is no one’s', `/press/${'A'.repeat(43)}/a4b4b54c-49ab-4cf1-ba04-481bca01aebf.ics`],
])('%s is the 404 page, private and unindexed', async (_case, path) => {
  const answer = await get(path);
  expect(answer.status).toBe(404);
  expect(await answer.text()).toContain('The page you’re looking for doesn’t exist...');
  expect(answer.headers.get('X-Robots-Tag')).toContain('noindex');
  expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
});

test('a calendar file of a story the journalist was not given is the 404 page', async () => {
  const claires = pageIn(await mailTo(CLAIRE));
  const draftUuid = (await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(SECOND).first<string>('uuid'))!;
  expect((await get(`${claires}/${draftUuid}.ics`)).status).toBe(404);
});

test('nothing under /press/ ever reaches the page cache', async () => {
  const app = createApp();
  const send = async (path: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${ORIGIN}${path}`, { redirect: 'manual' }), env, ctx);
    await response.arrayBuffer();
    await waitOnExecutionContext(ctx);
    return response;
  };
  const page = pageIn(await mailTo(ANNA));
  const token = page.slice('/press/'.length);
  const ics = calendarLinks(await (await get(page)).text())[0]!;
  for (const path of [page, page, ics, ics, page.replace('/press/', '/press/leave/'), `/press/${'B'.repeat(43)}`]) {
    expect((await send(path)).headers.get('X-Cache'), path).toBe('BYPASS');
  }
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listed = await env.PAGE_CACHE.list(cursor ? { cursor } : {});
    keys.push(...listed.keys.map((key) => key.name));
    cursor = listed.list_complete ? undefined : listed.cursor;
  } while (cursor);
  expect(keys.filter((key) => key.includes('/press'))).toEqual([]);
  expect(keys.filter((key) => key.includes(token))).toEqual([]);
});

test('a revoked release disappears from the page, and its calendar file with it, on the very next request', async () => {
  const pagePath = pageIn(await mailTo(ANNA));
  const before = calendarLinks(await (await get(pagePath)).text());
  expect(before).toHaveLength(2);
  await runAtomically(env.DB, [revokeRecipientStatement(SECOND, ANNA, now())]);
  const html = await (await get(pagePath)).text();
  expect(html).not.toContain('Draft story that must stay hidden');
  expect(html).toContain('Embargoed story that must stay hidden');
  const gone = before.filter((link) => !calendarLinks(html).includes(link));
  expect(gone).toHaveLength(1);
  expect((await get(gone[0]!)).status).toBe(404);
});

test('a journalist removed from the media list loses their page and calendar files on the very next request', async () => {
  const pagePath = pageIn(await mailTo(OMAR));
  const page = await get(pagePath);
  expect(page.status).toBe(200);
  const calendars = calendarLinks(await page.text());
  await runAtomically(env.DB, deleteJournalistStatements(OMAR));
  expect(calendars).toHaveLength(1);
  for (const path of [pagePath, ...calendars]) {
    const answer = await get(path);
    expect(answer.status, path).toBe(404);
    expect(answer.headers.get('Cache-Control')).toContain('no-store');
    expect(answer.headers.get('X-Robots-Tag')).toContain('noindex');
    expect(answer.headers.get('Referrer-Policy')).toBe('no-referrer');
  }
});

test('a release that went public moves to the public list, linked at its public address', async () => {
  await env.DB.prepare("UPDATE stories SET status = 'published', visibility = 'public' WHERE slug = ?1").bind(EMBARGOED).run();
  const html = await (await get(pageIn(await mailTo(CLAIRE)))).text();
  expect(html).toContain('Publics désormais');
  expect(html).toContain(`href="/${EMBARGOED}"`);
  expect(calendarLinks(html)).toEqual([]);
});
