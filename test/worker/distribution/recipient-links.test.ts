// A secret link per journalist through the real worker (src/pages/secret-story.ts,
// migrations/0019_recipient_links.sql): each recipient's link opens the embargoed story with the
// private headers, counts its openings (how many, first and last, a sketch of the browsers) on
// that link alone, a revoked recipient's link is the 404 page while the others still open, and
// after go-live every recipient's link answers 301 to the public story.
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import { estimateDistinctAgents, newRecipientLink } from '#src/domain/recipient-link';
import { cacheRules } from '#src/http/cache-rules';
import { runAtomically } from '#src/platform/d1/import-statements';
import { upsertJournalistStatement } from '#src/platform/d1/media-list';
import { ensureRecipientLinkStatement, revokeRecipientStatement } from '#src/platform/d1/recipient-links';
import { get } from '../request';

const SLUG = 'embargoed-story';
const JOURNALISTS = ['anna@volkskrant.example', 'claire@lemonde.example', 'omar@gulfnews.example'];
const open = (token: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156', method = 'GET') => get(`/s/${token}`, { method, headers: { 'User-Agent': userAgent } });

interface LinkRow {
  open_count: number;
  first_opened_at: number | null;
  last_opened_at: number | null;
  agent_bits: number;
}
const tokens = new Map<string, string>();

async function linkOf(email: string): Promise<LinkRow> {
  return (await env.DB.prepare('SELECT l.open_count, l.first_opened_at, l.last_opened_at, l.agent_bits FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id WHERE j.email = ?1').bind(email).first<LinkRow>())!;
}

/** Openings are counted after the answer: waits (up to 10 s, whatever the machine) until a link has `count`. */
async function openingsReach(email: string, count: number): Promise<LinkRow> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const row = await linkOf(email);
    if (row.open_count >= count) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return linkOf(email);
}

beforeAll(async () => {
  const story = await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(SLUG).first<{ uuid: string }>();
  const now = Math.floor(Date.now() / 1000);
  const statements = [];
  for (const email of JOURNALISTS) {
    const link = await newRecipientLink();
    tokens.set(email, link.token);
    statements.push(upsertJournalistStatement({ email, name: email.split('@')[0]!, outlet: '', language: 'en', timeZone: null }, now), ensureRecipientLinkStatement(story!.uuid, email, link, now));
  }
  await runAtomically(env.DB, statements);
});

test('each recipient’s link opens the embargoed story privately, and each opening is counted on that link alone', async () => {
  const [anna, claire, omar] = JOURNALISTS.map((email) => tokens.get(email)!);
  expect(new Set([anna, claire, omar]).size).toBe(3);
  const page = await open(anna!);
  expect(page.status).toBe(200);
  expect(page.headers.get('Cache-Control')).toBe(cacheRules.private);
  expect(page.headers.get('X-Robots-Tag')).toContain('noindex');
  const html = await page.text();
  expect(html).toContain('Embargoed story that must stay hidden');
  // Nothing on the page names who received it.
  for (const email of JOURNALISTS) expect(html).not.toContain(email);

  await openingsReach(JOURNALISTS[0]!, 1);
  expect((await open(anna!, 'Mozilla/5.0 (iPhone) Safari/605')).status).toBe(200);
  expect((await open(claire!)).status).toBe(200);
  const annaRow = await openingsReach(JOURNALISTS[0]!, 2);
  const claireRow = await openingsReach(JOURNALISTS[1]!, 1);
  expect(annaRow.open_count).toBe(2);
  expect(annaRow.first_opened_at).not.toBeNull();
  expect(annaRow.last_opened_at! >= annaRow.first_opened_at!).toBe(true);
  expect(estimateDistinctAgents(annaRow.agent_bits)).toBe(2);
  expect(claireRow.open_count).toBe(1);
  expect(estimateDistinctAgents(claireRow.agent_bits)).toBe(1);
  expect(await linkOf(JOURNALISTS[2]!)).toEqual({ open_count: 0, first_opened_at: null, last_opened_at: null, agent_bits: 0 });
});

test('a HEAD request (a link checker, a mail scanner) is answered and counts nothing', async () => {
  const before = (await linkOf(JOURNALISTS[1]!)).open_count;
  expect((await open(tokens.get(JOURNALISTS[1]!)!, 'LinkChecker/1.0', 'HEAD')).status).toBe(200);
  // A GET after it is counted; once it is, the HEAD was not.
  expect((await open(tokens.get(JOURNALISTS[1]!)!)).status).toBe(200);
  expect((await openingsReach(JOURNALISTS[1]!, before + 1)).open_count).toBe(before + 1);
});

test('a revoked recipient’s link is the 404 page and counts nothing; the others still open the story', async () => {
  await runAtomically(env.DB, [revokeRecipientStatement(SLUG, JOURNALISTS[2]!, Math.floor(Date.now() / 1000))]);
  const revoked = await open(tokens.get(JOURNALISTS[2]!)!);
  expect(revoked.status).toBe(404);
  expect(await revoked.text()).not.toContain('Embargoed story that must stay hidden');
  const annaBefore = (await linkOf(JOURNALISTS[0]!)).open_count;
  for (const email of JOURNALISTS.slice(0, 2)) expect((await open(tokens.get(email)!)).status).toBe(200);
  // Once the later opening of another link is counted, the revoked one's would have been too.
  await openingsReach(JOURNALISTS[0]!, annaBefore + 1);
  expect((await linkOf(JOURNALISTS[2]!)).open_count).toBe(0);
});

test('a token of the right shape that is no one’s is the 404 page', async () => {
  const stranger = await newRecipientLink();
  expect((await open(stranger.token)).status).toBe(404);
});

test('after go-live every recipient’s link that still opens answers 301 to the public story, and counts nothing', async () => {
  await env.DB.prepare("UPDATE stories SET status = 'published', visibility = 'public' WHERE slug = ?1").bind(SLUG).run();
  const before = await Promise.all(JOURNALISTS.map(linkOf));
  for (const email of JOURNALISTS.slice(0, 2)) {
    const moved = await open(tokens.get(email)!);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('Location')).toBe(`/${SLUG}`);
  }
  expect((await open(tokens.get(JOURNALISTS[2]!)!)).status).toBe(404);
  // Nothing was handed to waitUntil for a 301 (it throws before counting); read after a pause
  // long enough for a count to land if one had been asked for.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await Promise.all(JOURNALISTS.map(linkOf))).toEqual(before);
});
