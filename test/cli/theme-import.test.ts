// newsroom.yaml `theme:` through the import CLI: a bad colour or a pair below 4.5:1 fails the
// import with the file, the field and (for contrast) the ratio found, and writes nothing.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';

const work = mkdtempSync(join(tmpdir(), 'newsroom-theme-'));
const state = join(work, 'state');
const fixture = join(root, 'test/fixtures/content/basic');

const importFolder = (dir: string) => runCli('import.ts', [dir], state);

async function snapshot(): Promise<{ revision: number; theme: string | null; stories: number }> {
  const { db } = await localD1(state);
  const revision = await db.prepare('SELECT revision FROM content_revision').first<{ revision: number }>();
  const newsroom = await db.prepare('SELECT theme FROM newsroom WHERE id = 1').first<{ theme: string | null }>();
  const stories = await db.prepare('SELECT count(*) AS n FROM stories').first<{ n: number }>();
  return { revision: revision?.revision ?? 0, theme: newsroom?.theme ?? null, stories: stories?.n ?? 0 };
}

/** A copy of the fixture whose newsroom.yaml has `from` replaced by `to`. */
function folderWith(name: string, from: string, to: string): string {
  const folder = join(work, name);
  cpSync(fixture, folder, { recursive: true });
  const file = join(folder, 'newsroom.yaml');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
  return folder;
}

beforeAll(async () => {
  const first = await importFolder(fixture);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the fixture’s theme is written to the newsroom row', async () => {
  const { theme } = await snapshot();
  expect(JSON.parse(theme!)).toMatchObject({ accent: '#8a1c4a', header_background: '#fffaf0', logo_height: 48 });
}, 60_000);

test('header links below 4.5:1 on the header fail the import, naming the field and the ratio, and write nothing', async () => {
  const before = await snapshot();
  const result = await importFolder(folderWith('low-contrast', 'header_link: "#1a1a2e"', 'header_link: "#aaaaaa"'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(
    'newsroom.yaml: theme.header_link: header links: #aaaaaa (theme.header_link) on #fffaf0 (theme.header_background) has a contrast of 2.23:1; needs at least 4.5:1',
  );
  expect(result.stderr).toContain('Nothing was written.');
  expect(await snapshot()).toEqual(before);
}, 120_000);

test('a colour that is not #rrggbb fails the import, naming the field, and writes nothing', async () => {
  const before = await snapshot();
  const result = await importFolder(folderWith('bad-colour', 'accent: "#8a1c4a"', 'accent: "crimson"'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('newsroom.yaml: theme.accent: must be a colour as #rrggbb, e.g. #0b5c4b');
  expect(result.stderr).toContain('Nothing was written.');
  expect(await snapshot()).toEqual(before);
}, 120_000);
