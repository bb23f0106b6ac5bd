// Worker tests run against real local D1: migrations first, then the test content folder,
// imported through the same statements the import CLI runs. Idempotent, whether or not test
// files share storage.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
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

// Console guard: unexpected console.error/warn fails the test (tests that expect one spy on it).
const unexpected: string[] = [];
beforeEach(() => {
  unexpected.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpected.length > 0) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
