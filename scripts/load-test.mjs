// `node scripts/load-test.mjs`: a bounded load at a fixed rate against the worker running locally
// (workerd through `wrangler dev`, loopback only, a throwaway state directory with the demo
// newsroom imported), with autocannon. It reports the errors (5xx, connection errors, timeouts)
// and the memory of the workerd process, sampled from /proc/<pid>/status (VmRSS) once a second,
// and ends with a verdict: PASS when there was no error and memory did not grow beyond a small
// tolerance between the start and the end of the measured run. Exit status 1 on FAIL.
//
// The mix, cycled by every connection: cached pages (story, homepage, category, feed, search),
// a story page-cache miss (a unique query parameter each time: render, tee, KV write), a quick
// search, a load-more POST and a 404. The 404 and nothing else is expected to be non-2xx.
//
// LOAD_MIX=hits keeps only the cached pages, LOAD_MIX=misses only the page-cache misses: to tell
// where memory goes when the full mix grows.
//
// Environment: LOAD_DURATION (seconds measured, default 60), LOAD_RATE (requests per second over
// all connections, default 100), LOAD_CONNECTIONS (default 10), LOAD_WARMUP (seconds at the same
// rate before the baseline is taken, default 10), LOAD_MAX_GROWTH_MB (tolerated RSS growth,
// default 16) and LOAD_MAX_GROWTH_PERCENT (default 10): growth fails only beyond both.
// The figures are written to bench/results/load-<timestamp>.json.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import autocannon from 'autocannon';
import { importDemo, root, startWorker, withPlatformProxy } from './local-newsroom.mjs';

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got ${raw}`);
    process.exit(2);
  }
  return value;
}

const options = {
  mix: process.env.LOAD_MIX ?? 'all',
  duration: positive('LOAD_DURATION', 60),
  rate: positive('LOAD_RATE', 100),
  connections: Math.floor(positive('LOAD_CONNECTIONS', 10)),
  warmup: positive('LOAD_WARMUP', 10),
  maxGrowthMb: positive('LOAD_MAX_GROWTH_MB', 16),
  maxGrowthPercent: positive('LOAD_MAX_GROWTH_PERCENT', 10),
};
const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Memory of the workerd process

/** Pid → {ppid, name} for every process we can read. */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; fields after it are space-separated.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      table.set(Number(entry), { ppid, name });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The workerd process started beneath `ancestor` (wrangler), found by walking parent links. */
function findWorkerd(ancestor) {
  const table = processTable();
  for (const [pid, { name }] of table) {
    if (name !== 'workerd') continue;
    for (let parent = table.get(pid)?.ppid; parent; parent = table.get(parent)?.ppid) {
      if (parent === ancestor) return pid;
    }
  }
  return null;
}

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

function sampleMemory(pid, intervalMs) {
  const samples = [];
  const started = Date.now();
  const take = () => samples.push({ t: (Date.now() - started) / 1000, rss: rssBytes(pid) });
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Least-squares slope of RSS over time, in bytes per second. */
function slope(samples) {
  const n = samples.length;
  const meanT = samples.reduce((sum, s) => sum + s.t, 0) / n;
  const meanR = samples.reduce((sum, s) => sum + s.rss, 0) / n;
  const num = samples.reduce((sum, s) => sum + (s.t - meanT) * (s.rss - meanR), 0);
  const den = samples.reduce((sum, s) => sum + (s.t - meanT) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

// ---------------------------------------------------------------------------------------------
// Load

async function discoverTargets(db) {
  const language = await db.prepare('SELECT code FROM languages ORDER BY is_default DESC, position LIMIT 1').first();
  const story = await db
    .prepare(`SELECT slug FROM stories WHERE status = 'published' AND visibility = 'public' AND locale = ?1 ORDER BY published_at DESC LIMIT 1 OFFSET 1`)
    .bind(language.code)
    .first();
  const category = await db.prepare('SELECT slug FROM category_i18n WHERE locale = ?1 ORDER BY public_stories_count DESC LIMIT 1').bind(language.code).first();
  return { storySlug: story.slug, categorySlug: category.slug };
}

let missCounter = 0;

function requestMix({ storySlug, categorySlug }) {
  const get = (path) => ({ method: 'GET', path });
  const miss = {
    method: 'GET',
    // A page-cache miss each time: the render, the tee and the KV write all run.
    setupRequest: (request) => ({ ...request, path: `/${storySlug}?_load=${++missCounter}` }),
  };
  if (process.env.LOAD_MIX === 'hits') return [get(`/${storySlug}`), get('/'), get(`/category/${categorySlug}`), get('/feed')];
  if (process.env.LOAD_MIX === 'misses') return [miss];
  return [
    get(`/${storySlug}`),
    get('/'),
    get(`/category/${categorySlug}`),
    miss,
    get('/feed'),
    get('/search?query=energy'),
    get('/api/search?query=wind'),
    { method: 'POST', path: '/api/fetch-stories', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 2 }) },
    get('/no-such-page-for-the-load-test'),
  ];
}

function load(origin, mix, seconds) {
  const codes = new Map();
  return new Promise((done, reject) => {
    const instance = autocannon(
      {
        url: origin,
        connections: options.connections,
        overallRate: options.rate,
        duration: seconds,
        headers: { 'accept-encoding': 'identity' },
        requests: mix,
      },
      (error, result) => (error ? reject(error) : done({ result, codes })),
    );
    instance.on('response', (_client, statusCode) => codes.set(statusCode, (codes.get(statusCode) ?? 0) + 1));
    instance.on('error', () => undefined);
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date().toISOString();
  const state = mkdtempSync(join(tmpdir(), 'newsroom-load-'));
  let worker = null;
  const cleanUp = async () => {
    await worker?.stop();
    rmSync(state, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  try {
    console.log(`Preparing a local newsroom in ${state}`);
    importDemo(state);
    const targets = await withPlatformProxy(state, (bindings) => discoverTargets(bindings.DB));
    console.log('Starting wrangler dev');
    worker = await startWorker(state, null);
    const workerd = findWorkerd(worker.pid);
    if (!workerd) throw new Error(`No workerd process found beneath wrangler (pid ${worker.pid})`);
    const mix = requestMix(targets);

    console.log(`Warming up for ${options.warmup} s at ${options.rate} req/s (workerd pid ${workerd})`);
    await load(worker.origin, mix, options.warmup);
    console.log(`Measuring ${options.duration} s at ${options.rate} req/s over ${options.connections} connections`);
    const sampler = sampleMemory(workerd, 1000);
    const { result, codes } = await load(worker.origin, mix, options.duration);
    const samples = sampler.stop();

    const byStatus = Object.fromEntries([...codes].sort(([a], [b]) => a - b));
    const serverErrors = [...codes].filter(([code]) => code >= 500).reduce((sum, [, n]) => sum + n, 0);
    const notFound = codes.get(404) ?? 0;
    const unexpected = [...codes].filter(([code]) => code >= 300 && code < 500 && code !== 404).reduce((sum, [, n]) => sum + n, 0);
    const errors = serverErrors + unexpected + result.errors + result.timeouts;
    const window = Math.max(3, Math.min(10, Math.floor(samples.length / 6)));
    const start = median(samples.slice(0, window).map((s) => s.rss));
    const end = median(samples.slice(-window).map((s) => s.rss));
    const max = Math.max(...samples.map((s) => s.rss));
    const growth = end - start;
    const tolerated = Math.max(options.maxGrowthMb * MIB, (start * options.maxGrowthPercent) / 100);
    const memoryOk = growth <= tolerated;
    const verdict = errors === 0 && memoryOk ? 'PASS' : 'FAIL';

    const mb = (bytes) => (bytes / MIB).toFixed(1);
    console.log(`
