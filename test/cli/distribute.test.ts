// `npm run distribute` (scripts/cli/distribute.ts) as a press office runs it, on real local D1: three
// journalists added with `npm run press`, the embargoed fixture story (given a French translation
// here) mailed to their list: three mails in the outbox, each with its journalist's own link in
// their language; a second run mails nobody; wrong stories and lists change nothing. Opening,
// revoking, go-live and leaving go through the worker (test/worker/distribution/distribute.test.ts).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-distribute-'));
const state = join(work, 'state');
const folder = join(work, 'content');
const SLUG = 'embargoed-story';
const LIST = 'Energy desks';
const ORIGIN = 'https://news.test';
const cli = (script: 'import.ts' | 'press.ts' | 'distribute.ts', ...args: string[]) => runCli(script, args, state);

interface OutboxRow {
  to_address: string;
  to_name: string;
  subject: string;
  text_body: string;
  headers: string;
}

async function pressMail(): Promise<OutboxRow[]> {
  const { db } = await localD1(state);
  return (await db.prepare("SELECT to_address, to_name, subject, text_body, headers FROM outbox WHERE idempotency_key LIKE 'press-%' ORDER BY to_address").all<OutboxRow>()).results;
}

/** What a refusal must leave as it was. */
async function counts(): Promise<{ outbox: number; links: number; leaveTokens: number }> {
  const { db } = await localD1(state);
  const count = async (sql: string) => (await db.prepare(sql).first<number>('n'))!;
  return {
    outbox: await count('SELECT count(*) AS n FROM outbox'),
    links: await count('SELECT count(*) AS n FROM recipient_links'),
    leaveTokens: await count('SELECT count(*) AS n FROM journalists WHERE leave_token IS NOT NULL'),
  };
}

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  writeFileSync(
    join(folder, 'stories/embargoed/index.fr.md'),
    ['---', 'uuid: 0b9e5a43-3c1f-4f57-9a57-6a2f0d3e8c11', 'slug: histoire-sous-embargo', 'title: Histoire sous embargo', 'summary: Un résumé secret.', 'published_at: 2026-12-05T09:00:00Z', 'status: embargo', 'visibility: embargo', '---', 'Embargo secret.', ''].join('\n'),
  );
  const imported = await cli('import.ts', folder);
  expect(imported.code, imported.stderr).toBe(0);
  for (const args of [
    ['anna@volkskrant.example', '--name', 'Anna Jansen', '--language', 'nl', '--time-zone', 'Europe/Amsterdam'],
    ['Claire@LeMonde.example', '--name', 'Claire Dubois', '--language', 'fr', '--time-zone', 'America/New_York'],
    ['omar@gulfnews.example', '--name', 'Omar Haddad', '--language', 'ar', '--time-zone', 'Asia/Dubai'],
  ]) {
    const added = await cli('press.ts', 'add', ...args, '--list', LIST);
    expect(added.code, added.stderr).toBe(0);
  }
  // An empty list: made with a journalist who is then taken off it.
  expect((await cli('press.ts', 'add', 'nobody@example.org', '--name', 'Nobody', '--list', 'Empty')).code).toBe(0);
  expect((await cli('press.ts', 'remove', 'nobody@example.org', '--list', 'Empty')).code).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test.each([
  ['an unknown story', ['no-such-story', '--list', LIST], 'no story with the slug "no-such-story". Nothing was changed.'],
  ['a public story', ['english-story-01', '--list', LIST], '"english-story-01" is public already'],
  ['a draft', ['draft-story', '--list', LIST], 'is a draft or scheduled story'],
  ['an unknown list', [SLUG, '--list', 'Sports desks'], 'there is no list "Sports desks" (npm run press -- lists shows them). Nothing was changed.'],
  ['an empty list', [SLUG, '--list', 'Empty'], 'the list "Empty" has no journalists'],
  ['no list', [SLUG], 'Usage: npm run distribute -- <slug> --list <name>'],
  ['a list name that cannot be one', [SLUG, '--list', '!!'], 'cannot be a list\'s name'],
  ['--env without --remote', [SLUG, '--list', LIST, '--env', 'staging'], '--env names a deployed environment: it goes with --remote.'],
  ['an --origin that is no address', [SLUG, '--list', LIST, '--origin=news'], '--origin: "news" is not an http(s) address.'],
])('%s is refused with a clear message, and nothing changes', async (_case, args, message) => {
  const before = await counts();
  const refused = await cli('distribute.ts', ...args);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(message);
  expect(await counts()).toEqual(before);
});

