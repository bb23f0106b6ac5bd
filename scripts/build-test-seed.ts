/**
 * Turns the test content folder into the exact statements the import CLI would run, as JSON,
 * so worker tests seed real D1 through the same code path (test/worker/setup.ts applies them).
 * Also writes the search engine documents the import CLI's index sync would send for the same
 * bundle, so worker tests can serve that content from a fake engine (test/worker/search-backends.test.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { buildSearchDocuments } from '#src/platform/search/documents';
import { replaceContentStatements } from '#src/platform/d1/import-statements';
import { BODY_MEDIA_ROOT } from '#src/views/image-attributes';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const result = loadContentFolder(join(root, 'test/fixtures/content/basic'), { addressing: createMediaAddressing(BODY_MEDIA_ROOT) });
if (!result.ok) {
  console.error(result.problems.map(formatProblem).join('\n'));
  process.exit(1);
}
const target = join(root, 'test/fixtures/.generated/basic-seed.json');
mkdirSync(dirname(target), { recursive: true });
// A fixed import time keeps the seed byte-identical between runs.
writeFileSync(target, JSON.stringify(replaceContentStatements(result.bundle, 1_767_225_600)));
// The CLI's default media root without a CDN (scripts/import.ts), as the seed's body media.
writeFileSync(join(root, 'test/fixtures/.generated/basic-search-documents.json'), JSON.stringify(buildSearchDocuments(result.bundle, { cdnRoot: BODY_MEDIA_ROOT })));
