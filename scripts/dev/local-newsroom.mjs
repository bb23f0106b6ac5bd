// A local newsroom, the one module that prepares and serves one: a content folder (the demo by
// default) imported into local D1 by the import CLI, and `wrangler dev` serving it on a free
// loopback port in its own process group, so it (and workerd beneath it) is stopped by its PID
// (or, for the benchmark, the deploy bundle served by Miniflare in this process).
// Never port 8787: other work may be using it. Used by `npm start` (the import only, into
// wrangler's own state), the browser tests (test/e2e/server.mjs), the benchmark, the load test
// and the Lighthouse audit (each in a throwaway state directory, `--persist-to`); also writes
// generated stories straight into a state's D1 for the data-scale benchmark.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };
export const DEMO_CONTENT = 'content/demo';
/** How much of a served worker's output is kept for `output()`: the end, where a failure is. */
const OUTPUT_KEPT = 64 * 1024;

/**
 * Imports a content folder with the import CLI (migrations first; a folder already imported
 * writes nothing), into `state` or, without one, into wrangler's own local state (`npm start`).
 * Returns what the CLI printed; throws with its output when it fails.
 */
export function importContent({ contentDir = DEMO_CONTENT, state = null } = {}) {
  const args = [join(root, 'scripts/cli/import.ts'), contentDir, ...(state ? [`--persist-to=${state}`] : [])];
  const imported = spawnSync(join(root, 'node_modules/.bin/tsx'), args, { cwd: root, env, encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`Import failed:\n${imported.stdout}\n${imported.stderr}`);
  return imported.stdout;
}

/** The demo newsroom imported into `state`. */
export function importDemo(state) {
  return importContent({ state });
}

export async function withPlatformProxy(state, work) {
  const { getPlatformProxy } = await import('wrangler');
  // wrangler's --persist-to names the parent of the v3 folder getPlatformProxy wants.
  const proxy = await getPlatformProxy({ configPath: join(root, 'wrangler.toml'), persist: { path: join(state, 'v3') }, remoteBindings: false });
  try {
    return await work(proxy.env);
  } finally {
    await proxy.dispose();
  }
}

const TOPICS = ['offshore wind', 'solar parks', 'grid storage', 'green hydrogen', 'heat pumps', 'community energy', 'quarterly results', 'biodiversity'];

/**
 * Writes `count` published public stories straight into local D1, one recursive-CTE INSERT per
 * chunk (no round trip per row), then their category links, the counts the pages read, the
 * search index, and a new content revision (in D1 and in KV, as an import does).
 */
export async function generateStories(bindings, count) {
  const db = bindings.DB;
  const started = Date.now();
  const languages = (await db.prepare('SELECT code FROM languages ORDER BY position').all()).results.map((row) => row.code);
  const categories = (await db.prepare('SELECT id FROM categories ORDER BY id').all()).results.map((row) => row.id);
  if (languages.some((code) => !/^[a-z]{2,3}(-[a-z0-9]{1,4})?$/.test(code))) throw new Error('Unexpected language code in D1');
  const { base } = await db.prepare('SELECT coalesce(max(id), 0) AS base FROM stories').first();
  // Mostly the default language, like a real newsroom: 70% first language, the rest spread.
  const others = languages.slice(1);
  const localeCase = `CASE WHEN n % 10 < 7 THEN '${languages[0]}' ${others.map((code, i) => `WHEN n % ${others.length} = ${i} THEN '${code}'`).join(' ')} ELSE '${languages[0]}' END`;
  const topicCase = `CASE n % ${TOPICS.length} ${TOPICS.map((topic, i) => `WHEN ${i} THEN '${topic}'`).join(' ')} END`;
  const sentence = `'Northwind Energy reports progress on ' || ${topicCase} || ' in region ' || (n % 50) || ', with partners and local communities. '`;
  const now = Math.floor(Date.now() / 1000);
  const chunk = 10_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await db
      .prepare(
        `INSERT INTO stories (id, uuid, translation_group, locale, slug, title, subtitle, summary, status, visibility, published_at, updated_at,
           author_name, author_email, cover, is_pinned, seo_settings, tags, body_html, body_text, sections)
         WITH RECURSIVE seq(n) AS (SELECT ?1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?2)
         SELECT ?3 + n, 'bench-' || n, 'bench-group-' || n, ${localeCase}, 'bench-story-' || n,
           'Bench story ' || n || ' on ' || ${topicCase}, 'Generated for the data-scale benchmark', ${sentence},
           'published', 'public', ?4 - n * 600, ?4 - n * 600, 'Press office', NULL, NULL, 0, '{}', '[]',
           '<p>' || replace(hex(zeroblob(6)), '00', ${sentence}) || '</p>', replace(hex(zeroblob(6)), '00', ${sentence}), '[]'
         FROM seq`,
      )
      .bind(from, to, base, now)
      .run();
    process.stdout.write(`\r  stories: ${to.toLocaleString('en')} / ${count.toLocaleString('en')}`);
  }
  process.stdout.write('\n');
  const categoryCase = `CASE s.id % ${categories.length} ${categories.map((id, i) => `WHEN ${i} THEN ${Number(id)}`).join(' ')} END`;
  await db.batch([
    db.prepare(
      `INSERT INTO story_categories (story_id, category_id, position, locale, published_at, is_public)
       SELECT s.id, ${categoryCase}, 0, s.locale, s.published_at, 1 FROM stories s WHERE s.id > ?1`,
    ).bind(base),
    db.prepare(
      `UPDATE languages SET public_stories_count =
         (SELECT count(*) FROM stories s WHERE s.locale = languages.code AND s.status = 'published' AND s.visibility = 'public')`,
    ),
    db.prepare(
      `UPDATE category_i18n SET public_stories_count =
         (SELECT count(*) FROM story_categories sc WHERE sc.category_id = category_i18n.category_id AND sc.locale = category_i18n.locale AND sc.is_public = 1)`,
    ),
    db.prepare(`INSERT INTO story_search (story_search) VALUES ('rebuild')`),
    db.prepare('UPDATE content_revision SET revision = revision + 1 WHERE id = 1'),
  ]);
  const { revision } = await db.prepare('SELECT revision FROM content_revision WHERE id = 1').first();
  await bindings.PAGE_CACHE.put('content-revision', String(revision));
  const total = await db.prepare(`SELECT count(*) AS total FROM stories`).first();
  const perLocale = (await db.prepare('SELECT code, public_stories_count AS count FROM languages ORDER BY position').all()).results;
  console.log(`  ${total.total.toLocaleString('en')} stories in D1 (${perLocale.map((row) => `${row.code}: ${row.count}`).join(', ')}), revision ${revision}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { perLocale: Object.fromEntries(perLocale.map((row) => [row.code, row.count])) };
}

// ---------------------------------------------------------------------------------------------
// The worker

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * `--entry`: the same wrangler.toml with another `main`, written beside the state (its relative
 * paths made absolute, since they resolve against the config file's folder).
 */
function configForEntry(state, entry) {
  const source = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const absolute = (path) => JSON.stringify(resolve(root, path));
  const config = source
    .replace(/^main\s*=\s*"[^"]*"/m, `main = ${JSON.stringify(entry)}`)
    .replace(/^(migrations_dir|directory)\s*=\s*"([^"]*)"/gm, (_line, key, path) => `${key} = ${absolute(path)}`);
  const file = join(state, 'wrangler.bench.toml');
  writeFileSync(file, config);
  return file;
}

/**
 * Builds the worker as `wrangler deploy` would upload it (the dry run's bundle, with React's
 * production build) into `outdir`.
 */
export function buildDeployBundle(outdir, configPath = join(root, 'wrangler.toml')) {
  const built = spawnSync(join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir, '--config', configPath], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${built.stdout}\n${built.stderr}`);
}

