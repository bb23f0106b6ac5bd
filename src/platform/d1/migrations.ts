/**
 * Applies the schema migrations (migrations/*.sql) through a D1 binding, recorded exactly as
 * `wrangler d1 migrations apply` records them: the same table (`d1_migrations`), the same row per
 * file, the same order (by the number before the first `_`). So the CLIs, the worker tests and
 * wrangler itself agree on what a database has, whichever of them applied it.
 *
 * Locally this saves starting wrangler, and a workerd per migration, on every import: the import
 * already holds D1 through the platform proxy (scripts/cli/d1-database.ts). Remote databases still go
 * through wrangler, which is the one that can reach them.
 */

/** One migration file, its SQL already split into statements (wrangler's own splitter, in Node). */
export interface Migration {
  readonly name: string;
  readonly queries: readonly string[];
}

/** wrangler's defaults (wrangler.toml sets no `migrations_table`). */
export const MIGRATIONS_TABLE = 'd1_migrations';

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE}(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** wrangler's order: by the migration's number, then by name. */
export function migrationOrder(a: string, b: string): number {
  return Number.parseInt(a.split('_')[0]!, 10) - Number.parseInt(b.split('_')[0]!, 10) || a.localeCompare(b);
}

/**
 * Applies the migrations `db` has not recorded yet, each with its record in one batch (one
 * transaction): a migration that fails leaves nothing of itself behind, and the next run starts
 * with it again. Returns the names applied.
 */
export async function applyPendingMigrations(db: D1Database, migrations: readonly Migration[]): Promise<string[]> {
  await db.prepare(CREATE_MIGRATIONS_TABLE).run();
  const { results } = await db.prepare(`SELECT name FROM ${MIGRATIONS_TABLE}`).all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = migrations.filter((migration) => !applied.has(migration.name)).sort((a, b) => migrationOrder(a.name, b.name));
  for (const migration of pending) {
    await db.batch([
      ...migration.queries.map((query) => db.prepare(query)),
      db.prepare(`INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (?1)`).bind(migration.name),
    ]);
  }
  return pending.map((migration) => migration.name);
}
