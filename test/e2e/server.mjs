// Starts the real worker for browser tests (scripts/dev/local-newsroom.mjs): the demo content (or
// another folder) in a throwaway local state directory, then the worker as `wrangler deploy`
// builds it, served by workerd through Miniflare on a free loopback port with wrangler.toml's
// bindings (D1, KV, queues, rate limits, assets), as the benchmark serves it. With `args`, wrangler
// dev options (`--test-scheduled`, which serves /__scheduled as `npm start` does), it is `wrangler
// dev` itself, in its own process group so stop() ends it (and workerd) by PID. stop() removes the
// state; `state` in the answer is the state directory, for the CLIs (`scripts/cli/import.ts`,
// `scripts/cli/share.ts`) to work on the same local D1; `output()` is what the worker printed.
// Also the one home of what the browser tests do with a server: its CLIs on its state (runCli as
// their own processes, runCliInProcess in the test's), the minute's cron (fireScheduled), a status
// (statusOf), and polling until something is so (waitFor).
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEMO_CONTENT, env, root, serveDeployBundle, startWorker } from '../../scripts/dev/local-newsroom.mjs';

/**
 * A state directory with the demo already imported, made once per `npm test` (scripts/test/test.mjs)
 * and copied for each server of the demo: an import is some 20 s of CPU here, a copy
 * next to nothing. A test file run on its own imports the demo itself.
 */
export const DEMO_STATE_VARIABLE = 'NEWSROOM_E2E_DEMO_STATE';
/** The deploy bundle, built once per `npm test` the same way (a file run alone builds its own). */
export const BUNDLE_VARIABLE = 'NEWSROOM_E2E_BUNDLE';
/**
 * A JSON file of the worker's Miniflare options as wrangler reads them from wrangler.toml, read
 * once per `npm test` (loading wrangler to read them is most of a server's start); a file run
 * alone reads them itself.
 */
export const WORKER_OPTIONS_VARIABLE = 'NEWSROOM_E2E_WORKER_OPTIONS';

/**
 * The editor as `npm start` serves it on a developer's machine (src/env.ts isLocalDevelopment):
 * the door of /admin open on loopback, the editor working on a local folder.
 */
export const LOCAL_EDITOR_VARS = { LOCAL_DEVELOPMENT: 'true' };

/**
 * The variables `npm start` sets that its dev-only route needs (scripts/dev/start.mjs): this
 * machine's development (src/env.ts isLocalDevelopment) and the outbox shown at /_dev/outbox. With
 * `args: ['--test-scheduled']`, wrangler dev serves /__scheduled too, as under `npm start`.
 */
export const NPM_START_VARS = { LOCAL_DEVELOPMENT: 'true', SHOW_OUTBOX: 'true' };

export async function startServer({ contentDir = DEMO_CONTENT, vars = {}, args = [] } = {}) {
  const state = mkdtempSync(join(tmpdir(), 'newsroom-e2e-'));
  try {
    const template = process.env[DEMO_STATE_VARIABLE];
    if (contentDir === DEMO_CONTENT && template) cpSync(template, state, { recursive: true });
    else await runCliInProcess({ state }, 'import.ts', contentDir);
    const workerOptions = process.env[WORKER_OPTIONS_VARIABLE] ? JSON.parse(readFileSync(process.env[WORKER_OPTIONS_VARIABLE], 'utf8')) : null;
    const server = args.length > 0 ? await startWorker(state, null, { vars, args }) : await serveDeployBundle(state, null, { vars, bundle: process.env[BUNDLE_VARIABLE] || null, keepOutput: true, workerOptions });
    const stop = async () => {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    };
    return { ...server, stop, state };
  } catch (error) {
    rmSync(state, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The `--disable-features` Playwright passes (playwright-core's chromiumSwitches), which a second
 * `--disable-features` would replace (chromium keeps the last), so ours repeats them.
 * (test/e2e/demo.test.mjs checks they still are Playwright's.)
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];
/**
 * Chromium's omnibox popups, which it renders as web pages in a renderer process of their own for
 * every new window, so for every browser context a test opens (about 0.25 s of CPU each): a
 * headless browser never shows them.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * The features Playwright itself disables, read from the command line it would start chromium
 * with (a launch of /bin/false, whose failure names that command line): what
 * PLAYWRIGHT_DISABLED_FEATURES must hold.
 */
export async function playwrightDisabledFeatures() {
  const { chromium } = await import('playwright-core');
  const failure = await chromium.launch({ executablePath: '/bin/false', timeout: 20_000 }).then(
    async (browser) => {
      await browser.close();
      throw new Error('/bin/false started as a browser');
    },
    (error) => error.message,
  );
  const switchValue = failure.match(/<launching> .*? --disable-features=(\S*)/)?.[1];
  if (switchValue === undefined) throw new Error(`no --disable-features in Playwright's launch:\n${failure}`);
  return switchValue.split(',').filter(Boolean);
}

/**
 * A page in a fresh browser context, loaded, with its console errors and page errors collected
 * (browser tests assert there are none, or exactly the expected ones).
 */
export async function openPage(browser, url, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...contextOptions });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await gotoWithOneRetry(page, url);
  return { page, context, response, errors };
}

/**
 * Loads `url`, trying a second time when the first load times out. A loaded CI machine has once
 * stalled one request of wrangler dev for longer than the page timeout; the retry keeps that from
 * failing a test about something else, and the warning names the requests that were still open,
 * so a stall that repeats is seen, not hidden.
 */
async function gotoWithOneRetry(page, url) {
  const open = new Set();
  const track = (request) => open.add(request.url());
  const settle = (request) => open.delete(request.url());
  page.on('request', track);
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  try {
    return await page.goto(url, { waitUntil: 'load' });
  } catch (error) {
    if (error?.name !== 'TimeoutError') throw error;
    console.warn(`warning: loading ${url} timed out; still open: ${[...open].join(', ') || 'none'}; trying once more`);
    return await page.goto(url, { waitUntil: 'load' });
  } finally {
    page.off('request', track);
    page.off('requestfinished', settle);
    page.off('requestfailed', settle);
  }
}

/** How long one attempt of fetchWithOneRetry waits for wrangler dev's answer. */
const FETCH_ATTEMPT_MS = 60_000;

/**
 * fetch, where a GET the worker has not answered in a minute, or whose kept-alive connection the
 * server closed just as it was reused (undici's "other side closed", a race of idle timeouts on a
 * loaded machine), is sent once more, with a warning (see gotoWithOneRetry). Seen once in CI: a
 * GET sent right after a CLI had opened the same local state through a second workerd (npm run
 * share) got no headers for 300 s. Other methods are sent once: a retried POST could act twice.
 */
export async function fetchWithOneRetry(url, init = {}) {
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return fetch(url, init);
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_ATTEMPT_MS) });
  } catch (error) {
    const closed = error?.cause?.code === 'UND_ERR_SOCKET';
    if (error?.name !== 'TimeoutError' && !closed) throw error;
    console.warn(`warning: ${method} ${url} ${closed ? 'lost its connection before the answer' : `had no answer after ${FETCH_ATTEMPT_MS / 1000} s`}; trying once more`);
    return await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_ATTEMPT_MS) });
  }
}