/**
 * The deploy bundle serving `state` through Miniflare with wrangler.toml's bindings as wrangler
 * itself reads them, on a free loopback port: the benchmark's server and the browser tests'.
 * `wrangler dev` adds costs production does not have, on the same cores as the worker: a proxy
 * worker in front of every request, an inspector attached (every console.log becomes a devtools
 * message) and each log line parsed and source-mapped in Node. `bundle`: a folder
 * buildDeployBundle already wrote (else one is built into the state); `entry`, `vars`: as for
 * startWorker. The worker's output is read and dropped (as Workers Logs takes it off the request's
 * path), or with `keepOutput` its end is kept for `output()`, to show when a test fails.
 * `workerOptions`: what miniflareWorkerOptions already read for wrangler.toml (no `entry`), so
 * that many servers started in one run do not each load wrangler to read it again.
 */
export async function serveDeployBundle(state, entry, { vars = {}, bundle = null, keepOutput = false, inspectorPort = undefined, workerOptions = null } = {}) {
  const configPath = entry ? configForEntry(state, entry) : join(root, 'wrangler.toml');
  const outdir = bundle ?? join(state, 'deploy-bundle');
  if (!bundle) buildDeployBundle(outdir, configPath);
  const main = readdirSync(outdir).find((name) => /\.m?js$/.test(name));
  if (!main) throw new Error(`wrangler deploy --dry-run wrote no module into ${outdir}`);
  if (entry && workerOptions) throw new Error('workerOptions are those of wrangler.toml, not of another entry');
  workerOptions ??= await miniflareWorkerOptions(configPath);
  const { Miniflare } = await import('miniflare');
  const persist = join(state, 'v3');
  const options = {
    workers: [{ ...workerOptions, name: 'newsroom', modules: true, modulesRoot: outdir, scriptPath: join(outdir, main), bindings: { ...workerOptions.bindings, ...vars } }],
    host: '127.0.0.1',
    // 0: workerd binds a port the system picks (and keeps it across refreshAssets), so servers
    // started side by side never race for one found free a moment before.
    port: 0,
    // The V8 inspector (scripts/measure/profile-miss.mjs profiles the worker there); off unless asked.
    ...(inspectorPort ? { inspectorPort } : {}),
    d1Persist: join(persist, 'd1'),
    kvPersist: join(persist, 'kv'),
    cachePersist: join(persist, 'cache'),
    handleRuntimeStdio: (stdout, stderr) => {
      for (const stream of [stdout, stderr]) {
        if (keepOutput) stream.on('data', (chunk) => (output = `${output}${chunk}`.slice(-OUTPUT_KEPT)));
        else stream.resume();
      }
    },
  };
  let output = '';
  const miniflare = new Miniflare(options);
  let origin;
  try {
    ({ origin } = await miniflare.ready);
  } catch (error) {
    // A runtime that did not start still holds the process open: end it, then fail.
    await miniflare.dispose().catch(() => undefined);
    throw error;
  }
  // Static assets are listed when Miniflare starts: `refreshAssets` lists them again.
  // `bindings()`: the worker's own D1 and KV, for a CLI run in this process on the same state.
  const bindings = async () => ({ DB: await miniflare.getD1Database('DB'), PAGE_CACHE: await miniflare.getKVNamespace('PAGE_CACHE') });
  return { origin, stop: () => miniflare.dispose(), refreshAssets: () => miniflare.setOptions(options), output: () => output, bindings };
}

