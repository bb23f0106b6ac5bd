// The import CLI end to end: real files in, real local D1 (workerd via wrangler) out.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { localD1, root, runCli, runScript } from './run-script';
import { FAKE_PUBLIC_KEY, startFakeUploadcare } from '../fixtures/fake-uploadcare';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'newsroom-import-'));
const state = join(work, 'state');
const fixture = join(root, 'test/fixtures/content/basic');

const importFolder = (dir: string, extraArgs: string[] = [], extraEnv: Record<string, string> = {}) => runCli('import.ts', [dir, ...extraArgs], state, extraEnv);

async function snapshot(): Promise<{ revision: number; stories: number; titles: string }> {
  const { db } = await localD1(state);
  const revision = await db.prepare('SELECT revision FROM content_revision').first<{ revision: number }>();
  const stories = await db.prepare('SELECT count(*) AS n, group_concat(title) AS titles FROM stories').first<{ n: number; titles: string }>();
  return { revision: revision?.revision ?? 0, stories: stories?.n ?? 0, titles: stories?.titles ?? '' };
}

beforeAll(async () => {
  // The first import as its own process, as `npm run import` starts it; the rest run in this one.
  const first = await runScript('import.ts', [fixture], state);
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

test('the migrations the import applied are the ones wrangler sees applied: none pending, the same records', async () => {
  const wrangler = (args: string[]) =>
    run(join(root, 'node_modules/.bin/wrangler'), ['d1', 'migrations', ...args, 'DB', '--local', `--persist-to=${state}`], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
  expect((await wrangler(['list'])).stdout).toContain('No migrations to apply');
  const { db } = await localD1(state);
  const { results } = await db.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>();
  expect(results.map((row) => row.name)).toEqual(readdirSync(join(root, 'migrations')).filter((name) => name.endsWith('.sql')).sort());
}, 60_000);

test('a folder with 3 broken files reports all 3 problems and leaves D1 unchanged', async () => {
  const before = await snapshot();
  const broken = join(work, 'broken');
  cpSync(fixture, broken, { recursive: true });
  const edit = (file: string, from: string, to: string) => {
    const path = join(broken, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(from, to));
  };
  edit('stories/story-01/index.en.md', 'status: published', 'status: live');
  edit('categories.yaml', 'slug: products', 'slug: Not A Slug');
  edit('galleries/launch.yaml', 'file: cover.jpg', 'file: missing.jpg');
  edit('stories/story-02/index.en.md', 'title: English story number 02', 'title: Changed title that must not land');

  const result = await importFolder(broken);
  expect(result.code).toBe(1);
  const problems = result.stderr.split('\n').filter((line) => /^\s+\S+: \S/.test(line));
  expect(problems).toHaveLength(3);
  expect(result.stderr).toMatch(/stories\/story-01\/index\.en\.md: status: /);
  expect(result.stderr).toMatch(/categories\.yaml: \[0\]\.i18n\.en\.slug: /);
  expect(result.stderr).toMatch(/galleries\/launch\.yaml: images\[1\]\.file: media file "missing\.jpg" not found/);
  expect(result.stderr).toContain('Nothing was written.');
  expect(await snapshot()).toEqual(before);
}, 120_000);

test('a language code outside the supported list fails the import with its file and field, and writes nothing', async () => {
  const before = await snapshot();
  const folder = join(work, 'unsupported-locale');
  cpSync(fixture, folder, { recursive: true });
  const newsroom = join(folder, 'newsroom.yaml');
  writeFileSync(newsroom, readFileSync(newsroom, 'utf8').replace('  - { code: ar }', '  - { code: ar }\n  - { code: xx }'));
  const result = await importFolder(folder);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('newsroom.yaml: languages[3].code: "xx" is not a supported locale');
  expect(result.stderr).toContain('Nothing was written.');
  expect(await snapshot()).toEqual(before);
}, 120_000);

test('an unknown flag is refused with the usage, and nothing is read or written', async () => {
  const before = await snapshot();
  const result = await importFolder(fixture, ['--bogus']);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Unknown option --bogus');
  expect(result.stderr).toContain('Usage: npm run import -- <content-dir>');
  expect(await snapshot()).toEqual(before);
}, 60_000);

test('a missing folder is a clear error', async () => {
  const result = await importFolder(join(work, 'does-not-exist'));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Content folder not found');
}, 30_000);

test('--upload sends new media to Uploadcare once, records their uuids and imports with them', async () => {
  const fake = await startFakeUploadcare();
  try {
    const folder = join(work, 'upload');
    cpSync(fixture, folder, { recursive: true });
    const env = { UPLOADCARE_PUBLIC_KEY: FAKE_PUBLIC_KEY, UPLOADCARE_UPLOAD_URL: fake.baseURL };
    const first = await importFolder(folder, ['--upload'], env);
    expect(first.code, first.stderr).toBe(0);
    const uploads = fake.requests.filter((request) => request.pathname.startsWith('/base/')).length;
    expect(uploads).toBe(4);
    const ledger = JSON.parse(readFileSync(join(folder, 'media/.uploadcare.json'), 'utf8')) as Record<string, { uuid: string; path: string }>;
    const uuids = Object.values(ledger).map((entry) => entry.uuid).sort();
    expect(uuids.sort()).toEqual([...fake.files.keys()].sort());
    const { db } = await localD1(state);
    const media = await db.prepare('SELECT uuid FROM media ORDER BY uuid').all<{ uuid: string }>();
    expect(media.results.map((row) => row.uuid)).toEqual(uuids);
    const body = await db.prepare("SELECT body_html FROM stories WHERE slug = 'english-story-03'").first<{ body_html: string }>();
    // Bodies name Uploadcare's uuids under the placeholder root the worker resolves.
    expect(body!.body_html).toContain(`/__media__/${ledger[Object.keys(ledger).find((sha) => ledger[sha]!.path === 'photo.jpg')!]!.uuid}/`);
    fake.reset();
    const second = await importFolder(folder, ['--upload'], env);
    expect(second.code, second.stderr).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(second.stdout).toContain('Nothing changed');
  } finally {
    await fake.close();
  }
}, 120_000);

test('--upload without a key is a clear error', async () => {
  const result = await importFolder(fixture, ['--upload'], { UPLOADCARE_PUBLIC_KEY: '' });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('UPLOADCARE_PUBLIC_KEY');
}, 60_000);

test('a cover and body media named by their Uploadcare address are imported from Uploadcare’s details; without the key, or for a file Uploadcare lacks, nothing is written', async () => {
  const fake = await startFakeUploadcare();
  try {
    // Two files already on Uploadcare, as the editor's uploads leave them.
    const { uploadFile } = await import('@uploadcare/upload-client/node');
    const put = (name: string, type: string) => uploadFile(readFileSync(join(fixture, 'media', name)), { publicKey: FAKE_PUBLIC_KEY, baseURL: fake.baseURL, fileName: name, contentType: type, store: true });
    const image = await put('photo.jpg', 'image/jpeg');
    const pdf = await put('factsheet.pdf', 'application/pdf');
    fake.requests.length = 0;
    const folder = join(work, 'cdn-addresses');
    cpSync(fixture, folder, { recursive: true });
    const story = join(folder, 'stories/story-03/index.en.md');
    const text = readFileSync(story, 'utf8');
    writeFileSync(
      story,
      text
        .replace('::image{src="photo.jpg"', `::image{src="https://ucarecdn.com/${image.uuid}/-/crop/400x300/0,0/photo.jpg"`)
        .replace('::attachment{src="factsheet.pdf"', `::attachment{src="https://ucarecdn.com/${pdf.uuid}/factsheet.pdf"`)
        .replace(/^cover: cover\.jpg$/m, `cover: https://ucarecdn.com/${image.uuid}/photo.jpg`),
    );
    const before = await snapshot();

    const withoutKey = await importFolder(folder, [], { UPLOADCARE_PUBLIC_KEY: '' });
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr).toContain(`stories/story-03/index.en.md: cover: "https://ucarecdn.com/${image.uuid}/photo.jpg" is a file on Uploadcare: the import reads its details from Uploadcare, which needs UPLOADCARE_PUBLIC_KEY`);
    expect(await snapshot()).toEqual(before);

    const env = { UPLOADCARE_PUBLIC_KEY: FAKE_PUBLIC_KEY, UPLOADCARE_UPLOAD_URL: fake.baseURL };
    const imported = await importFolder(folder, [], env);
    expect(imported.code, imported.stderr).toBe(0);
    // Asked about each file once; nothing uploaded.
    const asked = fake.requests.filter((request) => request.pathname === '/info/').map((request) => request.query.file_id).sort();
    expect(asked).toEqual([image.uuid, pdf.uuid].sort());
    const { db } = await localD1(state);
    const row = await db.prepare("SELECT cover, body_html FROM stories WHERE slug = 'english-story-03'").first<{ cover: string; body_html: string }>();
    expect(JSON.parse(row!.cover)).toMatchObject({ uuid: image.uuid, filename: 'photo.jpg', mime_type: 'image/jpeg', original_width: expect.any(Number), original_height: expect.any(Number), effects: [] });
    expect(row!.body_html).toContain(`/__media__/${image.uuid}/-/crop/400x300/0,0/`);
    expect(row!.body_html).toContain(`/__media__/${pdf.uuid}/-/inline/no/factsheet.pdf`);

    writeFileSync(story, readFileSync(story, 'utf8').replace(`cover: https://ucarecdn.com/${image.uuid}/`, 'cover: https://ucarecdn.com/0b0b0b0b-0000-4000-8000-000000000000/'));
    const after = await snapshot();
    const missing = await importFolder(folder, [], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('cover: "https://ucarecdn.com/0b0b0b0b-0000-4000-8000-000000000000/photo.jpg": Uploadcare has no such file in the project of UPLOADCARE_PUBLIC_KEY');
    expect(await snapshot()).toEqual(after);
  } finally {
    await fake.close();
  }
}, 180_000);
