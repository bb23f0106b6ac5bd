// `npm test`: the whole suite. First the browser bundle (its first-load budget counts as a test),
// then, side by side on as many slots as the machine has cores (TEST_JOBS to choose), the biggest
// first: the three vitest projects (unit and import CLI in Node, worker in workerd with real local
// D1 and KV), each browser test file (node:test + playwright-core + Debian chromium, each against
// its own server of the worker) and the static checks. Each job's
// output is printed whole when it ends.
// The last line is `N passed, N failed`, from the real counts, for CI; a job that fails without
// a failed test to count (a file that does not load, a crash, a vitest unhandled error) counts as
// one failure, so a failure anywhere fails the run.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeployBundle, DEMO_CONTENT, importDemo, miniflareWorkerOptions } from '../dev/local-newsroom.mjs';
import { BUNDLE_VARIABLE, DEMO_STATE_VARIABLE, WORKER_OPTIONS_VARIABLE } from '../../test/e2e/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const bin = (name) => join(root, 'node_modules/.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'newsroom-test-'));
const slots = Number(process.env.TEST_JOBS) || availableParallelism();
const startedAt = Date.now();
let passed = 0;
let failed = 0;

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * How long one job may run: many times what the slowest takes on a loaded machine, far below
 * CI's limit. A job still running then has hung (a process that never exits): its process group
 * is ended and it counts as a failure, so the suite ends and says which.
 */
const JOB_TIMEOUT_MS = 20 * 60_000;

/** The process groups of the commands running now, ended with this process if it is stopped. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(130);
  });
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs a command to its end, its output (stdout and stderr, interleaved) kept for printing. The
 * output goes to a file, not a pipe: a command never waits for this process to read it. Each
 * command leads a process group of its own, so a hung one is ended with everything it started.
 */
let runs = 0;
function run(command, args, extraEnv = {}) {
  const file = join(scratch, `output-${++runs}.txt`);
  const fd = openSync(file, 'w');
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', fd, fd], detached: true });
    running.add(child.pid);
    let finished = false;
    const timer = setTimeout(() => {
      killGroup(child.pid);
      finish(1, `\n${command} ${args.join(' ')} was still running after ${JOB_TIMEOUT_MS / 60_000} minutes: ended, counted as a failure\n`);
    }, JOB_TIMEOUT_MS);
    const finish = (status, error = '') => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      running.delete(child.pid);
      closeSync(fd);
      resolve({ status, output: `${readFileSync(file, 'utf8')}${error}` });
    };
    child.on('error', (error) => finish(1, `${error.message}\n`));
    child.on('close', (status) => finish(status ?? 1));
  });
}

