// Three projects: `unit` runs pure code in Node; `cli` runs the command-line scripts (import,
// setup, deploy) end to end in Node, starting workerd through wrangler where they need D1; `worker`
// runs routes, jobs, the D1 repository and the page cache inside workerd with real local D1 and KV
// (migrations applied and the test seed imported by test/worker/setup.ts). Every project fails a
// test on unexpected console output (test/console-guard.ts).
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// The worker links to the browser bundle's hashed entry: build it (esbuild, well under a second).
// @ts-expect-error: a plain .mjs script without type declarations.
const { buildClient } = await import('./scripts/build/build-client.mjs');
await buildClient({ quiet: true });

// The migrations, applied by test/worker/setup.ts with the CLIs' own code: read when a worker
// project starts (reading them loads wrangler's SQL splitter, about a second of CPU), not by
// runs of the unit and cli projects alone.
let migrations: Promise<unknown> | undefined;
const readMigrationsOnce = () =>
  // @ts-expect-error: a plain .mjs script without type declarations.
  (migrations ??= import('./scripts/build/read-migrations.mjs').then(({ readMigrations }) => readMigrations()));

/**
 * The worker tests in workerd. Its files run one after another in one workerd per vitest worker
 * (`isolate: false`): starting workerd and loading the app for each file was most of their time.
 * After each file, test/worker/fresh-newsroom.ts puts D1 and KV back to the seed and has the next
 * file load the app's modules afresh, so each file starts from the newsroom a workerd of its own
 * would give it, in any order (ADR 0050).
 */
const workerProject = {
  plugins: [
    // The seed comes from the project's global setup (test/worker/global-setup.ts), built
    // from the test content folder by the import code before the first test file runs.
    cloudflareTest(async ({ inject }) => ({
      main: './src/worker.ts',
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readMigrationsOnce(),
          TEST_SEED: inject('testSeed'),
          TEST_SEARCH_DOCUMENTS: inject('testSearchDocuments'),
          TEST_BUNDLE: inject('testBundle'),
          // A seeded short fuzz run in the suite; `npm run fuzz` runs the long one.
          FUZZ_REQUESTS: Number(process.env.FUZZ_REQUESTS ?? 500),
          FUZZ_SEED: Number(process.env.FUZZ_SEED ?? 0x7e575eed),
        },
      },
    })),
  ],
  test: {
    name: 'worker',
    include: ['test/worker/**/*.test.ts'],
    isolate: false,
    // zod and toucan-js (with @sentry/core) are a few hundred small modules, which workerd
    // would otherwise fetch one by one for every file: bundled once per run, they load as a few.
    deps: { optimizer: { ssr: { enabled: true, include: ['zod', 'zod/mini', 'toucan-js'] } } },
    globalSetup: ['test/worker/global-setup.ts'],
    setupFiles: ['test/console-guard.ts', 'test/worker/setup.ts', 'test/worker/fresh-newsroom.ts'],
    // A bound on a hang, not on speed: a crawl of the site or a fuzz run takes seconds of CPU,
    // and a loaded machine may take many times that. The same for the reset after each file.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
};

export default defineConfig({
  test: {
    // The worker's structured log lines (one per request, src/log.ts) are for Workers Logs, not
    // the test report; tests that check them spy on console.log.
    onConsoleLog: (log) => !log.startsWith('{"event":'),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          setupFiles: ['test/console-guard.ts'],
          // One module graph for all the unit files, not one per file: pure code keeps no state
          // between files, the files pass in any order (--sequence.shuffle.files), and the project
          // runs in a third of the time.
          isolate: false,
          // A bound on a hang, not on speed (a loaded machine is many times slower).
          testTimeout: 30_000,
        },
        resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          // One file at a time: each test starts workerd through wrangler. A test runs whole CLIs,
          // each several seconds of CPU: on a loaded machine vitest's 5 s default is no bound.
          fileParallelism: false,
          // One module graph for all the files (wrangler, the CLIs), not one per file: most of a
          // file's time was loading them again. The files keep no state in shared modules; the
          // local D1 states they open are closed after each file (test/cli/setup.ts).
          isolate: false,
          testTimeout: 60_000,
          setupFiles: ['test/console-guard.ts', 'test/cli/setup.ts'],
        },
        resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
      },
      workerProject,
    ],
  },
});
