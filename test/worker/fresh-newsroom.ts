// After each file of the worker project, whose files share one workerd one after another: D1
// and KV are put back as test/worker/setup.ts made them (the seed's rows), so the next file
// starts from the same newsroom whatever this one wrote; and the next file loads the app's modules
// afresh, so nothing an isolate keeps between requests (the content revision it trusts for a few
// seconds, the site context, hot pages) is another file's.
import { env } from 'cloudflare:workers';
// The pool's own module: it holds every handler's waitUntil, which must end before the reset.
// @ts-expect-error: not in the pool's type declarations.
import { waitForGlobalWaitUntil } from 'cloudflare:test-internal';
import { afterAll, vi } from 'vitest';
import { runAtomically } from '#src/platform/d1/import-statements';

async function emptyD1(): Promise<void> {
  const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY rowid DESC").all<{ name: string; sql: string }>();
  const indexes = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  const ownedByIndex = (name: string) => indexes.some((index) => name.startsWith(`${index}_`));
  const tables = results.filter((table) => !indexes.includes(table.name) && !ownedByIndex(table.name));
  await env.DB.batch([
    // Foreign keys are checked when the batch commits, when every row is gone.
    env.DB.prepare('PRAGMA defer_foreign_keys = on'),
    ...indexes.map((index) => env.DB.prepare(`INSERT INTO "${index}"("${index}") VALUES ('delete-all')`)),
    ...tables.map((table) => env.DB.prepare(`DELETE FROM "${table.name}"`)),
    // Ids start again from 1, as in a fresh database.
    env.DB.prepare('DELETE FROM sqlite_sequence'),
  ]);
}

async function emptyKv(namespace: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<unknown> = await namespace.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map((key) => namespace.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

afterAll(async () => {
  await waitForGlobalWaitUntil();
  await emptyD1();
  await runAtomically(env.DB, env.TEST_SEED);
  await emptyKv(env.PAGE_CACHE);
  vi.resetModules();
});