/** A check that is one test: it passes when its command does. */
function check(name, command, args) {
  return async () => {
    const { status, output } = await run(command, args);
    return { output: status === 0 ? output : `${output}${name} failed\n`, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  };
}

/** One vitest project, counted from its JSON report. */
function vitest(project) {
  return async () => {
    const report = join(scratch, `vitest-${project}.json`);
    const { status, output } = await run(bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
    if (!existsSync(report)) return { output, passed: 0, failed: 1 };
    const results = JSON.parse(readFileSync(report, 'utf8'));
    // A file that fails to load has no tests to count; it still fails the run.
    const unloaded = results.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
    const counted = results.numFailedTests + unloaded;
    // Errors outside any test (an unhandled rejection) fail vitest's run, not a test.
    return { output, passed: results.numPassedTests, failed: counted + (status !== 0 && counted === 0 ? 1 : 0) };
  };
}

/** One browser test file, counted from its TAP summary. */
function browserTests(file, extraEnv) {
  return async () => {
    const tap = join(scratch, `${file}.tap`);
    const { status, output } = await run(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, join(root, 'test/e2e', file)], extraEnv());
    const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
    const count = (name) => Number(summary.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
    const counted = count('fail');
    return { output, passed: count('pass'), failed: counted + (status !== 0 && counted === 0 ? 1 : 0) };
  };
}

/**
 * The demo imported once, the worker's deploy bundle built once and its Miniflare options read
 * once, for every browser test file (test/e2e/server.mjs copies the state per server and serves
 * the bundle with those options). When any fails, that counts, and each file prepares its own.
 */
const prepared = {};
async function prepareBrowserTests() {
  const state = join(scratch, 'demo-state');
  const bundle = join(scratch, 'deploy-bundle');
  const workerOptions = join(scratch, 'worker-options.json');
  try {
    const output = importDemo(state);
    prepared[DEMO_STATE_VARIABLE] = state;
    buildDeployBundle(bundle);
    prepared[BUNDLE_VARIABLE] = bundle;
    writeFileSync(workerOptions, JSON.stringify(await miniflareWorkerOptions()));
    prepared[WORKER_OPTIONS_VARIABLE] = workerOptions;
    return { output, passed: 0, failed: 0 };
  } catch (error) {
    return { output: `${error.message}\npreparing the browser tests (importing ${DEMO_CONTENT}, building the deploy bundle) failed\n`, passed: 0, failed: 1 };
  }
}

// 0. The browser bundle, which the worker links to; its first-load budget counts as a test.
{
  const { status, output } = await run(process.execPath, [join(root, 'scripts/build/build-client.mjs')]);
  process.stdout.write(output);
  if (status === 0) passed += 1;
  else {
    failed += 1;
    console.log('client build or first-load JavaScript budget failed');
  }
}

// 1. Everything else as jobs. `cost`: seconds a job holds its slot alone on this kind of machine
// (its CPU, or its wall time when it also waits), to start the biggest first; `after`: a job that
// must end first; `waits`: a job that spends most of its time waiting for the clock (a story's
// release time), which runs beside the others without holding a slot.
const jobs = [
  { name: 'vitest worker', cost: 40, work: vitest('worker') },
  { name: 'vitest cli', cost: 40, work: vitest('cli') },
  { name: 'vitest unit', cost: 13, work: vitest('unit') },
  { name: 'typecheck', cost: 14, work: check('typecheck', bin('tsc'), ['--noEmit', '-p', '.']) },
  { name: 'lint', cost: 8, work: check('lint', bin('eslint'), ['.']) },
];
const e2eDir = join(root, 'test/e2e');
const e2eFiles = existsSync(e2eDir) ? readdirSync(e2eDir).filter((name) => name.endsWith('.test.mjs')) : [];
if (e2eFiles.length > 0 && process.env.SKIP_E2E !== '1') {
  const demo = { name: `import ${DEMO_CONTENT} and build the worker for the browser tests`, cost: 1000, work: prepareBrowserTests };
  jobs.push(demo);
  const e2eEnv = () => prepared;
  const e2eCost = { 'admin-story': 200, admin: 11, 'admin-github': 14, 'admin-round-trip': 25, 'admin-uploads': 12, 'admin-preview': 9, 'admin-edit': 13, islands: 40, analytics: 34, publishing: 31, crawl: 25, layout: 23, demo: 12, 'error-reporting': 15, forms: 9, 'press-office': 8, 'pending-releases-crawl': 22, 'dev-only-routes': 10, inquiries: 9 };
  const waiting = new Set(['admin-story']);
  for (const file of e2eFiles) {
    const name = file.replace('.test.mjs', '');
    jobs.push({ name: `e2e ${file}`, cost: e2eCost[name] ?? 60, after: demo, waits: waiting.has(name), work: browserTests(file, e2eEnv) });
  }
}

jobs.sort((a, b) => b.cost - a.cost);
const ended = new Set();
/** Each job's wall time, for the summary: what to look at first when the suite gets slower. */
const timings = [];
await new Promise((allDone) => {
  let running = 0;
  let waiting = 0;
  const next = () => {
    if (jobs.length === 0 && running === 0 && waiting === 0) return allDone();
    for (;;) {
      const startable = (job) => (!job.after || ended.has(job.after)) && (job.waits || running < slots);
      const index = jobs.findIndex(startable);
      if (index === -1) return;
      const [job] = jobs.splice(index, 1);
      if (job.waits) waiting += 1;
      else running += 1;
      const jobStartedAt = Date.now();
      console.log(`[${seconds(startedAt)}] start: ${job.name}`);
      // On the next turn: a job that blocks while it starts (the demo import) never holds up the rest.
      new Promise((ready) => setImmediate(ready))
        .then(() => job.work())
        .catch((error) => ({ output: `${error?.stack ?? error}\n`, passed: 0, failed: 1 }))
        .then((result) => {
          passed += result.passed;
          failed += result.failed;
          timings.push([job.name, seconds(jobStartedAt)]);
          console.log(`\n===== ${job.name}: ${result.passed} passed, ${result.failed} failed, ${seconds(jobStartedAt)} =====`);
          process.stdout.write(result.output);
          console.log(`===== end of ${job.name} =====\n`);
          ended.add(job);
          if (job.waits) waiting -= 1;
          else running -= 1;
          next();
        });
    }
  };
  next();
});

rmSync(scratch, { recursive: true, force: true });
for (const [name, time] of timings) console.log(`${time.padStart(6)}  ${name}`);
console.log(`npm test took ${seconds(startedAt)} on ${slots} slots`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
