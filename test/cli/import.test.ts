// The import CLI end to end: real files in, real local D1 (workerd via wrangler) out.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getPlatformProxy } from 'wrangler';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'newsroom-import-'));
const state = join(work, 'state');
const fixture = join(root, 'test/fixtures/content/basic');

async function importFolder(dir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/import.ts'), dir, `--persist-to=${state}`], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function snapshot(): Promise<{ revision: number; stories: number; titles: string }> {
  const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: join(root, 'wrangler.toml'), persist: { path: join(state, 'v3') }, remoteBindings: false });
  try {
    const revision = await proxy.env.DB.prepare('SELECT revision FROM content_revision').first<{ revision: number }>();
    const stories = await proxy.env.DB.prepare('SELECT count(*) AS n, group_concat(title) AS titles FROM stories').first<{ n: number; titles: string }>();
    return { revision: revision?.revision ?? 0, stories: stories?.n ?? 0, titles: stories?.titles ?? '' };
  } finally {
    await proxy.dispose();
  }
}

beforeAll(async () => {
  const first = await importFolder(fixture);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

test('an import writes the folder into D1 and sets the content revision', async () => {
  expect(await snapshot()).toMatchObject({ revision: 1, stories: 22 });
}, 60_000);

test('importing the same folder again changes nothing', async () => {
  const again = await importFolder(fixture);
  expect(again.code).toBe(0);
  expect(again.stdout).toContain('Nothing changed');
  expect(await snapshot()).toMatchObject({ revision: 1, stories: 22 });
}, 60_000);

test('a folder with 3 broken files reports all 3 problems and leaves D1 unchanged', async () => {
  const before = await snapshot();
  const broken = join(work, 'broken');
  cpSync(fixture, broken, { recursive: true });
  const edit = (file: string, from: string, to: string) => {
    const path = join(broken, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
  };
  edit('stories/story-01/en.md', 'status: published', 'status: live');
  edit('categories.yaml', 'slug: products', 'slug: Not A Slug');
  edit('galleries/launch.yaml', 'file: cover.jpg', 'file: missing.jpg');
  edit('stories/story-02/en.md', 'title: English story number 02', 'title: Changed title that must not land');

  const result = await importFolder(broken);
  expect(result.code).toBe(1);
  const problems = result.stderr.split('\n').filter((line) => /^\s+\S+: \S/.test(line));
  expect(problems).toHaveLength(3);
  expect(result.stderr).toMatch(/stories\/story-01\/en\.md: status: /);
  expect(result.stderr).toMatch(/categories\.yaml: 0\.i18n\.en\.slug: /);
  expect(result.stderr).toMatch(/galleries\/launch\.yaml: images\.1\.file: media file "missing\.jpg" not found/);
  expect(result.stderr).toContain('Nothing was written.');
  expect(await snapshot()).toEqual(before);
}, 120_000);

test('a missing folder is a clear error', async () => {
  const result = await importFolder(join(work, 'does-not-exist'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Content folder not found');
}, 30_000);