requests        ${result.requests.total} (${result.requests.average.toFixed(1)} req/s; target ${options.rate})
latency         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
status codes    ${Object.entries(byStatus).map(([code, n]) => `${code}: ${n}`).join(', ')}
errors          ${errors} (5xx ${serverErrors}, unexpected non-2xx ${unexpected}, connection errors ${result.errors}, timeouts ${result.timeouts}; ${notFound} expected 404s not counted)
workerd RSS     start ${mb(start)} MiB, end ${mb(end)} MiB, max ${mb(max)} MiB (medians of the first and last ${window} of ${samples.length} samples)
growth          ${growth >= 0 ? '+' : ''}${mb(growth)} MiB (${((growth / start) * 100).toFixed(1)}%; tolerated ${mb(tolerated)} MiB), trend ${((slope(samples) * 60) / MIB).toFixed(2)} MiB/min
verdict         ${verdict}${errors ? ' (errors)' : ''}${memoryOk ? '' : ' (memory grew)'}`);

    const dir = join(root, 'bench/results');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `load-${startedAt.replace(/[:.]/g, '-')}.json`);
    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version };
    writeFileSync(
      file,
      JSON.stringify(
        {
          mode: 'load',
          startedAt,
          machine,
          options,
          requests: result.requests.total,
          requestsPerSecond: result.requests.average,
          latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
          statusCodes: byStatus,
          errors: { total: errors, serverErrors, unexpected, connection: result.errors, timeouts: result.timeouts },
          memory: { pid: workerd, startBytes: start, endBytes: end, maxBytes: max, growthBytes: growth, toleratedBytes: tolerated, samples },
          verdict,
        },
        null,
        2,
      ) + '\n',
    );
    console.log(`\nWrote ${relative(root, file)}`);
    if (verdict !== 'PASS') process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
