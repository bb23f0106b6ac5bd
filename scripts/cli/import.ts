/**
 * Content import CLI: `npm run import -- <content-dir> [--upload] [--sync-search] [--remote [--env NAME]] [--dry-run] [--force] [--persist-to=DIR]`.
 *
 * Validates the whole folder (all problems at once, as `file: field: message`), renders story
 * bodies, then replaces the newsroom's content in D1 in one transaction and bumps the content
 * revision. Nothing is written when any file is wrong, and an unchanged folder writes nothing:
 * the folder's hash is compared with the one the database holds, local or remote (`--force`
 * imports it anyway).
 * Locally, media files are copied into the static assets (public/media/{uuid}/{filename}) that
 * the worker serves under a CDN-shaped path. With `--upload`, new media files go to Uploadcare
 * first (UPLOADCARE_PUBLIC_KEY), and media/.uploadcare.json records their uuids so re-runs upload
 * nothing twice. Files the folder names by their Uploadcare CDN address (the editor's uploads)
 * are looked up on Uploadcare (UPLOADCARE_PUBLIC_KEY) for their name, type and size.
 *
 * With `--remote`, the deployed database of wrangler.toml's top level (production), or of
 * `[env.NAME]` with `--env NAME`. The search engine, index and media root the sync uses are then
 * the ones that deployment's worker reads (its [vars] in wrangler.toml), so staging never writes
 * into production's index; the environment supplies what the file leaves empty, and the keys.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { entryFile } from '#src/content/folder-layout';
import { loadContentFolder, type LoadResult } from '#src/content/load-folder';
import { createProgressReporter } from '#src/content/progress-bar';
import { readUploadLedger, readUploadLedgerEntries, recordUploads, uploadCandidates, uploadNewMedia, writeUploadLedger } from '#src/content/upload-media';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { lookUpUploadcareFiles, type UploadcareFiles } from '#src/content/uploadcare-files';
import { syncSearchIndex } from '#src/content/search-sync';
import { newStoryLink } from '#src/domain/story-link';
import { newGalleryLink } from '#src/domain/gallery-link';
import { readSearchAdminSettings } from '#src/config/search';
import { CACHE_POINTERS_SQL, CURRENT_CONTENT_HASH_SQL, RETIRED_STORY_UUIDS_SQL, replaceContentStatements, type CachePointers } from '#src/platform/d1/import-statements';
import { copyMediaToAssets } from '../build/media-assets';
import { fail, parseFlags, runAsProcess, type Cli, type CliContext } from './cli-context';
import { hasEnvironment, remoteDatabase, root } from './d1-database';

interface Options {
  dir: string;
  remote: boolean;
  dryRun: boolean;
  force: boolean;
  upload: boolean;
  /** Send the stories to the configured search engine before writing D1. */
  syncSearch: boolean;
  /** Local state directory (default: wrangler's own, .wrangler/state). */
  persistTo: string | null;
  /** wrangler.toml environment of a remote import (null: the top level, production). */
  env: string | null;
}

const USAGE = 'Usage: npm run import -- <content-dir> [--upload] [--sync-search] [--remote [--env NAME]] [--dry-run] [--force] [--persist-to=DIR]';

const FLAGS = {
  upload: { type: 'boolean', default: false },
  'sync-search': { type: 'boolean', default: false },
  remote: { type: 'boolean', default: false },
  env: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  'persist-to': { type: 'string' },
} as const;

