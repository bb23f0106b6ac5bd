// `node scripts/measure/load-test.mjs`: a bounded load at a fixed rate against the worker running locally
// (workerd through `wrangler dev`, loopback only, a throwaway state directory with the demo
// newsroom imported), with autocannon. It reports the errors (5xx, connection errors, timeouts),
// the worker's own JS heap after a full garbage collection before and after the measured run
// (read through wrangler's inspector proxy), and the RSS of both workerd processes, sampled from
// /proc/<pid>/status once a second. Verdict: PASS when there was no error and the worker's heap
// after GC did not grow beyond a small tolerance. Exit status 1 on FAIL.
//
// RSS is reported but not judged: under `wrangler dev` it grows steadily with any worker, a bare
// `new Response('ok')` included (bench/README.md, "Load test"), so it says nothing about ours.
//
// The mix, cycled by every connection: cached pages (story, homepage, category, feed, search),
// a story page-cache miss (the run's bypass secret each time: render, tee, KV write), a quick
// search, a load-more POST and a 404. The 404 and nothing else is expected to be non-2xx.
//
// LOAD_MIX=hits keeps only the cached pages, LOAD_MIX=misses only the page-cache misses: to tell
// where memory goes when the full mix grows. LOAD_ENTRY=<file> runs another entry module with the
// same configuration and bindings (e.g. a bare `export default { fetch: () => new Response('ok') }`
// as the runtime's baseline).
//
// Environment: LOAD_DURATION (seconds measured, default 60), LOAD_RATE (requests per second over
// all connections, default 100), LOAD_CONNECTIONS (default 10), LOAD_WARMUP (seconds at the same
// rate before the baseline is taken, default 10), LOAD_MAX_HEAP_GROWTH_MB (tolerated growth of
// the worker's heap after GC, default 1) and LOAD_MAX_GROWTH_PERCENT (default 10): growth fails
// only beyond both. The figures are written to bench/results/load-<timestamp>.json.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { freePort, importDemo, root, startWorker, withPlatformProxy } from '../dev/local-newsroom.mjs';

