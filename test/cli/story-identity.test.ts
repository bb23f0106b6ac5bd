// A secret link belongs to one story for good, end to end through the CLIs a press office runs:
// `npm run import` on real files into real local D1, and `npm run share` (scripts/cli/share.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-identity-'));
const state = join(work, 'state');
const folder = join(work, 'content');

const cli = (script: 'import.ts' | 'share.ts', ...args: string[]) => runCli(script, args, state);

/** The English link `npm run share` prints for a story. */
async function shareLink(slug: string): Promise<string> {
  const shared = await cli('share.ts', slug, '--origin=http://news.test');
  expect(shared.code, shared.stderr).toBe(0);
  const link = /^en\t.*\t(http:\/\/news\.test\/s\/\S+)$/m.exec(shared.stdout)?.[1];
  expect(link, shared.stdout).toBeDefined();
  return link!;
}

async function linkRows(): Promise<{ story_uuid: string; token: string }[]> {
  const { db } = await localD1(state);
  return (await db.prepare('SELECT story_uuid, token FROM story_links ORDER BY story_uuid').all<{ story_uuid: string; token: string }>()).results;
}

const PRIVATE = join(folder, 'stories/private/index.en.md');

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  const first = await cli('import.ts', folder);
  expect(first.code, first.stderr).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('a story deleted and another written in its folder: the old link is gone, the new story’s link is new, and the old uuid can never come back', async () => {
  const oldText = readFileSync(PRIVATE, 'utf8');
  const oldUuid = /^uuid: (.+)$/m.exec(oldText)![1]!;
  const oldLink = await shareLink('private-story');

  // The press office deletes the story and writes a new, confidential one in the same folder.
  rmSync(join(folder, 'stories/private'), { recursive: true });
  mkdirSync(join(folder, 'stories/private'));
  const newUuid = crypto.randomUUID();
  writeFileSync(PRIVATE, oldText.replace(oldUuid, newUuid).replace('slug: private-story', 'slug: newer-confidential-story').replace('visibility: private', 'visibility: confidential'));
  const imported = await cli('import.ts', folder);
  expect(imported.code, imported.stderr).toBe(0);

  const rows = await linkRows();
  expect(rows.some((row) => row.story_uuid === oldUuid)).toBe(false);
  const newLink = await shareLink('newer-confidential-story');
  expect(newLink).not.toBe(oldLink);
  expect(rows.find((row) => row.story_uuid === newUuid)?.token).toBe(newLink.split('/s/')[1]);

  // Revoking the old link is still possible, and says it opens nothing.
  const revoked = await cli('share.ts', '--revoke', oldLink);
  expect(revoked.code, revoked.stderr).toBe(0);
  expect(revoked.stdout).toContain('This link opens nothing');

  // A file taking the removed story's uuid (a copy restored from elsewhere) is refused, naming it.
  mkdirSync(join(folder, 'stories/restored'));
  writeFileSync(join(folder, 'stories/restored/index.en.md'), oldText);
  const refused = await cli('import.ts', folder);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(`stories/restored/index.en.md: uuid: ${oldUuid} belonged to a story that was removed`);
  expect(refused.stderr).toContain('Nothing was written.');
  expect(await linkRows()).toEqual(rows);
  rmSync(join(folder, 'stories/restored'), { recursive: true });
}, 180_000);

test('share --revoke ends one link of a story that exists; sharing it again gives a new one', async () => {
  const link = await shareLink('newer-confidential-story');
  const revoked = await cli('share.ts', '--revoke', link);
  expect(revoked.code, revoked.stderr).toBe(0);
  expect(revoked.stdout).toContain('Revoked the link of newer-confidential-story (en)');
  const again = await shareLink('newer-confidential-story');
  expect(again).not.toBe(link);
}, 120_000);

test('share --revoke refuses what is not a link, and changes nothing', async () => {
  const before = await linkRows();
  const refused = await cli('share.ts', '--revoke', 'not-a-link');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('"not-a-link" is not a secret link');
  expect(await linkRows()).toEqual(before);
}, 60_000);
