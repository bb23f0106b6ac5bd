// The schema migrations (wrangler.toml's `migrations_dir`), each file's SQL split into statements
// by wrangler's own splitter, for src/platform/d1/migrations.ts to apply through a D1 binding:
// the import CLI's local database (scripts/cli/d1-database.ts) and the worker tests' (vitest.config.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..', 'migrations');

/** @returns {Promise<{ name: string, queries: string[] }[]>} in no particular order: the applier orders them. */
export async function readMigrations(dir = MIGRATIONS_DIR) {
  const { unstable_splitSqlQuery: splitSqlQuery } = await import('wrangler');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .map((name) => ({ name, queries: splitSqlQuery(readFileSync(join(dir, name), 'utf8')) }));
}
