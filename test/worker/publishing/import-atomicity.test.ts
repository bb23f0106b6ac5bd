// The import's statements run as one D1 batch: a failure anywhere leaves D1 exactly as before.
// So does each schema migration, with its record.
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { runAtomically } from '#src/platform/d1/import-statements';
import { applyPendingMigrations, migrationOrder } from '#src/platform/d1/migrations';

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
  expect(await env.DB.prepare('SELECT count(*) AS n FROM import_previous').first()).toEqual({ n: 0 });
});

test('a story that moved to another slug is a withdrawal of its old address', async () => {
  await runAtomically(env.DB, env.TEST_SEED);
  // As an earlier import of the story under its old slug wrote it (the slug is in its fingerprint).
  await env.DB.prepare("UPDATE stories SET slug = 'old-address', fingerprint = 'under-the-old-address' WHERE slug = 'english-story-01'").run();
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

test('migrations are applied in number order, each with its record; a failing one leaves nothing and is applied by the next run', async () => {
  const tableExists = async (name: string) => (await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?1").bind(name).first<{ n: number }>())!.n === 1;
  const recorded = async () => (await env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{ name: string }>()).results.map((row) => row.name);
  const before = await recorded();
  // Everything the setup applied is recorded: nothing is pending.
  expect(await applyPendingMigrations(env.DB, env.TEST_MIGRATIONS)).toEqual([]);

  const second = { name: '9011_second.sql', queries: ['CREATE TABLE test_second (a)'] };
  const failing = { name: '9002_first.sql', queries: ['CREATE TABLE test_first (a)', 'INSERT INTO no_such_table VALUES (1)'] };
  await expect(applyPendingMigrations(env.DB, [...env.TEST_MIGRATIONS, second, failing])).rejects.toThrow();
  // 9002 runs before 9011 (numbers, not text), fails whole, and stops the run.
  expect(await tableExists('test_first')).toBe(false);
  expect(await tableExists('test_second')).toBe(false);
  expect(await recorded()).toEqual(before);

  const fixed = { ...failing, queries: ['CREATE TABLE test_first (a)'] };
  expect(await applyPendingMigrations(env.DB, [second, ...env.TEST_MIGRATIONS, fixed])).toEqual(['9002_first.sql', '9011_second.sql']);
  expect(await recorded()).toEqual([...before, '9002_first.sql', '9011_second.sql']);
  expect(await tableExists('test_first')).toBe(true);
});

test('migration order is the number before the first underscore, then the name', () => {
  expect(['0010_b.sql', '0002_a.sql', '10_a.sql', '0001_z.sql'].sort(migrationOrder)).toEqual(['0001_z.sql', '0002_a.sql', '0010_b.sql', '10_a.sql']);
});
