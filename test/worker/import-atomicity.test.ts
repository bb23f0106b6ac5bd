// The import's statements run as one D1 batch: a failure anywhere leaves D1 exactly as before.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { runAtomically } from '#src/platform/d1/import-statements';

async function contentSnapshot() {
  const [revision, stories, fts] = await env.DB.batch([
    env.DB.prepare('SELECT revision, content_hash FROM content_revision'),
    env.DB.prepare('SELECT count(*) AS n, max(title) AS last FROM stories'),
    env.DB.prepare("SELECT count(*) AS n FROM story_search WHERE story_search MATCH 'English'"),
  ]);
  return { revision: revision!.results, stories: stories!.results, fts: fts!.results };
}

test('an import that fails on its last statement leaves every table as it was', async () => {
  const before = await contentSnapshot();
  const statements = [
    ...env.TEST_SEED.slice(0, -1),
    // The revision bump, made to fail: a NULL in a NOT NULL column.
    { sql: 'INSERT INTO content_revision (id, revision, content_hash, imported_at) VALUES (1, NULL, NULL, NULL)', params: [] },
  ];
  await expect(runAtomically(env.DB, statements)).rejects.toThrow();
  expect(await contentSnapshot()).toEqual(before);
});

test('a repeated import replaces the content and bumps the revision by one', async () => {
  const before = await env.DB.prepare('SELECT revision FROM content_revision').first<{ revision: number }>();
  await runAtomically(env.DB, env.TEST_SEED);
  const after = await env.DB.prepare('SELECT revision FROM content_revision').first<{ revision: number }>();
  expect(after!.revision).toBe(before!.revision + 1);
  const stories = await env.DB.prepare('SELECT count(*) AS n FROM stories').first<{ n: number }>();
  expect(stories!.n).toBe(22);
});
