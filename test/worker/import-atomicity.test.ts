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

async function pointers() {
  return env.DB.prepare('SELECT revision, last_withdrawal FROM content_revision').first<{ revision: number; last_withdrawal: number }>();
}

test('an import that keeps every public address is no withdrawal; one that drops a public story is', async () => {
  await runAtomically(env.DB, env.TEST_SEED);
  const before = await pointers();
  await runAtomically(env.DB, env.TEST_SEED);
  const same = await pointers();
  expect(same).toEqual({ revision: before!.revision + 1, last_withdrawal: before!.last_withdrawal });

  // A public story the next import does not have (removed from the folder).
  await env.DB.prepare(
    `INSERT INTO stories (uuid, translation_group, locale, slug, title, status, visibility, published_at, updated_at)
     VALUES ('99999999-0000-4000-8000-000000000001', 'gone', 'en', 'taken-down', 'Taken down', 'published', 'public', 1, 1)`,
  ).run();
  await runAtomically(env.DB, env.TEST_SEED);
  const after = await pointers();
  expect(after).toEqual({ revision: same!.revision + 1, last_withdrawal: same!.revision + 1 });
  expect(await env.DB.prepare('SELECT count(*) AS n FROM import_previous_public').first()).toEqual({ n: 0 });
});

test('a story that moved to another slug is a withdrawal of its old address', async () => {
  await runAtomically(env.DB, env.TEST_SEED);
  await env.DB.prepare("UPDATE stories SET slug = 'old-address' WHERE slug = 'english-story-01'").run();
  await runAtomically(env.DB, env.TEST_SEED);
  const after = await pointers();
  expect(after!.last_withdrawal).toBe(after!.revision);
});

test('the import written out as SQL text (what --remote runs) leaves D1 as the bound statements do', async () => {
  const { toSqlScript } = await import('#src/platform/d1/import-statements');
  const snapshot = async () => {
    const [stories, links, events, revision] = await env.DB.batch([
      env.DB.prepare('SELECT uuid, slug, status, visibility, published_at, notify, title FROM stories ORDER BY id'),
      env.DB.prepare('SELECT count(*) AS n FROM story_links'),
      env.DB.prepare('SELECT count(*) AS n FROM publish_events'),
      env.DB.prepare('SELECT content_hash, last_withdrawal FROM content_revision'),
    ]);
    return [stories!.results, links!.results, events!.results, revision!.results];
  };
  await runAtomically(env.DB, env.TEST_SEED);
  const bound = await snapshot();
  // Each statement inlined on its own, run unbound, in one batch like the remote script.
  await env.DB.batch(env.TEST_SEED.map((statement) => env.DB.prepare(toSqlScript([statement]))));
  expect(await snapshot()).toEqual(bound);
});