/**
 * One of the project's CLIs (`scripts/cli/<script>`) as `npm run …` runs it (tsx), offline, on the
 * state directory of `server` (startServer): its { stdout, stderr }; a failure throws with both.
 */
export async function runCli(server, script, ...args) {
  try {
    return await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/cli', script), ...args, `--persist-to=${server.state}`], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
  } catch (error) {
    throw new Error(`${script} ${args.join(' ')} failed:\n${error.stdout}\n${error.stderr}`);
  }
}

/** The D1 CLIs' module graph (test/e2e/clis.ts), loaded into this process once, on first use. */
let clis;

/**
 * One of the D1 CLIs (import, share, press) run in this process on the state of `server`, with
 * the arguments and the answer of runCli, as the CLI tests run them (test/cli/run-script.ts): no
 * Node process, no tsx and no wrangler loaded again per run, which were most of its cost. It writes
 * through the server's own D1 and KV when the server has them at hand (the deploy bundle's), else
 * opens the state as the CLI does (a `{ state }` before any server started). The CLIs' own
 * processes are tested in the cli project and by the browser tests of `npm start` (publishing).
 */
export async function runCliInProcess(server, script, ...args) {
  clis ??= import('tsx/esm/api').then(({ tsImport }) => tsImport('./clis.ts', import.meta.url));
  const { runCli: run, localDatabase, localDatabaseOf, importCli, pressCli, shareCli } = await clis;
  const cli = { 'import.ts': importCli, 'press.ts': pressCli, 'share.ts': shareCli }[script];
  if (!cli) throw new Error(`${script} is not one of the D1 CLIs`);
  let stdout = '';
  let stderr = '';
  const context = {
    env,
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    openLocalDatabase: async (persistTo) => {
      if (!server.bindings) return localDatabase(persistTo);
      const { DB, PAGE_CACHE } = await server.bindings();
      return localDatabaseOf(DB, PAGE_CACHE);
    },
  };
  const code = await run(cli, [...args, `--persist-to=${server.state}`], context);
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  return { stdout, stderr };
}

/** The status of a GET of `path` on `server`, not following redirects, its body read to the end (see fireScheduled). */
export async function statusOf(server, path) {
  const response = await fetchWithOneRetry(`${server.origin}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}

/**
 * What `npm start` does every minute: the scheduled handler, through wrangler dev's /__scheduled
 * (a server started with `args: ['--test-scheduled']`), at the real time. Throws unless it ran.
 */
export async function fireScheduled(server) {
  const response = await fetchWithOneRetry(`${server.origin}/__scheduled?cron=${encodeURIComponent('* * * * *')}`, { redirect: 'manual' });
  // Read to the end: a body cancelled mid-answer makes workerd log a broken pipe as an error.
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`/__scheduled answered ${response.status}: the scheduled handler did not run`);
}

/** Polls every 200 ms until `check` returns something truthy, and returns it; throws after `timeoutMs`. */
export async function waitFor(what, check, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Cloudflare Access played by its stand-in (test/fixtures/serve-fake-access.ts) as a child process:
 * where its certs are (what ACCESS_CERTS_URL may name), its team domain and audience, and a token
 * it signed (the `CF_Authorization` cookie a signed-in browser holds); stop() ends it by its PID.
 */
export async function startAccessStandIn() {
  const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'test/fixtures/serve-fake-access.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const requests = [];
  const ready = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the Access stand-in exited with ${code}`)));
    lines.on('line', (line) => {
      const message = JSON.parse(line);
      if (message.certsUrl) resolve(message);
      else requests.push(message.request);
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { ...(await ready), requests, stop };
}
