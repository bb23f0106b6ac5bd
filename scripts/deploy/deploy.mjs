// `npm run deploy [-- --env staging]`: one command from a checkout to a live newsroom
// (docs/operations.md, ADR 0026). In order, stopping at the first failure:
//
//   1. builds the browser bundle (and fails over its budget) before anything remote changes;
//   2. finds or creates the environment's D1 database, KV namespace and queues, writing their ids
//      into wrangler.toml (scripts/deploy/setup-cloudflare.mjs: on later deploys it only looks them up);
//   3. applies the D1 migrations to the remote database, so the new code never meets an old schema;
//   4. deploys the worker with RELEASE set to the commit, and prints the addresses it answers on.
//      With CONTENT_DIR set (the publish workflow sets it), the worker's EDITOR_CONTENT_DIR is that
//      folder, so the editor writes where the publish reads.
//
// Before all of it, a warning (never a failure) when GitHub says the content repository is public
// (EDITOR_REPOSITORY of the environment, else GitHub Actions' GITHUB_REPOSITORY): embargoed stories
// live in it before their release (scripts/deploy/github.mjs).
//
// Content is not part of a deploy: `npm run import -- <folder> --remote [--env staging]` publishes
// it (the GitHub workflow runs both). DEPLOY_RELEASE overrides the release name; WRANGLER_BIN
// names another wrangler executable (the tests' stub).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentDirInRepository } from '../dev/content-dir.mjs';
import { publicRepositoryWarning, repositoryIsPublic } from './github.mjs';
import { environmentLabel, parseSetupArgs, secretsHelp, setupCloudflare, wranglerBin } from './setup-cloudflare.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** The release name: DEPLOY_RELEASE, else the checked-out commit (short), else GitHub's. */
export function releaseName(env = process.env) {
  if (env.DEPLOY_RELEASE) return env.DEPLOY_RELEASE;
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0 && git.stdout.trim()) return git.stdout.trim();
  if (env.GITHUB_SHA) return env.GITHUB_SHA.slice(0, 7);
  throw new Error('Cannot tell which commit this is (no git, no GITHUB_SHA): set DEPLOY_RELEASE.');
}

/** `--var EDITOR_CONTENT_DIR:<folder>` for CONTENT_DIR (its place in this repository), or nothing without it. */
export function contentDirVar(env = process.env) {
  const given = (env.CONTENT_DIR ?? '').trim();
  if (!given) return [];
  const folder = contentDirInRepository(given, root);
  if (folder === null) throw new Error(`CONTENT_DIR ${given} is outside this repository: the editor could not write there.`);
  return ['--var', `EDITOR_CONTENT_DIR:${folder}`];
}

/**
 * The content repository (owner/name) this deploy serves: the environment's EDITOR_REPOSITORY in
 * wrangler.toml, else the repository GitHub Actions runs in (GITHUB_REPOSITORY); null when neither says.
 */
export async function contentRepository({ configPath = join(root, 'wrangler.toml'), environment, env = process.env } = {}) {
  const { unstable_readConfig } = await import('wrangler');
  const named = unstable_readConfig({ config: configPath, env: environment }).vars?.EDITOR_REPOSITORY;
  const repository = (typeof named === 'string' ? named.trim() : '') || (env.GITHUB_REPOSITORY ?? '').trim();
  return repository || null;
}

/** The loud warning, to `err`, when GitHub says the content repository is public; never a failure. */
async function warnWhenPublic({ configPath, environment, env, err }) {
  let repository;
  try {
    repository = await contentRepository({ configPath, environment, env });
  } catch {
    return; // wrangler.toml unreadable: the deploy's own steps say so.
  }
  if (repository && (await repositoryIsPublic(repository, { env }))) for (const line of publicRepositoryWarning(repository)) err(line);
}

