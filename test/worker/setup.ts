// Worker tests run against real local D1: migrations first (as the import CLI applies them), then the test content folder,
// imported through the same statements the import CLI runs. Idempotent, whether or not test
// files share storage.
import { env } from 'cloudflare:workers';
import { beforeAll } from 'vitest';
import type { SqlStatement } from '#src/platform/d1/import-statements';
import { applyPendingMigrations, type Migration } from '#src/platform/d1/migrations';
import { runAtomically } from '#src/platform/d1/import-statements';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: Migration[];
      TEST_SEED: SqlStatement[];
    }
  }
}

beforeAll(async () => {
  await applyPendingMigrations(env.DB, env.TEST_MIGRATIONS);
  const seeded = await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first();
  if (!seeded) await runAtomically(env.DB, env.TEST_SEED);
});
