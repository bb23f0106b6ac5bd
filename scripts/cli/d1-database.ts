/**
 * The newsroom's D1 database and page-cache pointers as the Node CLIs (import, share) reach them:
 * local D1 and KV (the ones `npm start` serves) through wrangler's platform proxy, or a deployed
 * environment's through the wrangler CLI (which also applies its migrations). Both answer the same
 * questions the same way, so a CLI decides once where it works and then runs one code path.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyPendingMigrations } from '#src/platform/d1/migrations';
import { inlineParams, toSqlScript, type CachePointers, type SqlStatement } from '#src/platform/d1/import-statements';
import { CONTENT_REVISION_KEY, KvPageCacheStore, stampPointers } from '#src/platform/kv/page-cache-store';
// @ts-expect-error: a plain .mjs script without type declarations.
import { readMigrations } from '../build/read-migrations.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface Database {
  /** Applies the schema migrations the database has not had yet. */
  migrate(): Promise<void>;
  query<T>(statement: SqlStatement): Promise<T[]>;
  /** Runs the statements as one unit: all of them or none. */
  write(statements: readonly SqlStatement[]): Promise<void>;
  /** Publishes the page cache's pointers to KV: the withdrawal floor first, then the revision. */
  writeCachePointers(pointers: CachePointers): Promise<void>;
  close(): Promise<void>;
}

/** Is there an `[env.<name>]` (or `[env.<name>.…]`) table in wrangler.toml? */
export function hasEnvironment(name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*\\[{1,2}\\s*env\\.${escaped}\\s*[\\].]`, 'm').test(readFileSync(join(root, 'wrangler.toml'), 'utf8'));
}

/** Runs wrangler with `args` and answers its output; throws when it fails. */
export type WranglerRunner = (args: string[], env: NodeJS.ProcessEnv) => string;

/** Runs wrangler (WRANGLER_BIN, else the project's own: the tests' stub records what it is asked). */
export function runWrangler(args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(env.WRANGLER_BIN || join(root, 'node_modules/.bin/wrangler'), args, {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * A deployed database through wrangler (`envArgs`: `--env NAME`, or none for production). Reads go
 * as `--command` (a remote `--file` runs as an import, which returns no rows); writes may hold
 * secret-link tokens, so they travel in a private temporary file rather than on a command line
 * other users of the machine could read. D1 runs a `--file` as one unit; the script holds no
 * BEGIN/COMMIT because D1 refuses them.
 */
export function remoteDatabase(envArgs: readonly string[], env: NodeJS.ProcessEnv = process.env, run: WranglerRunner = runWrangler): Database {
  const wrangler = (args: string[]) => run(args, env);
  return {
    async migrate() {
      wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', ...envArgs]);
    },
    async query<T>(statement: SqlStatement) {
      const answer = JSON.parse(wrangler(['d1', 'execute', 'DB', '--remote', ...envArgs, '--json', '--command', toSqlScript([statement])])) as { results: T[] }[];
      return answer.at(-1)?.results ?? [];
    },
    async write(statements) {
      const file = join(tmpdir(), `newsroom-d1-${process.pid}.sql`);
      writeFileSync(file, toSqlScript(statements), { mode: 0o600 });
      try {
        wrangler(['d1', 'execute', 'DB', '--remote', ...envArgs, `--file=${file}`]);
      } finally {
        rmSync(file, { force: true });
      }
    },
    async writeCachePointers(pointers) {
      wrangler(['kv', 'key', 'put', CONTENT_REVISION_KEY, JSON.stringify(stampPointers(pointers)), '--binding', 'PAGE_CACHE', '--remote', ...envArgs]);
    },
    async close() {},
  };
}

/** Local D1 and KV through wrangler's platform proxy (`persistTo`: wrangler's --persist-to). */
export async function localDatabase(persistTo: string | null | undefined): Promise<Database> {
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database; PAGE_CACHE: KVNamespace }>({
    configPath: join(root, 'wrangler.toml'),
    // wrangler's --persist-to names the parent of the v3 folder getPlatformProxy wants.
    persist: persistTo ? { path: join(resolve(persistTo), 'v3') } : true,
    remoteBindings: false,
  });
  return { ...localDatabaseOf(proxy.env.DB, proxy.env.PAGE_CACHE), close: () => proxy.dispose() };
}

/**
 * The Database over local bindings (closing it is the opener's business). Node reaches them
 * through a proxy that makes every call a round trip to workerd, `bind` as much as `prepare`, so
 * statements go with their parameters written in, as toSqlScript writes them for the remote
 * database: one call per statement instead of three, still one batch (one transaction) per write.
 */
export function localDatabaseOf(db: D1Database, pageCache: KVNamespace): Database {
  return {
    // Through the binding, as wrangler would record them (src/platform/d1/migrations.ts): no
    // wrangler process, and no workerd per migration.
    async migrate() {
      await applyPendingMigrations(db, await readMigrations());
    },
    async query<T>(statement: SqlStatement) {
      return (await db.prepare(inlineParams(statement)).all<T>()).results;
    },
    write: async (statements) => {
      await db.batch(statements.map((statement) => db.prepare(inlineParams(statement))));
    },
    writeCachePointers: (pointers) => new KvPageCacheStore(pageCache).writePointers(pointers),
    async close() {},
  };
}
