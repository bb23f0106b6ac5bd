// Three projects: `unit` runs pure code in Node; `cli` runs the command-line scripts (import,
// setup, deploy) end to end in Node, starting workerd through wrangler where they need D1; `worker`
// runs routes, the D1 repository and the page cache inside workerd with real local D1 and KV
// (migrations applied and the test seed imported by test/worker/setup.ts). Every project fails a
// test on unexpected console output (test/console-guard.ts).
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The worker links to the browser bundle's hashed entry: build it (esbuild, well under a second).
// @ts-expect-error: a plain .mjs script without type declarations.
const { buildClient } = await import('./scripts/build-client.mjs');
await buildClient({ quiet: true });

const migrations = await readD1Migrations('./migrations');
// Written by scripts/build-test-seed.ts (npm test runs it first).
const seed = JSON.parse(readFileSync('./test/fixtures/.generated/basic-seed.json', 'utf8'));
// The same content as the search engine documents the index sync sends (same script; null until
// it has run since this file was added: the test that needs them says so).
const searchDocumentsFile = './test/fixtures/.generated/basic-search-documents.json';
const searchDocuments = existsSync(searchDocumentsFile) ? JSON.parse(readFileSync(searchDocumentsFile, 'utf8')) : null;

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
        },
        resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
      },
      {
        test: {
          name: 'cli',
          environment: 'node',
          include: ['test/cli/**/*.test.ts'],
          // One file at a time: each test starts workerd through wrangler.
          fileParallelism: false,
          setupFiles: ['test/console-guard.ts'],
        },
        resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
      },
      {
        plugins: [
          cloudflareTest({
            main: './src/worker.ts',
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                TEST_MIGRATIONS: migrations,
                TEST_SEED: seed,
                TEST_SEARCH_DOCUMENTS: searchDocuments,
                // A seeded short fuzz run in the suite; `npm run fuzz` runs the long one.
                FUZZ_REQUESTS: Number(process.env.FUZZ_REQUESTS ?? 500),
                FUZZ_SEED: Number(process.env.FUZZ_SEED ?? 0x7e575eed),
              },
            },
          }),
        ],
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts', 'test/worker/**/*.test.tsx'],
          setupFiles: ['test/console-guard.ts', 'test/worker/setup.ts'],
        },
        resolve: { alias: { '#src': new URL('./src', import.meta.url).pathname } },
      },
    ],
  },
});
