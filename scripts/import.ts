/**
 * Content import CLI: `npm run import -- <content-dir> [--upload] [--sync-search] [--remote [--env NAME]] [--dry-run] [--force] [--persist-to=DIR]`.
 *
 * Validates the whole folder (all problems at once, as `file: field: message`), renders story
 * bodies, then replaces the newsroom's content in D1 in one transaction and bumps the content
 * revision. Nothing is written when any file is wrong, and an unchanged folder writes nothing.
 * Locally, media files are copied into the static assets (public/media/{uuid}/{filename}) that
 * the worker serves under a CDN-shaped path. With `--upload`, new media files go to Uploadcare
 * first (UPLOADCARE_PUBLIC_KEY), and media/.uploadcare.json records their uuids so re-runs upload
 * nothing twice.
 *
 * With `--remote`, the deployed database of wrangler.toml's top level (production), or of
 * `[env.NAME]` with `--env NAME`. The search engine, index and media root the sync uses are then
 * the ones that deployment's worker reads (its [vars] in wrangler.toml), so staging never writes
 * into production's index; the environment supplies what the file leaves empty, and the keys.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadContentFolder, type LoadResult } from '#src/content/load-folder';
import { createProgressReporter } from '#src/content/progress-bar';
import { readUploadLedger, readUploadLedgerEntries, recordUploads, uploadCandidates, uploadNewMedia, writeUploadLedger } from '#src/content/upload-media';
import { BODY_MEDIA_ROOT } from '#src/domain/media/payload-addresses';
import { createMediaAddressing } from '#src/content/media-addressing';
import { formatProblem } from '#src/content/schema';
import { syncSearchIndex } from '#src/content/search-sync';
import { newStoryLink } from '#src/domain/story-link';
import { readSearchAdminSettings } from '#src/platform/search/settings';
import { CONTENT_REVISION_KEY, KvPageCacheStore, LAST_WITHDRAWAL_KEY } from '#src/platform/kv/page-cache-store';
import { CACHE_POINTERS_SQL, CURRENT_CONTENT_HASH_SQL, replaceContentStatements, runAtomically, toSqlScript, type CachePointers } from '#src/platform/d1/import-statements';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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

function parseArgs(argv: string[]): Options {
  const options: Options = { dir: '', remote: false, dryRun: false, force: false, upload: false, syncSearch: false, persistTo: null, env: null };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remote') options.remote = true;
    else if (arg === '--env' && argv[i + 1] && !argv[i + 1]!.startsWith('--')) options.env = argv[++i]!;
    else if (arg.startsWith('--env=')) options.env = arg.slice('--env='.length);
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--force') options.force = true;
    else if (arg === '--upload') options.upload = true;
    else if (arg === '--sync-search') options.syncSearch = true;
    else if (arg.startsWith('--persist-to=')) options.persistTo = resolve(arg.slice('--persist-to='.length));
    else if (arg.startsWith('--')) fail(`Unknown option ${arg}\n${USAGE}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) fail(USAGE);
  if (options.env !== null && !options.remote) fail(`--env names a deployed environment: it goes with --remote.\n${USAGE}`);
  return { ...options, dir: resolve(positional[0]!) };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function exitOnProblems(result: LoadResult, dir: string): void {
  if (result.ok) return;
  console.error(`Import failed: ${result.problems.length} problem(s) in ${dir}\n`);
  for (const problem of result.problems) console.error(`  ${formatProblem(problem)}`);
  console.error('\nNothing was written.');
  process.exit(1);
}

/**
 * The settings a remote import shares with the deployed worker: that environment's [vars] in
 * wrangler.toml, over the process environment where the file sets a value (keys and anything the
 * file leaves empty still come from the environment).
 */
