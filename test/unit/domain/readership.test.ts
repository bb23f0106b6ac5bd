// Readership's pure parts (ADR 0055): the data point one story request writes, the story routes'
// slug and form, the one SQL query sent to Analytics Engine and the reading of its answer, the
// report, the settings (a stand-in only on loopback), and the stand-in's evaluation of that query.
import { describe, expect, test } from 'vitest';
import { readershipSettingsOf, standinOriginOf } from '#src/config/readership';
import { readershipPoint, readershipReport, storyIndexOf, storyRequestOf, windowDays } from '#src/domain/readership';
import { readershipRowsOf, readershipSql, sqlString } from '#src/domain/readership-query';
import { readerOf } from '#src/domain/reader-classes';
import { readershipLines } from '#src/press-desk/readership';
import { createReadershipStandin } from '../../../scripts/dev/readership-standin.mjs';

const GPTBOT = readerOf('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)');
const PERSON = readerOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');

describe('the data point', () => {
  test.each([
    ['an AI agent: its name, never a referrer', GPTBOT, 'news.ycombinator.com', { indexes: ['wind-farm'], blobs: ['page', 'ai-agent', 'GPTBot', ''], doubles: [1] }],
    ['a person: the referring host', PERSON, 'linkedin.com', { indexes: ['wind-farm'], blobs: ['page', 'person', '', 'linkedin.com'], doubles: [1] }],
    ['a person without a referrer', PERSON, null, { indexes: ['wind-farm'], blobs: ['page', 'person', '', ''], doubles: [1] }],
  ])('%s', (_name, reader, referrer, point) => {
    expect(readershipPoint('wind-farm', 'page', reader, referrer)).toEqual(point);
  });

  test('holds nothing of the User-Agent string but the agent name', () => {
    const point = readershipPoint('wind-farm', 'md', GPTBOT, null);
    expect(JSON.stringify(point)).not.toMatch(/Mozilla|openai\.com|1\.2/);
  });

  test('an index longer than 96 bytes is cut the same way when counting and reading', () => {
    const long = 'é'.repeat(60);
    expect(new TextEncoder().encode(storyIndexOf(long)).length).toBeLessThanOrEqual(96);
    expect(readershipPoint(long, 'page', PERSON, null).indexes[0]).toBe(storyIndexOf(long));
    expect(readershipSql('ds', [long], 30)).toContain(`'${storyIndexOf(long)}'`);
  });
});

describe('the story routes', () => {
  test.each([
    ['/wind-farm', 'page', false, { slug: 'wind-farm', form: 'page' }],
    ['/wind-farm', 'page', true, { slug: 'wind-farm', form: 'md' }],
    ['/wind-farm.md', 'md', false, { slug: 'wind-farm', form: 'md' }],
    ['/wind-farm.json', 'json', false, { slug: 'wind-farm', form: 'json' }],
    ['/.json', 'json', false, null],
    ['/a/b', 'page', false, null],
  ] as const)('%s (%s route, Markdown negotiated: %s)', (path, route, markdown, expected) => {
    expect(storyRequestOf(path, route, markdown)).toEqual(expected);
  });
});

describe('the SQL', () => {
  test('sums _sample_interval by day, slug, form, class, agent and referrer for the slugs, over the window', () => {
    expect(readershipSql('newsroom_readership', ['wind-farm', 'parc-eolien'], 30)).toBe(
      "SELECT toStartOfDay(timestamp) AS day, index1 AS slug, blob1 AS form, blob2 AS class, blob3 AS agent, blob4 AS referrer, SUM(_sample_interval) AS requests FROM newsroom_readership WHERE timestamp >= NOW() - INTERVAL '30' DAY AND index1 IN ('wind-farm', 'parc-eolien') GROUP BY day, slug, form, class, agent, referrer ORDER BY day FORMAT JSON",
    );
  });

  test('quotes what it is given and refuses a bad dataset, window or empty list', () => {
    expect(sqlString("it's \\ odd")).toBe("'it\\'s \\\\ odd'");
    expect(() => readershipSql('x; DROP', ['a'], 30)).toThrow(/dataset/);
    expect(() => readershipSql('ds', ['a'], 0)).toThrow(/days/);
    expect(() => readershipSql('ds', ['a'], 91)).toThrow(/days/);
    expect(() => readershipSql('ds', [], 30)).toThrow(/No story/);
  });

  test('reads the answer, quoted or plain numbers, leaving out unknown forms and classes', () => {
    const answer = {
      meta: [],
      data: [
        { day: '2026-11-28 00:00:00', slug: 'a', form: 'page', class: 'person', agent: '', referrer: 'linkedin.com', requests: '3' },
        { day: '2026-11-28 00:00:00', slug: 'a', form: 'json', class: 'ai-agent', agent: 'GPTBot', referrer: '', requests: 5 },
        { day: '2026-11-28 00:00:00', slug: 'a', form: 'pdf', class: 'person', agent: '', referrer: '', requests: 1 },
      ],
      rows: 3,
    };
    expect(readershipRowsOf(answer)).toEqual([
      { day: '2026-11-28', slug: 'a', form: 'page', class: 'person', agent: null, referrer: 'linkedin.com', requests: 3 },
      { day: '2026-11-28', slug: 'a', form: 'json', class: 'ai-agent', agent: 'GPTBot', referrer: null, requests: 5 },
    ]);
    expect(() => readershipRowsOf({ errors: [] })).toThrow(/without data/);
  });
});