// The worker's heap is read through the inspector, over a WebSocket: Node 20 has one behind a flag.
if (typeof globalThis.WebSocket !== 'function') {
  const rerun = spawnSync(process.execPath, ['--experimental-websocket', '--no-warnings', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(rerun.status ?? 1);
}

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
  maxGrowthPercent: positive('LOAD_MAX_GROWTH_PERCENT', 10),
  maxHeapGrowthMb: positive('LOAD_MAX_HEAP_GROWTH_MB', 1),
  entry: process.env.LOAD_ENTRY ? resolve(process.env.LOAD_ENTRY) : null,
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

/**
 * The workerd processes started beneath `ancestor` (wrangler), found by walking parent links.
 * `wrangler dev` runs two: the one that runs the worker and its local simulators (started with
 * `--inspector-addr`), and wrangler's own proxy in front of it (ProxyWorker and
 * InspectorProxyWorker, the one listening on the dev port).
 */
function findWorkerds(ancestor) {
  const table = processTable();
  const found = { runtime: null, proxy: null };
  for (const [pid, { name }] of table) {
    if (name !== 'workerd') continue;
    for (let parent = table.get(pid)?.ppid; parent; parent = table.get(parent)?.ppid) {
      if (parent !== ancestor) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      found[cmdline.includes('--inspector-addr') ? 'runtime' : 'proxy'] = pid;
      break;
    }
  }
  return found;
}

function rssBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** RSS of each named pid once per interval: {name: [{t, rss}]}. */
function sampleMemory(pids, intervalMs) {
  const samples = Object.fromEntries(Object.keys(pids).map((name) => [name, []]));
  const started = Date.now();
  const take = () => {
    const t = (Date.now() - started) / 1000;
    for (const [name, pid] of Object.entries(pids)) samples[name].push({ t, rss: rssBytes(pid) });
  };
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
// The worker's own heap, through the inspector

/**
 * A DevTools session with the worker's isolate through wrangler's inspector proxy. workerd has no
 * HeapProfiler.collectGarbage, but a heap snapshot starts with a full garbage collection: the
 * heap usage read right after it is what the worker still holds (the snapshot itself is
 * discarded).
 */
async function inspect(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  // The proxy wants an Origin it knows (DevTools' or localhost).
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } });
  await new Promise((opened, failed) => {
    socket.onopen = opened;
    socket.onerror = () => failed(new Error(`Could not open the inspector at ${targets[0].webSocketDebuggerUrl}`));
  });
  let nextId = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    // Events (network, console, snapshot chunks) have no id and are dropped. The proxy echoes
    // takeHeapSnapshot back without a result; the isolate answers its commands in order, so the
    // heap usage asked after it is read once the snapshot (and its collection) is done.
    if (message.id !== undefined) pending.get(message.id)?.(message);
  };
  const call = (method, params = {}) =>
    new Promise((answered, failed) => {
      const id = ++nextId;
      const timer = setTimeout(() => failed(new Error(`Inspector: no answer to ${method}`)), 120_000);
      pending.set(id, (message) => {
        clearTimeout(timer);
        pending.delete(id);
        if (message.error) failed(new Error(`Inspector: ${method}: ${message.error.message}`));
        else answered(message.result);
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    /** Bytes of JS heap in use after a full collection. */
    async heapAfterGc() {
      await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      const { usedSize } = await call('Runtime.getHeapUsage');
      return usedSize;
    },
    close: () => socket.close(),
  };
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

/** This run's page-cache bypass secret (the worker is started with it), to force renders. */
const BYPASS_TOKEN = randomUUID();
/**
 * Readers come from many addresses: each request gets one of these (RFC 2544's benchmarking
 * range), as Cloudflare's CF-Connecting-IP would say, so per-client limits see a crowd, not one
 * client at 100 requests a second.
 */
const CLIENTS = Array.from({ length: 256 }, (_, i) => `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`);
let requestCounter = 0;
const fromAnyClient = (request) => ({ ...request, headers: { ...request.headers, 'cf-connecting-ip': CLIENTS[++requestCounter % CLIENTS.length] } });

function requestMix({ storySlug, categorySlug }) {
  const get = (path) => ({ method: 'GET', path, setupRequest: fromAnyClient });
  // A page-cache miss each time: the render, the tee and the KV write all run.
  const miss = { method: 'GET', path: `/${storySlug}`, headers: { 'x-page-cache-bypass': BYPASS_TOKEN }, setupRequest: fromAnyClient };
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
    { method: 'POST', path: '/api/fetch-stories', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 2 }), setupRequest: fromAnyClient },
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
  let session = null;
  const cleanUp = async () => {
    session?.close();
    await worker?.stop();
    rmSync(state, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  try {
    console.log(`Preparing a local newsroom in ${state}`);
    importDemo(state);
    const targets = await withPlatformProxy(state, (bindings) => discoverTargets(bindings.DB));
    console.log(`Starting wrangler dev${options.entry ? ` with ${options.entry}` : ''}`);
    const inspectorPort = await freePort();
    worker = await startWorker(state, options.entry, { inspectorPort, vars: { PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN } });
    const workerd = findWorkerds(worker.pid);
    if (!workerd.runtime || !workerd.proxy) throw new Error(`Expected two workerd processes beneath wrangler (pid ${worker.pid}), found ${JSON.stringify(workerd)}`);
    const mix = requestMix(targets);
    session = await inspect(inspectorPort);

    console.log(`Warming up for ${options.warmup} s at ${options.rate} req/s (workerd: runtime pid ${workerd.runtime}, proxy pid ${workerd.proxy})`);
    await load(worker.origin, mix, options.warmup);
    const heapStart = await session.heapAfterGc();
    console.log(`Measuring ${options.duration} s at ${options.rate} req/s over ${options.connections} connections`);
    const sampler = sampleMemory(workerd, 1000);
    const { result, codes } = await load(worker.origin, mix, options.duration);
    const samples = sampler.stop();
    const heapEnd = await session.heapAfterGc();

    const byStatus = Object.fromEntries([...codes].sort(([a], [b]) => a - b));
    const serverErrors = [...codes].filter(([code]) => code >= 500).reduce((sum, [, n]) => sum + n, 0);
    const notFound = codes.get(404) ?? 0;
    const unexpected = [...codes].filter(([code]) => code >= 300 && code < 500 && code !== 404).reduce((sum, [, n]) => sum + n, 0);
    const errors = serverErrors + unexpected + result.errors + result.timeouts;
    const heapGrowth = heapEnd - heapStart;
    const heapTolerated = Math.max(options.maxHeapGrowthMb * MIB, (heapStart * options.maxGrowthPercent) / 100);
    const memoryOk = heapGrowth <= heapTolerated;
    const verdict = errors === 0 && memoryOk ? 'PASS' : 'FAIL';

    const mb = (bytes) => (bytes / MIB).toFixed(1);
    const rss = Object.fromEntries(
      Object.entries(samples).map(([name, series]) => {
        const window = Math.max(3, Math.min(10, Math.floor(series.length / 6)));
        const start = median(series.slice(0, window).map((s) => s.rss));
        const end = median(series.slice(-window).map((s) => s.rss));
        return [name, { pid: workerd[name], startBytes: start, endBytes: end, maxBytes: Math.max(...series.map((s) => s.rss)), growthBytes: end - start, bytesPerRequest: (end - start) / result.requests.total, trendBytesPerMinute: slope(series) * 60, window, samples: series }];
      }),
    );
    const rssLine = (name) => {
      const r = rss[name];
      return `start ${mb(r.startBytes)} MiB, end ${mb(r.endBytes)} MiB, ${r.growthBytes >= 0 ? '+' : ''}${mb(r.growthBytes)} MiB (${(r.bytesPerRequest / 1024).toFixed(1)} KB per request, trend ${(r.trendBytesPerMinute / MIB).toFixed(1)} MiB/min)`;
    };
    console.log(`
requests        ${result.requests.total} (${result.requests.average.toFixed(1)} req/s; target ${options.rate})
latency         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms
status codes    ${Object.entries(byStatus).map(([code, n]) => `${code}: ${n}`).join(', ')}
errors          ${errors} (5xx ${serverErrors}, unexpected non-2xx ${unexpected}, connection errors ${result.errors}, timeouts ${result.timeouts}; ${notFound} expected 404s not counted)
worker heap     ${mb(heapStart)} MiB → ${mb(heapEnd)} MiB after a full GC, ${heapGrowth >= 0 ? '+' : ''}${(heapGrowth / 1024).toFixed(0)} KB (tolerated ${mb(heapTolerated)} MiB)
runtime RSS     ${rssLine('runtime')}
proxy RSS       ${rssLine('proxy')}
                (RSS is reported, not judged: under wrangler dev both workerd processes grow
                steadily with a bare \`new Response('ok')\` worker too; see bench/README.md)
verdict         ${verdict}${errors ? ' (errors)' : ''}${memoryOk ? '' : ' (worker heap grew)'}`);

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
          heap: { startBytes: heapStart, endBytes: heapEnd, growthBytes: heapGrowth, toleratedBytes: heapTolerated },
          rss,
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