test('distribute mails each journalist of the list once, with their own link in their language, and reports it', async () => {
  const result = await cli('distribute.ts', SLUG, '--list', LIST, `--origin=${ORIGIN}`);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split('\n').map((line) => line.split('\t'));
  expect(lines.map(([email, locale, outcome]) => [email, locale, outcome])).toEqual([
    ['anna@volkskrant.example', 'en', 'mailed'],
    ['claire@lemonde.example', 'fr', 'mailed'],
    ['omar@gulfnews.example', 'en', 'mailed'],
  ]);
  expect(result.stderr).toContain('Mailed 3 journalist(s) now');

  const mails = await pressMail();
  expect(mails.map((mail) => [mail.to_address, mail.to_name])).toEqual([
    ['anna@volkskrant.example', 'Anna Jansen'],
    ['claire@lemonde.example', 'Claire Dubois'],
    ['omar@gulfnews.example', 'Omar Haddad'],
  ]);
  // Each mail holds the link the command printed for its journalist, and no two are alike.
  mails.forEach((mail, index) => expect(mail.text_body).toContain(lines[index]![3]!));
  expect(new Set(lines.map((line) => line[3])).size).toBe(3);
  for (const [, , , link] of lines) expect(link).toMatch(/^https:\/\/news\.test\/s\/r[A-Za-z0-9_-]{43}$/);

  const [anna, claire, omar] = mails as [OutboxRow, OutboxRow, OutboxRow];
  expect(anna.subject).toBe('Under embargo: Embargoed story that must stay hidden');
  expect(claire.subject).toBe('Sous embargo : Histoire sous embargo');
  expect(claire.text_body).toContain('Un résumé secret.');
  expect(claire.text_body.replace(/[\u00a0\u202f]/g, ' ')).toContain('Embargo jusqu’au 5 décembre 2026 04:00 heure normale de l’Est nord-américain');
  expect(omar.text_body.replace(/[\u00a0\u202f]/g, ' ')).toContain('Embargo until December 5, 2026 1:00 PM Gulf Standard Time');
  // The story names no contacts: the newsroom's for the mail's language.
  expect(anna.text_body).toContain('Media contacts\nJane Press, Head of PR, Acme Test Co\nEmail: jane@acme.example');
  for (const mail of mails) {
    const leave = /https:\/\/news\.test\/press\/leave\/[A-Za-z0-9_-]{43}/.exec(mail.text_body)![0];
    expect(JSON.parse(mail.headers)).toEqual({ 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    for (const other of mails.filter((candidate) => candidate !== mail)) {
      expect(mail.text_body).not.toContain(other.to_address);
      expect(mail.text_body).not.toContain(other.to_name);
    }
  }
  // Each journalist has a link to the story and to its translation, the mailed one marked.
  const { db } = await localD1(state);
  expect(await db.prepare('SELECT count(*) AS n FROM recipient_links').first('n')).toBe(6);
  expect(await db.prepare('SELECT count(*) AS n FROM recipient_links WHERE mailed_at IS NOT NULL').first('n')).toBe(3);
});

test('distributing again (by the translation’s slug too) mails nobody twice and says who had it already', async () => {
  for (const slug of [SLUG, 'histoire-sous-embargo']) {
    const again = await cli('distribute.ts', slug, '--list', LIST, `--origin=${ORIGIN}`);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split('\n').map((line) => line.split('\t')[2])).toEqual(['already mailed', 'already mailed', 'already mailed']);
    expect(again.stderr).toContain('Mailed 0 journalist(s) now');
  }
  expect(await pressMail()).toHaveLength(3);
});

test('a journalist added to the list later gets theirs on the next run, and the others nothing more', async () => {
  expect((await cli('press.ts', 'add', 'lena@spiegel.example', '--name', 'Lena Berg', '--language', 'de', '--list', LIST)).code).toBe(0);
  const run = await cli('distribute.ts', SLUG, '--list', LIST);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^lena@spiegel\.example\ten\tmailed\thttps:\/\/news\.test\.example\/s\/r/m);
  expect(run.stderr).toContain('Mailed 1 journalist(s) now');
  expect(run.stderr).toContain('; 3 had it already; 0 cut off (revoked).');
  expect(await pressMail()).toHaveLength(4);
});
