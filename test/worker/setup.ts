// Worker tests run against real local D1: migrations first, then the test content folder,
// imported through the same statements the import CLI runs. Idempotent, whether or not test
// files share storage.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll } from 'vitest';
import type { SqlStatement } from '#src/platform/d1/import-statements';
import { runAtomically } from '#src/platform/d1/import-statements';

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      TEST_SEED: SqlStatement[];
    }
  }
}

beforeAll(async () => {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const seeded = await env.DB.prepare('SELECT revision FROM content_revision WHERE id = 1').first();
  if (!seeded) await runAtomically(env.DB, env.TEST_SEED);
});
