// Files that name their recipient, from the press office's command line on real local D1
// (docs/decisions/0053-files-that-name-their-recipient.md): `npm run share -- --whose <address>`
// names the journalist (name, e-mail, outlet), the story and the file behind a recipient's file
// address found anywhere, and `share -- <slug> --list` shows each recipient's downloads. The
// worker serving and counting those files: test/worker/distribution/recipient-files.test.ts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashRecipientFileKey, recipientFileKey } from '#src/domain/recipient-files';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-recipient-files-'));
const state = join(work, 'state');
const folder = join(work, 'content');
const SLUG = 'embargoed-story';
const PHOTO = 'd33a4856-9ed9-4700-b1c1-029a258abb3c';
const cli = (script: 'import.ts' | 'share.ts' | 'press.ts', ...args: string[]) => runCli(script, args, state);
const keys = new Map<string, string>();

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  expect((await cli('import.ts', folder)).code).toBe(0);
  expect((await cli('press.ts', 'add', 'anna@volkskrant.example', '--name', 'Anna Jansen', '--outlet', 'de Volkskrant')).code).toBe(0);
  expect((await cli('press.ts', 'add', 'claire@lemonde.example', '--name', 'Claire Dubois', '--outlet', 'Le Monde')).code).toBe(0);
  const shared = await cli('share.ts', SLUG, '--to', 'anna@volkskrant.example,claire@lemonde.example');
  expect(shared.code, shared.stderr).toBe(0);
  const { db } = await localD1(state);
  // As the worker does the first time each recipient's page is shown, and on two downloads of Anna's.
  for (const line of shared.stdout.trim().split('\n')) {
    const [email, , , link] = line.split('\t');
    const token = link!.replace(/^.*\/s\//, '');
    const key = await recipientFileKey(token);
    keys.set(email!, key);
    await db.prepare('UPDATE recipient_links SET file_key_hash = ?2 WHERE token = ?1').bind(token, await hashRecipientFileKey(key)).run();
  }
  await db
    .prepare("INSERT INTO recipient_file_downloads (link_id, file, first_at, last_at, download_count) SELECT id, ?1, 1795000000, 1795003600, 2 FROM recipient_links WHERE file_key_hash IS NOT NULL AND journalist_id = (SELECT id FROM journalists WHERE email = 'anna@volkskrant.example')")
    .bind(PHOTO)
    .run();
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('share --whose names the journalist, the story and the file of a recipient’s file address found anywhere', async () => {
  const address = `https://news.test.example/s/${keys.get('anna@volkskrant.example')!}/${PHOTO}/-/resize/90x/photo.jpg?utm_source=forum`;
  const whose = await cli('share.ts', '--whose', address);
  expect(whose.code, whose.stderr).toBe(0);
  expect(whose.stdout).toContain('Journalist: Anna Jansen <anna@volkskrant.example>, de Volkskrant');
  expect(whose.stdout).toContain(`Story: ${SLUG} (en) Embargoed story that must stay hidden`);
  expect(whose.stdout).toContain(`File: photo.jpg (${PHOTO})`);
  expect(whose.stdout).toContain('Downloaded 2 time(s), first 2026-11-18 11:06 UTC, last 2026-11-18 12:06 UTC');
  expect(whose.stdout).not.toContain('Claire');

  const zip = await cli('share.ts', '--whose', `/s/${keys.get('claire@lemonde.example')!}/download`);
  expect(zip.stdout).toContain('Journalist: Claire Dubois <claire@lemonde.example>, Le Monde');
  expect(zip.stdout).toContain("File: the story's media ZIP");
  expect(zip.stdout).toContain('Not downloaded through this address yet.');
});

test('share --whose refuses what is no file address, and says so of a key that is no one’s', async () => {
  const wrong = await cli('share.ts', '--whose', 'https://news.test.example/embargoed-story');
  expect(wrong.code).toBe(1);
  expect(wrong.stderr).toContain("is not a recipient's file address");
  const unknown = await cli('share.ts', '--whose', `/s/f${'A'.repeat(43)}/${PHOTO}/photo.jpg`);
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('No recipient has this file address');
});

test('share --list shows each recipient’s downloads through their own file addresses', async () => {
  const listed = await cli('share.ts', SLUG, '--list');
  expect(listed.code, listed.stderr).toBe(0);
  const lines = listed.stdout.split('\n');
  expect(lines.find((line) => line.startsWith('anna@volkskrant.example'))).toContain('files downloaded 2 time(s), first 2026-11-18 11:06 UTC, last 2026-11-18 12:06 UTC');
  expect(lines.find((line) => line.startsWith('claire@lemonde.example'))).toContain('no file downloaded');
});
