// Security regression suite, the import's part: the import CLI run from outside,
// as an editor would, on a content folder holding links to files elsewhere on the machine.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-security-import-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const importFolder = (dir: string, state: string) => runCli('import.ts', [dir], state);

test('a content file linked to a file outside the content folder is never published: the import names it and writes nothing', async () => {
  const folder = join(work, 'content');
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  const elsewhere = join(work, 'elsewhere');
  mkdirSync(join(elsewhere, 'drafts'), { recursive: true });
  writeFileSync(join(elsewhere, 'notes.md'), '---\ntitle: Cookie policy\n---\n\nCONFIDENTIAL: the merger closes on Friday.\n');
  writeFileSync(join(elsewhere, 'drafts/index.en.md'), '---\ntitle: Leak\nslug: leak\nstatus: published\nvisibility: public\npublished_at: 2026-01-01T00:00:00Z\n---\n\nCONFIDENTIAL draft.\n');
  // The table's case, a whole directory linked in, and a link to nothing.
  mkdirSync(join(folder, 'policies/cookie-policy'));
  symlinkSync(join(elsewhere, 'notes.md'), join(folder, 'policies/cookie-policy/index.fr.md'));
  symlinkSync(join(elsewhere, 'drafts'), join(folder, 'stories/drafts'));
  symlinkSync(join(elsewhere, 'gone.md'), join(folder, 'policies/cookie-policy/index.en.md'));
  const state = join(work, 'state');

  const result = await importFolder(folder, state);

  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => /^\s+\S+: /.test(line)).map((line) => line.trim());
  const outside = (link: string) => `${link}: (file): leads outside the content folder through the symbolic link "${link}" (the import reads only files inside the folder)`;
  expect(lines).toEqual([outside('stories/drafts'), outside('policies/cookie-policy/index.en.md'), outside('policies/cookie-policy/index.fr.md')]);
  expect(result.stderr).toContain('Nothing was written.');
  expect(result.stdout + result.stderr).not.toContain('CONFIDENTIAL');
  // Not a byte written: no local database was even opened.
  expect(existsSync(state)).toBe(false);
}, 60_000);