async function deployedSettings(env: string | null): Promise<NodeJS.ProcessEnv> {
  const { unstable_readConfig } = await import('wrangler');
  const configPath = join(root, 'wrangler.toml');
  if (env !== null && !new RegExp(`^\\s*\\[{1,2}\\s*env\\.${env.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*[\\].]`, 'm').test(readFileSync(configPath, 'utf8'))) {
    fail(`wrangler.toml has no [env.${env}].`);
  }
  const vars = unstable_readConfig({ config: configPath, env: env ?? undefined }).vars;
  const set = Object.entries(vars).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return { ...process.env, ...Object.fromEntries(set) };
}

function wrangler(args: string[]): string {
  // WRANGLER_BIN: another wrangler executable (the tests' stub, which records what it is asked).
  const bin = process.env.WRANGLER_BIN;
  return execFileSync(bin || 'npx', bin ? args : ['wrangler', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(options.dir)) fail(`Content folder not found: ${options.dir}`);
  // Read first: a wrong environment name stops the import before anything is uploaded.
  const settings = options.remote ? await deployedSettings(options.env) : process.env;

  // Bodies get placeholder media addresses; the worker puts its MEDIA_CDN_URL in when serving.
  const addressing = createMediaAddressing(BODY_MEDIA_ROOT);
  const known = options.upload ? readUploadLedger(options.dir) : new Map<string, string>();
  // The first load validates the folder and hashes every referenced media file: nothing is
  // uploaded for a folder that is wrong, and only files the content uses are uploaded.
  // One clock for the whole import: which scheduled stories are due, and when they went live.
  const importedAt = Math.floor(Date.now() / 1000);
  let result = loadContentFolder(options.dir, { addressing, knownUuids: known, now: importedAt });
  exitOnProblems(result, options.dir);
  if (options.upload && !options.dryRun && result.ok) {
    const publicKey = process.env.UPLOADCARE_PUBLIC_KEY;
    if (!publicKey) fail('--upload needs UPLOADCARE_PUBLIC_KEY in the environment.');
    const candidates = uploadCandidates(result.bundle.media);
    const reporter = createProgressReporter();
    const baseURL = process.env.UPLOADCARE_UPLOAD_BASE_URL || undefined;
    const { uploaded, failed } = await uploadNewMedia(candidates, { publicKey, baseURL, known, onProgress: reporter.update });
    reporter.finish();
    // Successes are recorded before failures abort, so a re-run does not upload them again.
    writeUploadLedger(options.dir, recordUploads(readUploadLedgerEntries(options.dir), candidates, uploaded));
    if (failed.length > 0) {
      console.error(`Upload failed for ${failed.length} file(s):`);
      for (const failure of failed) console.error(`  media/${failure.path}: ${failure.error}`);
      fail('Nothing was written.');
    }
    // Bodies and payloads must name the uuids Uploadcare assigned: render again with them.
    if (uploaded.size > 0) {
      result = loadContentFolder(options.dir, { addressing, knownUuids: new Map([...known, ...uploaded]), now: importedAt });
      exitOnProblems(result, options.dir);
    }
  }
  if (!result.ok) return;
  const { bundle } = result;
  const summary = `${bundle.stories.length} stories, ${bundle.categories.length} categories, ${bundle.galleries.length} galleries, ${bundle.contacts.length} contacts, ${bundle.media.length} media files`;
  if (options.dryRun) {
    console.log(`Content is valid: ${summary}. Nothing was written (--dry-run).`);
    return;
  }

  // The search engine is synced before D1 is written: a failed sync leaves D1 as it was.
  if (options.syncSearch) {
    const reporter = createProgressReporter();
    const synced = await syncSearchIndex(bundle, readSearchAdminSettings(settings), {
      cdnRoot: settings.MEDIA_CDN_URL || '/media',
      onProgress: reporter.update,
    }).finally(() => reporter.finish());
    console.log(`Search index ${synced.indexName} (${synced.backend}): ${synced.indexed} documents sent, ${synced.deleted} removed.`);
  }

  // Every story gets a link ready; stories that have one already keep theirs (the statement only
  // inserts missing ones), so links in journalists' inboxes survive re-imports.
  const links = new Map(await Promise.all(bundle.stories.map(async (story) => [story.uuid, await newStoryLink()] as const)));
  const statements = replaceContentStatements(bundle, importedAt, links);
  if (options.remote) {
    const envArgs = options.env === null ? [] : ['--env', options.env];
    // D1 runs a --file import as one unit; the script holds no BEGIN/COMMIT because D1 refuses them.
    const file = join(tmpdir(), `newsroom-import-${process.pid}.sql`);
    writeFileSync(file, toSqlScript(statements), { mode: 0o600 });
    try {
      wrangler(['d1', 'migrations', 'apply', 'DB', '--remote', ...envArgs]);
      wrangler(['d1', 'execute', 'DB', '--remote', ...envArgs, `--file=${file}`]);
    } finally {
      // The script holds the new stories' secret links.
      rmSync(file, { force: true });
    }
    // The page cache keys on the revision; publish the new one after the commit.
    const answer = JSON.parse(wrangler(['d1', 'execute', 'DB', '--remote', ...envArgs, '--json', '--command', CACHE_POINTERS_SQL])) as { results: CachePointers[] }[];
    const pointers = answer[0]?.results[0];
    if (pointers) {
      // The withdrawal floor first: the new revision must never be trusted without it.
      wrangler(['kv', 'key', 'put', LAST_WITHDRAWAL_KEY, String(pointers.lastWithdrawal), '--binding', 'PAGE_CACHE', '--remote', ...envArgs]);
      wrangler(['kv', 'key', 'put', CONTENT_REVISION_KEY, String(pointers.revision), '--binding', 'PAGE_CACHE', '--remote', ...envArgs]);
    }
    console.log(`Imported ${summary} into the remote D1 database of ${options.env ?? 'production'} (content revision ${pointers?.revision}).`);
    return;
  }

  const persistArgs = options.persistTo ? [`--persist-to=${options.persistTo}`] : [];
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs]);
  copyMediaToAssets(bundle.media);
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: D1Database; PAGE_CACHE: KVNamespace }>({
    configPath: join(root, 'wrangler.toml'),
    // wrangler's --persist-to names the parent of the v3 folder getPlatformProxy wants.
    persist: options.persistTo ? { path: join(options.persistTo, 'v3') } : true,
    remoteBindings: false,
  });
  try {
    const current = await proxy.env.DB.prepare(CURRENT_CONTENT_HASH_SQL).first<{ content_hash: string }>();
    const pageCache = new KvPageCacheStore(proxy.env.PAGE_CACHE);
    if (current?.content_hash === bundle.hash && !options.force) {
      const unchanged = await proxy.env.DB.prepare(CACHE_POINTERS_SQL).first<CachePointers>();
      if (unchanged) await pageCache.writePointers(unchanged);
      console.log(`Nothing changed: ${summary} already imported.`);
      return;
    }
    await runAtomically(proxy.env.DB, statements);
    const pointers = await proxy.env.DB.prepare(CACHE_POINTERS_SQL).first<CachePointers>();
    // After the commit, never before: a page rendered from the old content must not be cached
    // under the new revision.
    if (pointers) await pageCache.writePointers(pointers);
    console.log(`Imported ${summary} (${statements.length} statements, one transaction). Content revision ${pointers?.revision}.`);
  } finally {
    await proxy.dispose();
  }
}

/** The offline stand-in for a CDN upload: the worker serves public/media/{uuid}/{filename}. */
function copyMediaToAssets(media: readonly { absolutePath: string; payload: { uuid: string; filename: string } }[]): void {
  for (const file of media) {
    const target = join(root, 'public', 'media', file.payload.uuid, file.payload.filename);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file.absolutePath, target);
  }
}

main().catch((error: unknown) => {
  console.error(`Import failed: ${(error as Error).message}\nNothing was written.`);
  process.exit(1);
});