/**
 * The worker's Miniflare options as wrangler reads them from `configPath` (bindings, vars, D1, KV,
 * queues, rate limits, assets): plain data, so one reading can serve many servers.
 */
export async function miniflareWorkerOptions(configPath = join(root, 'wrangler.toml')) {
  const { unstable_getMiniflareWorkerOptions } = await import('wrangler');
  return unstable_getMiniflareWorkerOptions(configPath).workerOptions;
}

/**
 * `wrangler dev` serving `state` on a free loopback port. `entry`: another worker entry (the
 * benchmark's variants); `vars`: [vars] to override; `args`: more wrangler dev options (e.g.
 * `--test-scheduled`); `inspectorPort`: where wrangler's inspector listens (the load test samples
 * the worker's memory there), else a free port, so servers started side by side never clash on
 * the default 9229. A port found free can be taken by another process before wrangler binds it:
 * a clash is retried on fresh ports, anything else fails.
 */
export async function startWorker(state, entry, { inspectorPort, vars = {}, args = [] } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startWorkerOnce(state, entry, { inspectorPort, vars, args });
    } catch (error) {
      if (attempt < 3 && /Address already in use/.test(String(error?.message))) continue;
      throw error;
    }
  }
}

async function startWorkerOnce(state, entry, { inspectorPort, vars, args }) {
  const port = await freePort();
  const wranglerArgs = ['dev', ...(entry ? ['--config', configForEntry(state, entry)] : []), '--local', '--ip', '127.0.0.1', '--port', String(port), `--persist-to=${state}`, '--show-interactive-dev-session=false', '--log-level', 'warn'];
  for (const [name, value] of Object.entries(vars)) wranglerArgs.push('--var', `${name}:${value}`);
  wranglerArgs.push('--inspector-ip', '127.0.0.1', '--inspector-port', String(inspectorPort ?? (await freePort())), ...args);
  // NODE_ENV=production: wrangler dev otherwise bundles React's development build, several times
  // slower than what `wrangler deploy` ships.
  const child = spawn(join(root, 'node_modules/.bin/wrangler'), wranglerArgs, { cwd: root, env: { ...env, NODE_ENV: 'production' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not start within 90 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  // The process group's leader: workerd runs beneath it (the load test samples its memory).
  return { origin, stop, pid: child.pid, output: () => output };
}