test('the report sums by day, language and form, class, agent and referrer, and prints as the CLI does', () => {
  const versions = [
    { slug: 'wind-farm', locale: 'en', title: 'Wind farm opens' },
    { slug: 'parc-eolien', locale: 'fr', title: 'Le parc éolien ouvre' },
  ];
  const report = readershipReport(
    versions,
    [
      { day: '2026-11-27', slug: 'wind-farm', form: 'page', class: 'person', agent: null, referrer: 'linkedin.com', requests: 3 },
      { day: '2026-11-28', slug: 'parc-eolien', form: 'md', class: 'ai-agent', agent: 'GPTBot', referrer: null, requests: 5 },
      { day: '2026-11-28', slug: 'other-story', form: 'page', class: 'person', agent: null, referrer: null, requests: 9 },
    ],
    '2026-11-28',
    3,
  );
  expect(report.total).toBe(8);
  expect(report.perDay.map((day) => [day.day, day.total])).toEqual([['2026-11-26', 0], ['2026-11-27', 3], ['2026-11-28', 5]]);
  expect(report.byLanguage).toEqual([
    { locale: 'en', slug: 'wind-farm', forms: { page: 3, md: 0, json: 0 } },
    { locale: 'fr', slug: 'parc-eolien', forms: { page: 0, md: 5, json: 0 } },
  ]);
  expect(report.byAgent).toEqual([{ agent: 'GPTBot', class: 'ai-agent', requests: 5 }]);
  expect(report.referrers).toEqual([{ domain: 'linkedin.com', requests: 3 }]);
  const lines = readershipLines(report);
  expect(lines).toContainEqual(expect.stringMatching(/^GPTBot \(AI agents\) +5$/));
  expect(lines).toContainEqual(expect.stringMatching(/^people +3$/));
  expect(lines).toContainEqual(expect.stringMatching(/^fr \/parc-eolien +0 +5 +0$/));
  expect(windowDays('2026-03-01', 2)).toEqual(['2026-02-28', '2026-03-01']);
});

describe('the settings', () => {
  test.each([
    ['http://127.0.0.1:8799', 'http://127.0.0.1:8799'],
    ['http://localhost:8799/', 'http://localhost:8799'],
    ['https://analytics.example.com', null],
    ['http://10.0.0.1:8799', null],
    ['', null],
  ])('READERSHIP_STANDIN_URL %j → %j', (value, origin) => {
    expect(standinOriginOf(value)).toBe(origin);
  });

  test('read through the SQL API with an account and a token, through the stand-in on loopback, else not at all', () => {
    expect(readershipSettingsOf({ CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef', READERSHIP_API_TOKEN: 't' }).sql).toEqual({ url: 'https://api.cloudflare.com/client/v4/accounts/0123456789abcdef0123456789abcdef/analytics_engine/sql', token: 't' });
    expect(readershipSettingsOf({ READERSHIP_STANDIN_URL: 'http://127.0.0.1:9' }).sql).toEqual({ url: 'http://127.0.0.1:9/client/v4/accounts/local/analytics_engine/sql', token: 'local' });
    expect(readershipSettingsOf({}).sql.url).toBeNull();
    expect(readershipSettingsOf({ READERSHIP_DATASET: 'bad name' }).dataset).toBe('newsroom_readership');
  });
});

describe('the stand-in', () => {
  const now = Date.UTC(2026, 10, 28, 12);
  test('answers the query the reader sends with the SQL API shape, and 400 to any other', async () => {
    const standin = createReadershipStandin({ now: () => now });
    standin.record('ds', readershipPoint('a', 'page', GPTBOT, null));
    standin.record('ds', readershipPoint('a', 'page', GPTBOT, null));
    standin.record('ds', readershipPoint('b', 'page', GPTBOT, null));
    standin.record('other', readershipPoint('a', 'page', GPTBOT, null));
    standin.record('ds', readershipPoint('a', 'page', GPTBOT, null), now - 40 * 86_400_000);
    const answer = (await standin.query(readershipSql('ds', ['a'], 30)).json()) as { meta: unknown[]; data: unknown[]; rows: number };
    expect(answer.rows).toBe(1);
    expect(answer.data).toEqual([{ day: '2026-11-28 00:00:00', slug: 'a', form: 'page', class: 'ai-agent', agent: 'GPTBot', referrer: '', requests: '2' }]);
    expect(standin.query('SELECT count() FROM ds').status).toBe(400);
    const unauthorised = await standin.fetch('http://127.0.0.1/client/v4/accounts/x/analytics_engine/sql', { method: 'POST', body: readershipSql('ds', ['a'], 30) });
    expect(unauthorised.status).toBe(401);
  });
});
