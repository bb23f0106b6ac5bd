// Starts the real worker for browser tests: the demo content imported into a throwaway local
// state directory, then `wrangler dev` on a free loopback port, in its own process group so
// stop() ends it (and workerd) by PID. `args` adds wrangler dev options (e.g. `--test-scheduled`,
// which serves /__scheduled as `npm start` does); `state` in the answer is the state directory,
// for the CLIs (`scripts/import.ts`, `scripts/share.ts`) to work on the same local D1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startServer({ contentDir = 'content/demo', vars = {}, args = [] } = {}) {
  const state = mkdtempSync(join(tmpdir(), 'newsroom-e2e-'));
  const imported = spawnSync(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/import.ts'), contentDir, `--persist-to=${state}`], { cwd: root, env, encoding: 'utf8' });
  if (imported.status !== 0) {
    rmSync(state, { recursive: true, force: true });
    throw new Error(`Import failed:\n${imported.stderr}`);
  }
  // A port found free can be taken by another process before wrangler binds it (other test
  // servers start at the same time): a clash is retried on fresh ports, anything else fails.
  for (let attempt = 1; ; attempt++) {
    try {
      const server = await startWrangler(state, { vars, args });
      return { ...server, state };
    } catch (error) {
      if (attempt < 3 && /Address already in use/.test(String(error?.message))) continue;
      rmSync(state, { recursive: true, force: true });
      throw error;
    }
  }
}

async function startWrangler(state, { vars, args }) {
  const port = await freePort();
  // wrangler dev also opens a debugger port (9229 upward by default): parallel servers clash on it.
  const inspectorPort = await freePort();
  const child = spawn(
    join(root, 'node_modules/.bin/wrangler'),
    ['dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort), `--persist-to=${state}`, '--show-interactive-dev-session=false', '--log-level', 'warn', ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]), ...args],
    { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  const kill = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  for (;;) {
    if (child.exitCode !== null) {
      kill();
      throw new Error(`wrangler dev exited early:\n${output}`);
    }
    try {
      const response = await fetch(`${origin}/`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`wrangler dev did not start within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  function stop() {
    kill();
    rmSync(state, { recursive: true, force: true });
  }
  return { origin, stop, output: () => output };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
