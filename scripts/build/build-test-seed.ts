/**
 * Turns the test content folder into the exact statements the import CLI would run, as JSON,
 * so worker tests seed real D1 through the same code path (test/worker/setup.ts applies them).
 * Also writes the search engine documents the import CLI's index sync would send for the same
 * bundle, so worker tests can serve that content from a fake engine (test/worker/search/engines.test.ts),
 * and the bundle itself, which tests change and import again (test/worker/reimport.ts). Its media
 * go into the static assets as a local import puts them (the worker serves a ZIP's originals from
 * there), before any worker test's workerd starts.
 * The worker project's global setup (test/worker/global-setup.ts) runs it before every run.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContentFolder } from '#src/content/load-folder';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { buildSearchDocuments } from '#src/platform/search/documents';
import { replaceContentStatements } from '#src/platform/d1/import-statements';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { testGalleryLink, testStoryLink } from '../../test/fixtures/story-links';
import { copyMediaToAssets } from './media-assets';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// A fixed import time keeps the seed byte-identical between runs, and states fixed whatever the
// date: 2026-06-01, after the fixture's published stories (none is news any more) and before
// its embargoed one.
const IMPORTED_AT = 1_780_272_000;
const result = loadContentFolder(join(root, 'test/fixtures/content/basic'), { addressing: createMediaAddressing(BODY_MEDIA_ROOT), now: IMPORTED_AT });
if (!result.ok) {
  console.error(result.problems.map(formatProblem).join('\n'));
  process.exit(1);
}
const generated = join(root, 'test/fixtures/.generated');
mkdirSync(generated, { recursive: true });
/** Written whole, then renamed: a run starting at the same time never reads half a file. */
function writeAtomically(name: string, value: unknown): void {
  const temporary = join(generated, `${name}.${process.pid}.tmp`);
  writeFileSync(temporary, JSON.stringify(value));
  renameSync(temporary, join(generated, name));
}
// Fixed secret links too (tests open them with testLinkToken and testGalleryLinkToken): derived from the uuid, which only a
// test seed may do.
const links = new Map(await Promise.all(result.bundle.stories.map(async (story) => [story.uuid, await testStoryLink(story.uuid)] as const)));
const galleryLinks = new Map(await Promise.all(result.bundle.galleries.map(async (gallery) => [gallery.uuid, await testGalleryLink(gallery.uuid)] as const)));
writeAtomically('basic-seed.json', replaceContentStatements(result.bundle, IMPORTED_AT, links, galleryLinks));
// The bundle itself, for tests that import a changed folder through the same statements.
writeAtomically('basic-bundle.json', result.bundle);
// The CLI's default media root without a CDN (scripts/cli/import.ts), as the seed's body media.
writeAtomically('basic-search-documents.json', buildSearchDocuments(result.bundle, { cdnRoot: BODY_MEDIA_ROOT }));
// Its media where a local import puts them: the worker serves a ZIP's originals from there.
copyMediaToAssets(result.bundle.media);
