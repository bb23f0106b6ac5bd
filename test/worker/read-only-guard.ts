// Setup file of the worker-read-only project (vitest.config.ts), whose files share one workerd,
// its D1 and its KV, one file after another: each file must leave D1 exactly as it found it, or
// the files after it would test another newsroom. Every table is read whole before and after the
// file (the seed is small); a file that changes anything fails here, and belongs in test/worker/.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, expect } from 'vitest';

async function everyRow(): Promise<Record<string, unknown[]>> {
  const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name").all<{ name: string; sql: string }>();
  // A full-text index's own tables follow its content table (read here through the index).
  const indexes = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => `${table.name}_`);
  const names = results.map((table) => table.name).filter((name) => !indexes.some((prefix) => name.startsWith(prefix)));
  const tables = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)));
  return Object.fromEntries(names.map((name, index) => [name, tables[index]!.results]));
}

let before: Record<string, unknown[]>;

beforeAll(async () => {
  before = await everyRow();
});

afterAll(async () => {
  expect(await everyRow(), 'a file of test/worker/read-only/ changed D1: move it to test/worker/').toEqual(before);
});
