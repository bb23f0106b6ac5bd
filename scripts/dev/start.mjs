// `npm start`: applies migrations, imports the demo newsroom (a no-op when it is already there),
// then serves it with wrangler dev on http://localhost:8787 (its SITE_URL, so every link in pages
// and mail points at it; `SITE_URL=… npm start` names another), fully offline, behaving like
// production: wrangler dev never runs Cron Triggers by itself, so this script fires the scheduled
// handler (go-live of due stories, then alerts, IndexNow and WebSub through the queue) at the
// start of every minute through wrangler's `--test-scheduled` endpoint, `/__scheduled`. The press
// team's editor at /admin/ writes the content folder: each save re-imports it (debounced), so the
// local site shows the change within seconds (docs/editing.md).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentDirInRepository } from './content-dir.mjs';
import { watchContentFolder } from './content-watcher.mjs';
import { DEMO_CONTENT, importContent, root } from './local-newsroom.mjs';
import { DEFAULT_STANDIN_PORT, serveReadershipStandin } from './serve-readership-standin.mjs';

// Offline, and in colour: the server's output goes to the developer's terminal. React's
// production build, as deployed: its development build made a page render several times slower
// (bench/README.md, "npm start"); `NODE_ENV=development npm start` brings its warnings back.
const env = { NODE_ENV: 'production', ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const port = process.env.PORT ?? '8787';
// The site's origin (SITE_URL): links in pages and in the outbox's mail point at this server.
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
/** The cron of wrangler.toml; wrangler dev hands it to the handler as `controller.cron`. */
const CRON = '* * * * *';

// CONTENT_DIR: another content folder than the demo, into the same local state.
const contentDir = process.env.CONTENT_DIR ?? DEMO_CONTENT;
try {
  process.stdout.write(importContent({ contentDir }));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

/** The content folder's place in its repository, for the editor (scripts/dev/content-dir.mjs). */
function editorContentDir() {
  const folder = contentDirInRepository(contentDir, root);
  if (folder === null || folder === '.') {
    // Not inside this project: the editor opens the folder itself, which needs a repository of its own.
    if (!existsSync(join(resolve(root, contentDir), '.git'))) console.log(`[start] The editor at /admin/ opens a repository's folder: git init ${contentDir} to edit it there.`);
    return '.';
  }
  return folder;
}

// The editor's upload signatures trust a request to a loopback host name under npm start
// (src/env.ts isLocalDevelopment): the server listens on loopback, never on another address.
const ipArgument = process.argv.slice(2).findIndex((arg) => arg === '--ip' || arg.startsWith('--ip='));
if (ipArgument !== -1) {
  console.error('[start] npm start serves on 127.0.0.1 only; --ip is not accepted (deploy, or run wrangler dev yourself, to serve elsewhere).');
  process.exit(1);
}

// Readership's stand-in (docs/decisions/0055-readership-at-the-edge.md): Miniflare drops Analytics
// Engine's data points, so the worker also sends each one here, and `npm run readership -- SLUG`
// reads them back through the stand-in's SQL API. Its points are kept beside the local D1.
const standinPort = Number(process.env.READERSHIP_STANDIN_PORT ?? DEFAULT_STANDIN_PORT);
let standinVar = [];
try {
  const { origin } = await serveReadershipStandin({ port: standinPort, file: join(root, '.wrangler/state/readership-points.jsonl') });
  standinVar = ['--var', `READERSHIP_STANDIN_URL:${origin}`];
} catch (error) {
  console.log(`[start] Readership is not recorded locally: port ${standinPort} is taken (${error.code ?? error.message}); READERSHIP_STANDIN_PORT names another.`);
}

const server = spawn(
  join(root, 'node_modules/.bin/wrangler'),
  // LOCAL_DEVELOPMENT: this worker runs on the developer's machine (src/env.ts isLocalDevelopment),
  // where the editor signs in to nothing: set here only, never in wrangler.toml.
  // REQUEST_LOG: only server errors and slow requests write their line here, because wrangler dev
  // parses and source-maps every line in Node (src/middleware/request-log.ts; bench/README.md).
  ['dev', '--local', '--ip', '127.0.0.1', '--port', port, '--show-interactive-dev-session=false', '--test-scheduled', '--var', 'SHOW_OUTBOX:true', '--var', 'LOCAL_DEVELOPMENT:true', '--var', 'REQUEST_LOG:errors-and-slow', '--var', `SITE_URL:${siteUrl}`, '--var', `EDITOR_CONTENT_DIR:${editorContentDir()}`, ...standinVar, ...process.argv.slice(2)],
  { cwd: root, env, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

const scheduledUrl = `http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent(CRON)}`;
let announced = false;

/** One run of the scheduled handler; a server still starting (or reloading) is simply tried next minute. */
async function fireScheduled() {
  try {
    const response = await fetch(scheduledUrl, { signal: AbortSignal.timeout(30_000) });
    // Read to the end: dropping the answer early makes workerd log a broken pipe.
    await response.text();
    if (response.ok && !announced) {
      announced = true;
      console.log(`[start] Cron: the scheduled handler runs every minute (${scheduledUrl}).`);
    }
  } catch {
    // Not listening yet.
  }
}

/** Waits for the server, runs the handler once at once, then at the start of every minute. */
async function scheduleEveryMinute() {
  for (let tries = 0; tries < 120 && !announced; tries++) {
    await fireScheduled();
    if (!announced) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const tick = () => {
    setTimeout(() => fireScheduled().finally(tick), 60_000 - (Date.now() % 60_000));
  };
  tick();
}
scheduleEveryMinute();

// Saves from the editor (or any other program): one import per burst, one line each. A folder
// the import refuses changes nothing in D1; the problems are printed and the site keeps the last
// good import.
watchContentFolder(resolve(root, contentDir), async () => {
  try {
    importContent({ contentDir });
    console.log(`[start] ${contentDir} changed: imported again.`);
  } catch (error) {
    console.error(`[start] ${contentDir} changed, and the import refused it (the site keeps the last import):\n${error.message}`);
  }
});
