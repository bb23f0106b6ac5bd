// A link per journalist through the CLIs a press office runs, on real local D1: `npm run press` puts
// three journalists on the media list, `npm run share -- <slug> --to` gives each their own link to
// the embargoed story and its translation, `--list` shows who opened what, `--revoke <email>`
// cuts one off, and the story's own link stays. Opening the links goes through the worker
// (test/worker/distribution/recipient-links.test.ts).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-recipients-'));
const state = join(work, 'state');
const folder = join(work, 'content');
const SLUG = 'embargoed-story';
const JOURNALISTS = ['Anna@Volkskrant.example', 'claire@lemonde.example', 'omar@gulfnews.example'];
const cli = (script: 'import.ts' | 'share.ts' | 'press.ts', ...args: string[]) => runCli(script, args, state);

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  const imported = await cli('import.ts', folder);
  expect(imported.code, imported.stderr).toBe(0);
  for (const email of JOURNALISTS) expect((await cli('press.ts', 'add', email, '--name', email.split('@')[0]!, '--list', 'Energy desks')).code).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `share --to`'s lines as [email, language, link]. */
function linksOf(stdout: string): string[][] {
  return stdout.trim().split('\n').map((line) => line.split('\t')).map(([email, locale, , link]) => [email!, locale!, link!]);
}

test('share --to gives each recipient a link of their own for every language of the story, and the same one again on a second run', async () => {
  const first = await cli('share.ts', SLUG, '--to', JOURNALISTS.join(','), '--origin=https://news.test');
  expect(first.code, first.stderr).toBe(0);
  const links = linksOf(first.stdout);
  const languages = [...new Set(links.map(([, locale]) => locale))];
  expect(links).toHaveLength(JOURNALISTS.length * languages.length);
  expect(links.map(([email]) => email)).toContain('anna@volkskrant.example');
  for (const [, , link] of links) expect(link).toMatch(/^https:\/\/news\.test\/s\/r[A-Za-z0-9_-]{43}$/);
  expect(new Set(links.map(([, , link]) => link)).size).toBe(links.length);
  // The story's own link is none of them.
  const own = await cli('share.ts', SLUG, '--origin=https://news.test');
  for (const line of own.stdout.trim().split('\n')) expect(links.map(([, , link]) => link)).not.toContain(line.split('\t')[2]);
  const again = await cli('share.ts', SLUG, '--to', JOURNALISTS[1]!, '--origin=https://news.test');
  expect(linksOf(again.stdout)).toEqual(links.filter(([email]) => email === JOURNALISTS[1]));
});

test('share --to someone not on the media list changes nothing and says how to add them', async () => {
  const { db } = await localD1(state);
  const before = await db.prepare('SELECT count(*) AS n FROM recipient_links').first('n');
  const refused = await cli('share.ts', SLUG, '--to', `${JOURNALISTS[0]},nobody@else.example`);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Not on the media list: nobody@else.example. Add them first (npm run press -- add <email> --name NAME). Nothing was changed.');
  expect(await db.prepare('SELECT count(*) AS n FROM recipient_links').first('n')).toBe(before);
  expect((await cli('share.ts', SLUG, '--to', 'not an address')).stderr).toContain('Introduce a valid email address');
});

test('share --list shows each recipient’s links and what opened them; --revoke <email> cuts off that recipient alone', async () => {
  const { db } = await localD1(state);
  // An opening as the worker counts it (test/worker/distribution/recipient-links.test.ts opens for real).
  await db.prepare("UPDATE recipient_links SET open_count = 3, first_opened_at = 1795000000, last_opened_at = 1795003600, agent_bits = 6 WHERE journalist_id = (SELECT id FROM journalists WHERE email = 'claire@lemonde.example')").run();
  const listed = await cli('share.ts', SLUG, '--list');
  expect(listed.code, listed.stderr).toBe(0);
  expect(listed.stdout).toContain('claire@lemonde.example\tclaire\ten\topened 3 time(s), first 2026-11-18 11:06 UTC, last 2026-11-18 12:06 UTC, from about 2 browser(s)');
  expect(listed.stdout).toContain('omar@gulfnews.example\tomar\ten\tnot opened');

  const revoked = await cli('share.ts', SLUG, '--revoke', 'Omar@GulfNews.example');
  expect(revoked.code, revoked.stderr).toBe(0);
  expect(revoked.stdout).toMatch(/^Revoked \d link\(s\) of omar@gulfnews\.example to embargoed-story/);
  const after = (await cli('share.ts', SLUG, '--list')).stdout;
  expect(after).toMatch(/omar@gulfnews\.example\tomar\ten\trevoked \d{4}-\d\d-\d\d \d\d:\d\d UTC; not opened/);
  expect(after).toContain('anna@volkskrant.example\tAnna\ten\tnot opened');
  expect((await cli('share.ts', SLUG, '--revoke', 'omar@gulfnews.example')).stderr).toContain('has no open link');
  // Sharing to them again gives them nothing new: a revoked recipient stays cut off.
  expect((await cli('share.ts', SLUG, '--to', 'omar@gulfnews.example')).stdout).toContain('revoked: no link');
});

test('a journalist removed from the media list takes their links and opening records with them', async () => {
  const { db } = await localD1(state);
  const links = async () => (await db.prepare('SELECT count(*) AS n FROM recipient_links').first<number>('n'))!;
  const before = await links();
  expect((await cli('press.ts', 'remove', 'claire@lemonde.example')).code).toBe(0);
  expect(await links()).toBeLessThan(before);
  expect(await db.prepare('SELECT count(*) AS n FROM recipient_links WHERE journalist_id NOT IN (SELECT id FROM journalists)').first('n')).toBe(0);
  expect((await cli('share.ts', SLUG, '--list')).stdout).not.toContain('claire');
});

test('an import keeps every recipient’s link while the story stays, and deletes them with their records when the story is removed', async () => {
  const { db } = await localD1(state);
  const count = async () => (await db.prepare('SELECT count(*) AS n FROM recipient_links').first<number>('n'))!;
  const before = await count();
  expect(before).toBeGreaterThan(0);
  const forced = await cli('import.ts', folder, '--force');
  expect(forced.code, forced.stderr).toBe(0);
  expect(await count()).toBe(before);
  rmSync(join(folder, 'stories/embargoed'), { recursive: true });
  const removed = await cli('import.ts', folder);
  expect(removed.code, removed.stderr).toBe(0);
  expect(await count()).toBe(0);
  expect((await cli('share.ts', SLUG, '--list')).code).toBe(0);
});