/** The addresses of a deploy, from wrangler's machine-readable output file (WRANGLER_OUTPUT_FILE_PATH). */
export function deployedUrls(outputFile) {
  if (!existsSync(outputFile)) return [];
  const entries = readFileSync(outputFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const targets = entries.filter((entry) => entry.type === 'deploy').flatMap((entry) => entry.targets ?? []);
  // Targets also name the cron schedule and the queues; custom domains come as "host (custom domain)".
  return targets.flatMap((target) => {
    if (/^https?:\/\//.test(target)) return [target];
    const domain = /^(\S+) \(custom domain\)$/.exec(target);
    return domain ? [`https://${domain[1]}`] : [];
  });
}

/**
 * One deploy, as `npm run deploy` runs it with `argv`; answers its exit code. Its lines go to `out`
 * and `err`. Wrangler's commands run the WRANGLER_BIN executable (else the project's own) with
 * their output shown as it comes; `wrangler(args, extraEnv)`, when given, runs each one instead and
 * answers its exit status and output, as `runWrangler` does (tests answer in their own process).
 */
export async function deploy(argv, { env = process.env, out = console.log, err = console.error, wrangler } = {}) {
  const spawnEnv = (extraEnv = {}) => ({ ...env, WRANGLER_SEND_METRICS: 'false', ...extraEnv });
  const bin = wranglerBin(env);
  /** A wrangler command that must succeed. */
  const runWranglerCommand = (args, extraEnv = {}) => {
    if (wrangler) {
      const result = wrangler(args, extraEnv);
      if (result.stdout) out(result.stdout.trimEnd());
      if (result.stderr) err(result.stderr.trimEnd());
      if (result.status !== 0) throw new Error(`${[bin, ...args].join(' ')} failed (exit ${result.status}).`);
      return;
    }
    const result = spawnSync(bin, args, { cwd: root, stdio: 'inherit', env: spawnEnv(extraEnv) });
    if (result.error) throw new Error(`Could not run ${bin}: ${result.error.message}`);
    if (result.status !== 0) throw new Error(`${[bin, ...args].join(' ')} failed (exit ${result.status}).`);
  };
  const step = (title) => out(`\n▶ ${title}`);

  try {
    const { env: environment, configPath, location } = parseSetupArgs(argv);
    const label = environmentLabel(environment);
    const wranglerArgs = [...(environment ? ['--env', environment] : []), ...(configPath ? ['--config', configPath] : [])];
    const release = releaseName(env);
    out(`Deploying ${label}, release ${release}.`);

    await warnWhenPublic({ configPath, environment, env, err });

    step('Browser bundle');
    // Its report (the first-load bytes against the budget) goes to `out`; the build takes well under a second.
    const build = spawnSync(process.execPath, [join(root, 'scripts/build/build-client.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', env: spawnEnv() });
    if (build.error) throw new Error(`Could not build the browser bundle: ${build.error.message}`);
    if (build.stdout) out(build.stdout.trimEnd());
    if (build.status !== 0) throw new Error(`The browser bundle's build failed (exit ${build.status}).`);

    step('Cloudflare resources');
    await setupCloudflare({ configPath, env: environment, location, bin, ...(wrangler ? { wrangler: (args) => wrangler(args) } : {}), log: out });

    step('D1 migrations (remote)');
    runWranglerCommand(['d1', 'migrations', 'apply', 'DB', '--remote', ...wranglerArgs]);

    step('Worker');
    const outputDir = mkdtempSync(join(tmpdir(), 'newsroom-deploy-'));
    const outputFile = join(outputDir, 'wrangler-output.json');
    try {
      // NODE_ENV goes into the bundle (wrangler defines process.env.NODE_ENV from it): a shell's
      // "development" would ship React's development build.
      runWranglerCommand(['deploy', ...wranglerArgs, '--var', `RELEASE:${release}`, ...contentDirVar(env), '--message', `release ${release}`], { WRANGLER_OUTPUT_FILE_PATH: outputFile, NODE_ENV: 'production' });
      const urls = deployedUrls(outputFile);
      out('');
      out(urls.length > 0 ? `Live: ${urls.join('  ')}  (${label}, release ${release})` : `Deployed ${label}, release ${release} (wrangler named no address: see its output above).`);
      // In GitHub Actions, the address becomes the step's output (the workflow shows it as the environment's URL).
      if (env.GITHUB_OUTPUT && urls.length > 0) appendFileSync(env.GITHUB_OUTPUT, `url=${urls.at(-1)}\nrelease=${release}\n`);
    } finally {
      rmSync(outputDir, { recursive: true, force: true });
    }
    out(`Content: npm run import -- <content folder> --remote${environment ? ` --env ${environment}` : ''}`);
    out('');
    for (const line of secretsHelp(environment)) out(line);
    return 0;
  } catch (error) {
    err(`\nDeploy failed: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await deploy(process.argv.slice(2));
}
