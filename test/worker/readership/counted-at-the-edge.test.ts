// Readership counted at the edge (ADR 0055) through the whole app: page-cache hits for a story
// by GPTBot and by a browser each write one data point, with no D1 statement on their way, and
// the points read back through the same query code the office view uses (the SQL API played by
// the local stand-in, scripts/dev/readership-standin.mjs, which records what the worker posts).
// The office's readership page draws them.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import { createApp } from '#src/app';
import { readershipStoresOf } from '#src/adapters';
import { ACCESS_HEADER } from '#src/admin/admin-door';
import { cacheFillRequest } from '#src/page-cache/page-cache';
import { storyReadership } from '#src/press-desk/readership';
import { createReadershipStandin, type ReadershipStandin } from '../../../scripts/dev/readership-standin.mjs';
import { countingD1 } from '../../fixtures/failing-bindings';
import { createFakeAccess, type FakeAccess } from '../../fixtures/fake-access';
import { ORIGIN } from '../request';

const SLUG = 'english-story-01';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let standin: ReadershipStandin;
let access: FakeAccess;
let bindings: CloudflareBindings;
let d1Calls: string[];
let app: ReturnType<typeof createApp>;

async function send(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(request, bindings, ctx);
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(response.status === 304 ? null : body, response);
}

beforeAll(async () => {
  standin = createReadershipStandin();
  access = await createFakeAccess();
  const counting = countingD1();
  d1Calls = counting.calls;
  bindings = { ...env, DB: counting.db, READERSHIP_STANDIN_URL: 'http://127.0.0.1:8799', ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience } as CloudflareBindings;
  app = createApp({ readershipFetch: standin.fetch, accessFetch: access.fetch, build: `readership-${Date.now()}` });
  // The page cache's own fill: renders and stores the page, and is not a reader.
  expect((await send(cacheFillRequest(`${ORIGIN}/${SLUG}`))).status).toBe(200);
  expect(standin.points).toHaveLength(0);
});

test('five GPTBot and three browser hits on a story count 5 GPTBot and 3 people, without a D1 statement on their way', async () => {
  d1Calls.length = 0;
  const responses = [];
  for (const agent of [...Array(5).fill(GPTBOT), ...Array(3).fill(BROWSER)] as string[]) {
    responses.push(await send(new Request(`${ORIGIN}/${SLUG}`, { headers: { 'User-Agent': agent, Referer: 'https://www.linkedin.com/feed/?q=secret' } })));
  }
  for (const response of responses) {
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Cache')).toBe('HIT');
    expect(response.headers.get('Server-Timing') ?? '').not.toMatch(/round trips: [1-9]|statements: [1-9]/);
  }
  expect(d1Calls).toEqual([]);
  // What was stored: slug, form, class, agent, referring host (people only); no User-Agent, no address.
  expect(standin.points.map((point) => [point.dataset, point.indexes, point.blobs, point.doubles])).toEqual([
    ...Array(5).fill(['newsroom_readership', [SLUG], ['page', 'ai-agent', 'GPTBot', ''], [1]]),
    ...Array(3).fill(['newsroom_readership', [SLUG], ['page', 'person', '', 'linkedin.com'], [1]]),
  ]);

  const answer = await storyReadership(readershipStoresOf(bindings, standin.fetch), SLUG, { days: 7 });
  expect(answer.kind).toBe('report');
  if (answer.kind !== 'report') return;
  const { report } = answer;
  expect(report.total).toBe(8);
  expect(report.byClass.find((row) => row.class === 'ai-agent')?.requests).toBe(5);
  expect(report.byClass.find((row) => row.class === 'person')?.requests).toBe(3);
  expect(report.byAgent).toEqual([{ agent: 'GPTBot', class: 'ai-agent', requests: 5 }]);
  expect(report.referrers).toEqual([{ domain: 'linkedin.com', requests: 3 }]);
  expect(report.byLanguage).toEqual([{ locale: 'en', slug: SLUG, forms: { page: 8, md: 0, json: 0 } }]);
  expect(report.perDay.at(-1)?.total).toBe(8);
});

test('the .md and .json alternates are counted as such, and other pages and the office view are not counted', async () => {
  const before = standin.points.length;
  expect((await send(new Request(`${ORIGIN}/${SLUG}.md`, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)' } }))).status).toBe(200);
  expect((await send(new Request(`${ORIGIN}/${SLUG}.json`, { headers: { 'User-Agent': 'curl/8.5.0' } }))).status).toBe(200);
  expect((await send(new Request(`${ORIGIN}/${SLUG}`, { headers: { Accept: 'text/markdown', 'User-Agent': 'Feedly/1.0' } }))).status).toBe(200);
  expect((await send(new Request(`${ORIGIN}/category/products`, { headers: { 'User-Agent': BROWSER } }))).status).toBe(200);
  expect((await send(new Request(`${ORIGIN}/no-such-story`, { headers: { 'User-Agent': BROWSER } }))).status).toBe(404);
  expect(standin.points.slice(before).map((point) => point.blobs)).toEqual([
    ['md', 'ai-agent', 'ClaudeBot', ''],
    ['json', 'other-bot', '', ''],
    ['md', 'feed-reader', 'Feedly', ''],
  ]);
});

test("the office's readership page draws the day chart and the tables, without script", async () => {
  const response = await send(new Request(`${ORIGIN}/admin/press/readership?story=${SLUG}`, { headers: { [ACCESS_HEADER]: await access.token() } }));
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<svg');
  expect(html).not.toContain('<script');
  expect(html).toMatch(/<td>GPTBot<\/td><td>AI agents<\/td><td>5<\/td>/);
  expect(html).toMatch(/<td>People<\/td><td>3<\/td>/);
  // The office is never counted.
  expect(standin.points.every((point) => point.indexes[0] === SLUG)).toBe(true);
});
