// Runs in Node once per worker-project run, before any test file: builds the test seed with the
// import code itself (scripts/build/build-test-seed.ts) and provides it to the pool, which hands it to
// the tests as bindings (vitest.config.ts). Built on every run, so no order of commands and no
// stale file can give the worker tests a seed that differs from the fixture and the importer.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { ContentBundle } from '#src/domain/content-bundle';
import type { SqlStatement } from '#src/platform/d1/import-statements';
import type { SearchDocument } from '#src/platform/search/documents';

declare module 'vitest' {
  export interface ProvidedContext {
    testSeed: SqlStatement[];
    testSearchDocuments: SearchDocument[];
    testBundle: ContentBundle;
  }
}

const root = join(import.meta.dirname, '../..');
const generated = join(root, 'test/fixtures/.generated');

export default function provideTestSeed(project: TestProject): void {
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/build/build-test-seed.ts')], { cwd: root, stdio: 'inherit' });
  project.provide('testSeed', JSON.parse(readFileSync(join(generated, 'basic-seed.json'), 'utf8')));
  project.provide('testSearchDocuments', JSON.parse(readFileSync(join(generated, 'basic-search-documents.json'), 'utf8')));
  project.provide('testBundle', JSON.parse(readFileSync(join(generated, 'basic-bundle.json'), 'utf8')));
}
