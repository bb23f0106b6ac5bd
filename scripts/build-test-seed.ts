/**
 * Turns the test content folder into the exact statements the import CLI would run, as JSON,
 * so worker tests seed real D1 through the same code path (test/worker/setup.ts applies them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
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
