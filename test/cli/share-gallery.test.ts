// Galleries' secret links end to end (docs/decisions/0036-gallery-release-time.md): the import CLI
// writes and keeps them, drops a removed gallery's and replaces a taken-back one's, and
// `npm run share -- --gallery <key>` prints and rotates them. Real files in, real local D1 out.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli } from './run-script';
import { hashLinkToken } from '#src/domain/story-link';

const work = mkdtempSync(join(tmpdir(), 'newsroom-share-gallery-'));
const state = join(work, 'state');
const folder = join(work, 'content');
const UPCOMING = '8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f';
const LAUNCH = '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const EMPTY = '7b1f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const ORIGIN = 'https://news.test.example';

const cli = (script: 'import.ts' | 'share.ts', args: string[]) => runCli(script, args, state);

async function importFolder(): Promise<void> {
  const result = await cli('import.ts', [folder]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
}

/** `npm run share -- --gallery <key>`: its one line as {kind, state, link}. */
async function share(key: string, ...options: string[]): Promise<{ kind: string; state: string; link: string; stderr: string }> {
  const result = await cli('share.ts', ['--gallery', key, ...options]);
  expect(result.code, result.stderr).toBe(0);
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const [kind, state, link, ...rest] = lines[0]!.split('\t');
  expect(rest).toEqual([]);
  return { kind: kind!, state: state!, link: link!, stderr: result.stderr };
}

/** The gallery links D1 holds, by gallery uuid, each checked against its stored hash. */
async function links(): Promise<Record<string, string>> {
  const { db } = await localD1(state);
  const { results } = await db.prepare('SELECT gallery_uuid, token, token_hash FROM gallery_links').all<{ gallery_uuid: string; token: string; token_hash: string }>();
  for (const row of results) expect(row.token_hash).toBe(await hashLinkToken(row.token));
  return Object.fromEntries(results.map((row) => [row.gallery_uuid, row.token]));
}

function edit(file: string, from: string, to: string): void {
  const path = join(folder, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

beforeAll(async () => {
  cpSync(join(root, 'test/fixtures/content/basic'), folder, { recursive: true });
  await importFolder();
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('share --gallery prints an unreleased gallery’s secret link, the same on every run; a released one its public address', async () => {
  const first = await share('upcoming');
  expect(first).toMatchObject({ kind: 'gallery', state: 'embargo until 2099-06-01 09:00 UTC', stderr: '' });
  expect(first.link).toMatch(new RegExp(`^${ORIGIN}/s/g[A-Za-z0-9_-]{43}$`));
  expect((await links())[UPCOMING]).toBe(first.link.split('/s/')[1]);
  expect((await share('upcoming')).link).toBe(first.link);
  expect((await share('upcoming', '--origin=http://localhost:8787')).link).toBe(first.link.replace(ORIGIN, 'http://localhost:8787'));
  expect(await share('launch')).toMatchObject({ state: 'live', link: `${ORIGIN}/media/album/${LAUNCH}` });
}, 120_000);

test('share --gallery --rotate gives the gallery a new link; the old one is gone from D1', async () => {
  const before = await share('upcoming');
  const rotated = await share('upcoming', '--rotate');
  expect(rotated.link).not.toBe(before.link);
  expect(rotated.stderr).toContain('the previous one no longer opens anything');
  expect((await links())[UPCOMING]).toBe(rotated.link.split('/s/')[1]);
}, 120_000);

test('share --gallery with an unknown key is a clear error and changes nothing', async () => {
  const before = await links();
  const result = await cli('share.ts', ['--gallery', 'no-such-gallery']);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('no gallery with the key "no-such-gallery"');
  expect(await links()).toEqual(before);
}, 120_000);

test('an import keeps links, drops a removed gallery’s, and replaces the link of a released gallery taken back before its release', async () => {
  const before = await links();
  expect(Object.keys(before).sort()).toEqual([LAUNCH, EMPTY, UPCOMING].sort());
  const upcoming = readFileSync(join(folder, 'galleries/upcoming.yaml'), 'utf8');
  rmSync(join(folder, 'galleries/upcoming.yaml'));
  // Released at the first import, taken back now (no public story shows it).
  edit('galleries/empty.yaml', 'published_at: 2026-05-02T10:00:00Z', 'published_at: 2099-01-01T10:00:00Z');
  await importFolder();
  const after = await links();
  expect(Object.keys(after).sort()).toEqual([LAUNCH, EMPTY].sort());
  expect(after[LAUNCH]).toBe(before[LAUNCH]);
  expect(after[EMPTY]).not.toBe(before[EMPTY]);
  expect(await share('empty')).toMatchObject({ state: 'embargo until 2099-01-01 10:00 UTC', link: `${ORIGIN}/s/${after[EMPTY]}` });

  // The same gallery written again later is a new gallery as far as links go.
  writeFileSync(join(folder, 'galleries/upcoming.yaml'), upcoming);
  await importFolder();
  const again = await links();
  expect(again[UPCOMING]).toBeDefined();
  expect(again[UPCOMING]).not.toBe(before[UPCOMING]);
  expect(again[EMPTY]).toBe(after[EMPTY]);
}, 180_000);