function readOptions(argv: readonly string[]): Options {
  const { values, positionals } = parseFlags(argv, FLAGS, USAGE);
  if (positionals.length !== 1) fail(USAGE);
  if (values.env !== undefined && !values.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  return {
    dir: resolve(positionals[0]!),
    remote: values.remote,
    dryRun: values['dry-run'],
    force: values.force,
    upload: values.upload,
    syncSearch: values['sync-search'],
    persistTo: values['persist-to'] ? resolve(values['persist-to']) : null,
    env: values.env ?? null,
  };
}

function failOnProblems(result: LoadResult, dir: string): void {
  if (result.ok) return;
  fail([`Import failed: ${result.problems.length} problem(s) in ${dir}\n`, ...result.problems.map((problem) => `  ${formatProblem(problem)}`), '\nNothing was written.'].join('\n'));
}

/**
 * The settings a remote import shares with the deployed worker: that environment's [vars] in
 * wrangler.toml, over the process environment where the file sets a value (keys and anything the
 * file leaves empty still come from the environment).
 */
async function deployedSettings(env: string | null, processEnv: NodeJS.ProcessEnv): Promise<NodeJS.ProcessEnv> {
  const { unstable_readConfig } = await import('wrangler');
  if (env !== null && !hasEnvironment(env)) fail(`wrangler.toml has no [env.${env}].`);
  const vars = unstable_readConfig({ config: join(root, 'wrangler.toml'), env: env ?? undefined }).vars;
  const set = Object.entries(vars).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return { ...processEnv, ...Object.fromEntries(set) };
}

async function importFolder(argv: readonly string[], context: CliContext): Promise<void> {
  const options = readOptions(argv);
  if (!existsSync(options.dir)) fail(`Content folder not found: ${options.dir}`);
  // Read first: a wrong environment name stops the import before anything is uploaded.
  const settings = options.remote ? await deployedSettings(options.env, context.env) : context.env;

  // Bodies get placeholder media addresses; the worker puts its MEDIA_CDN_URL in when serving.
  const addressing = createMediaAddressing(BODY_MEDIA_ROOT);
  const known = options.upload ? readUploadLedger(options.dir) : new Map<string, string>();
  // The first load validates the folder and hashes every referenced media file: nothing is
  // uploaded for a folder that is wrong, and only files the content uses are uploaded.
  // One clock for the whole import: which scheduled stories are due, and when they went live.
  const importedAt = Math.floor(Date.now() / 1000);
  // Uploadcare's Upload API unless the variable the editor's settings also read names another.
  const uploadBaseURL = context.env.UPLOADCARE_UPLOAD_URL || undefined;
  let uploadcareFiles: UploadcareFiles = new Map();
  let result = loadContentFolder(options.dir, { addressing, knownUuids: known, uploadcareFiles, now: importedAt });
  // Files named by their Uploadcare address: asked about once, then the folder is read again.
  // Without the key the load's own problems say it is needed.
  const publicKeyForLookups = context.env.UPLOADCARE_PUBLIC_KEY;
  if (!result.ok && result.unknownUploadcareFiles.length > 0 && publicKeyForLookups) {
    uploadcareFiles = await lookUpUploadcareFiles(result.unknownUploadcareFiles, { publicKey: publicKeyForLookups, baseURL: uploadBaseURL });
    result = loadContentFolder(options.dir, { addressing, knownUuids: known, uploadcareFiles, now: importedAt });
  }
  failOnProblems(result, options.dir);
  if (options.upload && !options.dryRun && result.ok) {
    const publicKey = context.env.UPLOADCARE_PUBLIC_KEY;
    if (!publicKey) fail('--upload needs UPLOADCARE_PUBLIC_KEY in the environment.');
    const candidates = uploadCandidates(result.bundle.media);
    const reporter = createProgressReporter();
    const { uploaded, failed } = await uploadNewMedia(candidates, { publicKey, baseURL: uploadBaseURL, known, onProgress: reporter.update });
    reporter.finish();
    // Successes are recorded before failures abort, so a re-run does not upload them again.
    writeUploadLedger(options.dir, recordUploads(readUploadLedgerEntries(options.dir), candidates, uploaded));
    if (failed.length > 0) fail([`Upload failed for ${failed.length} file(s):`, ...failed.map((failure) => `  media/${failure.path}: ${failure.error}`), 'Nothing was written.'].join('\n'));
    // Bodies and payloads must name the uuids Uploadcare assigned: render again with them.
    if (uploaded.size > 0) {
      result = loadContentFolder(options.dir, { addressing, knownUuids: new Map([...known, ...uploaded]), uploadcareFiles, now: importedAt });
      failOnProblems(result, options.dir);
    }
  }
  if (!result.ok) return;
  const { bundle } = result;
  const summary = `${bundle.stories.length} stories, ${bundle.categories.length} categories, ${bundle.galleries.length} galleries, ${bundle.contacts.length} contacts, ${bundle.media.length} media files`;
  if (options.dryRun) {
    context.out(`Content is valid: ${summary}. Nothing was written (--dry-run).`);
    return;
  }

  // Every story gets a link ready; stories that have one already keep theirs (the statement only
  // inserts missing ones), so links in journalists' inboxes survive re-imports.
  const links = new Map(await Promise.all(bundle.stories.map(async (story) => [story.uuid, await newStoryLink()] as const)));
  // Galleries likewise (src/domain/gallery-link.ts).
  const galleryLinks = new Map(await Promise.all(bundle.galleries.map(async (gallery) => [gallery.uuid, await newGalleryLink()] as const)));
  const statements = replaceContentStatements(bundle, importedAt, links, galleryLinks);
  const envArgs = options.env === null ? [] : ['--env', options.env];
  const where = options.remote ? ` into the remote D1 database of ${options.env ?? 'production'}` : '';
  const db = options.remote ? remoteDatabase(envArgs, context.env, context.runWrangler) : await context.openLocalDatabase(options.persistTo);
  try {
    await db.migrate();
    // A removed story's uuid belongs to it for good (its links, alerts and records): a file that
    // takes one (a copied file, a restored folder) is refused here; D1's trigger refuses it too.
    const retired = new Set((await db.query<{ uuid: string }>({ sql: RETIRED_STORY_UUIDS_SQL, params: [] })).map((row) => row.uuid));
    const reused = bundle.stories.filter((story) => retired.has(story.uuid));
    if (reused.length > 0) {
      for (const story of reused) {
        context.err(`${entryFile('stories', story.translation_group, story.locale)}: uuid: ${story.uuid} belonged to a story that was removed; give this story a new one (uuid: ${crypto.randomUUID()})`);
      }
      throw new Error(`${reused.length} ${reused.length === 1 ? 'story takes the uuid' : 'stories take uuids'} of removed stories.`);
    }
    // The search engine is synced before D1 is written: a failed sync leaves D1 as it was.
    if (options.syncSearch) {
      const reporter = createProgressReporter();
      const synced = await syncSearchIndex(bundle, readSearchAdminSettings(settings), {
        cdnRoot: settings.MEDIA_CDN_URL || '/media',
        onProgress: reporter.update,
      }).finally(() => reporter.finish());
      context.out(`Search index ${synced.indexName} (${synced.backend}): ${synced.indexed} documents sent, ${synced.deleted} removed.`);
    }
    if (!options.remote) copyMediaToAssets(bundle.media);
    // The page cache keys on the revision: its pointers are published after the commit, never
    // before, so a page rendered from the old content is not cached under the new revision. An
    // unchanged folder writes no content, and publishes them again in case KV lost them.
    const [current] = await db.query<{ content_hash: string | null }>({ sql: CURRENT_CONTENT_HASH_SQL, params: [] });
    const unchanged = current?.content_hash === bundle.hash && !options.force;
    if (!unchanged) await db.write(statements);
    const [pointers] = await db.query<CachePointers>({ sql: CACHE_POINTERS_SQL, params: [] });
    if (pointers) await db.writeCachePointers(pointers);
    if (unchanged) context.out(`Nothing changed: ${summary} already imported${where}.`);
    else if (options.remote) context.out(`Imported ${summary}${where} (content revision ${pointers?.revision}).`);
    else context.out(`Imported ${summary} (${statements.length} statements, one transaction). Content revision ${pointers?.revision}.`);
  } finally {
    await db.close();
  }
}

export const importCli: Cli = { main: importFolder, explain: (message) => `Import failed: ${message}\nNothing was written.` };

runAsProcess(import.meta.url, importCli);
