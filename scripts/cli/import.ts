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
 *
 * The import itself is src/content/import-content.ts; this file reads the command line, builds
 * the database and settings it works on, and prints what it answers.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { importBundle, prepareImport } from '#src/content/import-content';
import { createProgressReporter } from '#src/content/progress-bar';
import { formatProblem, type ContentProblem } from '#src/content/schema';
import type { ContentBundle } from '#src/domain/content-bundle';
import { readSearchAdminSettings } from '#src/config/search';
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

function failOnProblems(problems: readonly ContentProblem[], dir: string): never {
  fail([`Import failed: ${problems.length} problem(s) in ${dir}\n`, ...problems.map((problem) => `  ${formatProblem(problem)}`), '\nNothing was written.'].join('\n'));
}

function summaryOf(bundle: ContentBundle): string {
  return `${bundle.stories.length} stories, ${bundle.categories.length} categories, ${bundle.galleries.length} galleries, ${bundle.contacts.length} contacts, ${bundle.media.length} media files`;
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

  // One clock for the whole import: which scheduled stories are due, and when they went live.
  const now = Math.floor(Date.now() / 1000);
  const prepared = await prepareImport({
    dir: options.dir,
    // A dry run only validates: nothing is uploaded.
    upload: options.upload && !options.dryRun,
    uploadcarePublicKey: context.env.UPLOADCARE_PUBLIC_KEY || undefined,
    // Uploadcare's Upload API unless the variable the editor's settings also read names another.
    uploadcareUploadUrl: context.env.UPLOADCARE_UPLOAD_URL || undefined,
    now,
    progress: () => createProgressReporter(),
  });
  if (!prepared.ok) {
    if (prepared.refusal === 'invalid') failOnProblems(prepared.problems, options.dir);
    if (prepared.refusal === 'upload-needs-key') fail('--upload needs UPLOADCARE_PUBLIC_KEY in the environment.');
    fail([`Upload failed for ${prepared.failed.length} file(s):`, ...prepared.failed.map((failure) => `  media/${failure.path}: ${failure.error}`), 'Nothing was written.'].join('\n'));
  }
  const { bundle } = prepared;
  const summary = summaryOf(bundle);
  if (options.dryRun) {
    context.out(`Content is valid: ${summary}. Nothing was written (--dry-run).`);
    return;
  }

  const envArgs = options.env === null ? [] : ['--env', options.env];
  const where = options.remote ? ` into the remote D1 database of ${options.env ?? 'production'}` : '';
  const db = options.remote ? remoteDatabase(envArgs, context.env, context.runWrangler) : await context.openLocalDatabase(options.persistTo);
  try {
    const outcome = await importBundle(db, bundle, {
      force: options.force,
      search: options.syncSearch ? { settings: readSearchAdminSettings(settings), cdnRoot: settings.MEDIA_CDN_URL || '/media', progress: () => createProgressReporter() } : null,
      // Locally the worker serves media from its static assets; a deployed one from the CDN.
      publishMedia: options.remote ? null : copyMediaToAssets,
      now,
    });
    if (outcome.kind === 'reused-uuids') {
      for (const story of outcome.stories) context.err(`${story.file}: uuid: ${story.uuid} belonged to a story that was removed; give this story a new one (uuid: ${story.freshUuid})`);
      throw new Error(`${outcome.stories.length} ${outcome.stories.length === 1 ? 'story takes the uuid' : 'stories take uuids'} of removed stories.`);
    }
    if (outcome.search) context.out(`Search index ${outcome.search.indexName} (${outcome.search.backend}): ${outcome.search.indexed} documents sent, ${outcome.search.deleted} removed.`);
    if (outcome.kind === 'unchanged') context.out(`Nothing changed: ${summary} already imported${where}.`);
    else if (options.remote) context.out(`Imported ${summary}${where} (content revision ${outcome.revision}).`);
    else context.out(`Imported ${summary} (${outcome.statements} statements, one transaction). Content revision ${outcome.revision}.`);
  } finally {
    await db.close();
  }
}

export const importCli: Cli = { main: importFolder, explain: (message) => `Import failed: ${message}\nNothing was written.` };

runAsProcess(import.meta.url, importCli);
