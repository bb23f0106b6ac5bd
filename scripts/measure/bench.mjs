// `npm run bench [-- --scale 100000] [-- --entry path/to/worker.ts] [-- --d1-latency 100 --search-latency 100]`: serves the worker locally
// (the deploy bundle in workerd through Miniflare, loopback only, a throwaway state directory
// with the demo newsroom imported) and measures it with autocannon for a bounded time per route.
// It prints a table and writes the figures to bench/results/<timestamp>.json. It never fails on a
// slow figure: benchmarks print, tests assert. See bench/README.md.
//
// Default mode: requests/s and p50/p99 latency for a story page (cache hit, and cache miss forced
// by the run's page-cache bypass secret), the homepage, a category page, search, /feed (n/a
// while it answers 404) and a static asset of the story page's size served by the same workerd
// (the ceiling), with each route's ratio to the ceiling; then the homepage, a category, the media
// index and search as page-cache misses. Every row also gives the time to the first byte of the
// document (p50/p95 of sequential requests, after the load).
//
// Latency (--d1-latency N, --search-latency M): the worker is served through the benchmark's own
// entry (scripts/measure/bench-latency-worker.ts), which adds N ms to every D1 round trip and M ms to the
// search engine's call (the built-in search's full-text round trip), as far stores would.
//
// Scale mode (--scale N): N generated stories are written straight into the local D1 before the
// worker starts; list pages (page 1 and a deep page), a category, search and the sitemap are
// measured as cache misses, with the D1 round trips and statements each page costs (read from
// its Server-Timing header).
//
// Environment: BENCH_DURATION (seconds per route, default 8), BENCH_CONNECTIONS (default 10),
// BENCH_WARMUP (seconds, default 2).
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import autocannon from 'autocannon';
import { latencyCell, printDefaultTable, printScaleTable, writeResults } from './bench-report.mjs';
import { generateStories, importDemo, root, serveDeployBundle, withPlatformProxy } from '../dev/local-newsroom.mjs';
const CEILING_DIR = join(root, 'public/bench');
const CEILING_FILE = join(CEILING_DIR, 'ceiling.html');
// Workers static assets serve /bench/ceiling.html at /bench/ceiling (html_handling defaults).
const CEILING_PATH = '/bench/ceiling';
const SERVER_TIMING_D1 = /d1;desc="round trips: (\d+), statements: (\d+)"/;
// A route slower than this on its first request is reported as such and not loaded further.
const PROBE_TIMEOUT_MS = 60_000;
/** Sequential requests per row for the time to first byte. */
const TTFB_SAMPLES = 40;
/** The benchmark's own entry when it adds latency: the real worker with slowed bindings. */
const LATENCY_ENTRY = join(root, 'scripts/measure/bench-latency-worker.ts');
const USAGE = 'Usage: npm run bench [-- --scale N] [-- --entry path/to/worker.ts] [-- --d1-latency MS] [-- --search-latency MS]';

// ---------------------------------------------------------------------------------------------
// Options

function positiveNumber(name, value, fallback) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) fail(`${name} must be a positive number, got ${value}`);
  return number;
}

function wholeMilliseconds(name, value) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) fail(`${name} must be a whole number of milliseconds, got ${value}`);
  return number;
}

function parseOptions(argv) {
  const options = { scale: 0, entry: null, d1LatencyMs: 0, searchLatencyMs: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (name === '--scale') options.scale = Math.floor(positiveNumber('--scale', value(), 0));
    else if (name === '--entry') options.entry = resolve(value());
    else if (name === '--d1-latency') options.d1LatencyMs = wholeMilliseconds('--d1-latency', value());
    else if (name === '--search-latency') options.searchLatencyMs = wholeMilliseconds('--search-latency', value());
    else fail(`Unknown option ${arg}\n${USAGE}`);
  }
  if (options.entry && (options.d1LatencyMs || options.searchLatencyMs)) fail(`--entry and the latency options do not go together: latency is added by the benchmark's own entry.\n${USAGE}`);
  return {
    ...options,
    duration: positiveNumber('BENCH_DURATION', process.env.BENCH_DURATION, 8),
    connections: Math.floor(positiveNumber('BENCH_CONNECTIONS', process.env.BENCH_CONNECTIONS, 10)),
    warmup: positiveNumber('BENCH_WARMUP', process.env.BENCH_WARMUP, 2),
  };
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Targets

/** What to request: a typical story, the busiest category and a word that matches stories. */
async function discoverTargets(db) {
  const language = await db.prepare('SELECT code FROM languages ORDER BY is_default DESC, position LIMIT 1').first();
  const locale = language.code;
  const story = await db
    .prepare(`SELECT slug FROM stories WHERE status = 'published' AND visibility = 'public' AND locale = ?1 ORDER BY published_at DESC LIMIT 1 OFFSET 1`)
    .bind(locale)
    .first();
  const category = await db
    .prepare('SELECT slug, public_stories_count AS count FROM category_i18n WHERE locale = ?1 ORDER BY public_stories_count DESC LIMIT 1')
    .bind(locale)
    .first();
  return { locale, storySlug: story.slug, categorySlug: category.slug, categoryStories: category.count, searchTerm: 'energy' };
}

/** A static HTML file of exactly `size` bytes, so the ceiling moves the same bytes as the story. */
function writeCeiling(size) {
  const head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Ceiling</title></head><body><p>';
  const tail = '</p></body></html>\n';
  const sentence = 'The static ceiling: same size as the story page. ';
  const filler = sentence.repeat(Math.ceil(size / sentence.length) + 1);
  mkdirSync(CEILING_DIR, { recursive: true });
  writeFileSync(CEILING_FILE, head + filler.slice(0, Math.max(0, size - head.length - tail.length)) + tail);
}

function removeCeiling() {
  rmSync(CEILING_FILE, { force: true });
  if (existsSync(CEILING_DIR) && readdirSync(CEILING_DIR).length === 0) rmdirSync(CEILING_DIR);
}

// ---------------------------------------------------------------------------------------------
// Measuring

/**
 * This run's page-cache bypass secret (the worker is started with it): requests that carry it are
 * rendered, so a cache miss can be measured. Strangers have no way around the cache.
 */
const BYPASS_TOKEN = randomUUID();
const BYPASS_HEADERS = { 'x-page-cache-bypass': BYPASS_TOKEN };
/**
 * Load and first-byte requests come as a browser's navigation (Fetch Metadata), as visitors' do:
 * a list page then streams its head's start before its data (ADR 0049). The probe sends none, so
 * it gets the whole page with its D1 cost in Server-Timing, as a crawler would.
 */
const NAVIGATION_HEADERS = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };
/**
 * A reader as readership counts one (ADR 0055): a browser's User-Agent and a referring site, so
 * the story-hit row pays for the whole count (class, agent, referring host, the data point).
 */
const READER_HEADERS = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', referer: 'https://www.linkedin.com/feed/' };

/** One request to learn what a route answers: status, size, cache status, D1 cost, and its time. */
async function probe(origin, path, { miss = false, timeoutMs = PROBE_TIMEOUT_MS } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(origin + path, { headers: { 'Accept-Encoding': 'identity', ...(miss ? BYPASS_HEADERS : {}) }, signal: AbortSignal.timeout(timeoutMs) });
    const body = new Uint8Array(await response.arrayBuffer());
    const d1 = SERVER_TIMING_D1.exec(response.headers.get('Server-Timing') ?? '');
    return {
      status: response.status,
      ms: Math.round(performance.now() - started),
      bytes: body.byteLength,
      cache: response.headers.get('X-Cache'),
      d1: d1 ? { roundTrips: Number(d1[1]), statements: Number(d1[2]) } : null,
    };
  } catch (error) {
    if (error?.name !== 'TimeoutError') throw error;
    return { status: `no answer in ${timeoutMs / 1000} s`, ms: timeoutMs, bytes: 0, cache: null, d1: null };
  }
}

/** Milliseconds from sending a request to the first byte of its body (the document's first chunk). */
function firstByteMs(origin, path, headers) {
  return new Promise((done, reject) => {
    const started = performance.now();
    const req = httpRequest(origin + path, { headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
      let first = null;
      response.on('data', () => (first ??= performance.now() - started));
      response.on('end', () => done(first ?? performance.now() - started));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** p50 and p95 of the time to first byte over `samples` sequential requests. */
async function timeToFirstByte(origin, path, headers, samples = TTFB_SAMPLES) {
  const times = [];
  for (let i = 0; i < samples; i++) times.push(await firstByteMs(origin, path, headers));
  times.sort((a, b) => a - b);
  const at = (fraction) => Math.round(times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), samples };
}

function runAutocannon(options) {
  return new Promise((done, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : done(result)));
    // autocannon prints nothing unless asked; keep it that way.
    instance.on('error', () => undefined);
  });
}

/** Measures one route. `miss` makes every request skip the page cache (a render each time). */
async function measure(origin, { name, path, miss = false, headers = {} }, options) {
  const first = await probe(origin, path, { miss });
  const probeInfo = !miss && first.status === 200 ? await probe(origin, path) : first;
  if (probeInfo.status !== 200) {
    console.log(`  ${name.padEnd(22)} n/a (${typeof probeInfo.status === 'number' ? `HTTP ${probeInfo.status}` : probeInfo.status})`);
    return { name, path, miss, status: probeInfo.status, available: false, firstRequestMs: first.ms };
  }
  const result = await runAutocannon({
    url: origin,
    connections: options.connections,
    duration: options.duration,
    headers: { 'accept-encoding': 'identity', ...NAVIGATION_HEADERS, ...headers, ...(miss ? BYPASS_HEADERS : {}) },
    requests: [{ method: 'GET', path }],
  });
  // After the load, one request at a time: what a visitor waits for before the browser can start.
  const ttfbMs = await timeToFirstByte(origin, path, { ...NAVIGATION_HEADERS, ...headers, ...(miss ? BYPASS_HEADERS : {}) });
  const figures = {
    name,
    path,
    miss,
    status: 200,
    available: true,
    requestsPerSecond: result.requests.average,
    // No request finished within the duration: latency is unknown, only longer than the run.
    latencyMs: result.requests.total > 0 ? { p50: result.latency.p50, p99: result.latency.p99, average: result.latency.average } : null,
    ttfbMs,
    // The first request alone, before any result cache (KV search cache, page cache) holds it.
    firstRequestMs: first.ms,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: probeInfo.bytes,
    cache: probeInfo.cache,
    d1: probeInfo.d1,
  };
  console.log(
    `  ${name.padEnd(22)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${latencyCell(figures, 'p50', options).padStart(5)} ms  p99 ${latencyCell(figures, 'p99', options).padStart(5)} ms  first byte p50 ${ttfbMs.p50} / p95 ${ttfbMs.p95} ms`,
  );
  return figures;
}

async function warmUp(origin, paths, options) {
  for (const path of paths) await runAutocannon({ url: origin, connections: options.connections, duration: options.warmup, requests: [{ method: 'GET', path }] });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const startedAt = new Date().toISOString();
  const state = mkdtempSync(join(tmpdir(), 'newsroom-bench-'));
  let worker = null;
  const cleanUp = async () => {
    await worker?.stop();
    removeCeiling();
    rmSync(state, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().then(() => process.exit(130)));

  try {
    console.log(`Preparing a local newsroom in ${state}`);
    importDemo(state);
    const { targets, scale } = await withPlatformProxy(state, async (bindings) => {
      const generated = options.scale > 0 ? await generateStories(bindings, options.scale) : null;
      return { targets: await discoverTargets(bindings.DB), scale: generated };
    });
    // A placeholder now, resized to the story page once the worker tells us its size.
    writeCeiling(1024);
    console.log(`Building the deploy bundle${options.entry ? ` of ${relative(root, options.entry)}` : ''} and serving it`);
    const latency = options.d1LatencyMs > 0 || options.searchLatencyMs > 0;
    const latencyVars = latency ? { BENCH_D1_LATENCY_MS: String(options.d1LatencyMs), BENCH_SEARCH_LATENCY_MS: String(options.searchLatencyMs) } : {};
    if (latency) console.log(`Adding ${options.d1LatencyMs} ms to every D1 round trip and ${options.searchLatencyMs || options.d1LatencyMs} ms to every search call (${relative(root, LATENCY_ENTRY)})`);
    worker = await serveDeployBundle(state, latency ? LATENCY_ENTRY : options.entry, { vars: { PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN, ...latencyVars } });
    const { origin } = worker;

    const machine = { cpus: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version, platform: `${process.platform}-${process.arch}` };
    const config = {
      duration: options.duration,
      connections: options.connections,
      warmup: options.warmup,
      entry: options.entry ? relative(root, options.entry) : null,
      d1LatencyMs: options.d1LatencyMs,
      searchLatencyMs: options.searchLatencyMs,
      ttfbSamples: TTFB_SAMPLES,
    };
    console.log(`Measuring ${options.duration} s per route, ${options.connections} connections, on ${machine.cpus} × ${machine.cpu}\n`);

    if (scale) {
      const locale = targets.locale;
      const pageSize = 12;
      const pages = Math.max(1, Math.ceil((scale.perLocale[locale] - 1) / pageSize));
      const deepPage = Math.max(2, Math.floor(pages * 0.9));
      const deepCategoryPage = Math.max(2, Math.floor(Math.ceil(targets.categoryStories / pageSize) * 0.9));
      // Search last: a slow search holds the local D1 and would delay whatever came after it.
      const routes = [
        { name: 'homepage page 1', path: '/' },
        { name: `homepage page ${deepPage}`, path: `/?page=${deepPage}` },
        { name: 'category page 1', path: `/category/${targets.categorySlug}` },
        { name: `category page ${deepCategoryPage}`, path: `/category/${targets.categorySlug}?page=${deepCategoryPage}` },
        { name: 'sitemap index', path: '/sitemap.xml' },
        { name: 'stories sitemap', path: `/sitemaps/${locale}-stories-1.xml` },
        { name: 'search', path: `/search?query=${encodeURIComponent('hydrogen')}` },
        { name: 'search, 2 words', path: `/search?query=${encodeURIComponent('offshore region')}` },
      ].map((route) => ({ ...route, miss: true }));
      await warmUp(origin, ['/'], options);
      const rows = [];
      for (const route of routes) rows.push(await measure(origin, route, options));
      printScaleTable(rows, config);
      writeResults({ mode: 'scale', startedAt, stories: options.scale, storiesPerLocale: scale.perLocale, machine, config, routes: rows });
      return;
    }

    const storyPath = `/${targets.storySlug}`;
    const story = await probe(origin, storyPath);
    if (story.status !== 200) throw new Error(`The story page ${storyPath} answered ${story.status}`);
    writeCeiling(story.bytes);
    await worker.refreshAssets();
    const deadline = Date.now() + 30_000;
    while ((await probe(origin, CEILING_PATH)).bytes !== story.bytes) {
      if (Date.now() > deadline) throw new Error(`the worker did not serve the ${story.bytes}-byte ceiling file at ${CEILING_PATH}`);
      await new Promise((done) => setTimeout(done, 250));
    }

    // Listing the assets again restarted the worker: one render loads the site context into the
    // new isolate, so the miss row shows a warm miss's D1 cost, not a cold isolate's.
    await probe(origin, storyPath, { miss: true });
    await warmUp(origin, [CEILING_PATH, storyPath], options);
    const rows = [];
    rows.push(await measure(origin, { name: 'static ceiling (start)', path: CEILING_PATH }, options));
    // Counted by readership, as every story request is (the deploy bundle's READERSHIP binding).
    rows.push(await measure(origin, { name: 'story (cache hit)', path: storyPath, headers: READER_HEADERS }, options));
    rows.push(await measure(origin, { name: 'story (cache miss)', path: storyPath, miss: true }, options));
    rows.push(await measure(origin, { name: 'homepage', path: '/' }, options));
    rows.push(await measure(origin, { name: 'category', path: `/category/${targets.categorySlug}` }, options));
    rows.push(await measure(origin, { name: 'search', path: `/search?query=${targets.searchTerm}` }, options));
    rows.push(await measure(origin, { name: 'feed', path: '/feed' }, options));
    // The list pages as cache misses: where their data (and any added latency) is waited for.
    rows.push(await measure(origin, { name: 'homepage (miss)', path: '/', miss: true }, options));
    rows.push(await measure(origin, { name: 'category (miss)', path: `/category/${targets.categorySlug}`, miss: true }, options));
    rows.push(await measure(origin, { name: 'media (miss)', path: '/media', miss: true }, options));
    rows.push(await measure(origin, { name: 'search (miss)', path: `/search?query=${targets.searchTerm}`, miss: true }, options));
    rows.push(await measure(origin, { name: 'static ceiling (end)', path: CEILING_PATH }, options));
    // The machine drifts over a run (±30% on a dev box): the ceiling is the mean of both ends.
    const ceilings = rows.filter((row) => row.name.startsWith('static ceiling') && row.available);
    const ceilingRate = ceilings.reduce((sum, row) => sum + row.requestsPerSecond, 0) / ceilings.length;
    printDefaultTable(rows, ceilingRate, config);
    const hit = rows.find((row) => row.name === 'story (cache hit)');
    if (hit?.cache !== 'HIT') console.log('\nNote: the story answered without X-Cache: HIT; the page cache is not in front of this worker, so "hit" and "miss" measure the same path.');
    writeResults({
      mode: 'routes',
      startedAt,
      machine,
      config,
      ceilingRequestsPerSecond: ceilingRate,
      routes: rows.map((row) => (row.available ? { ...row, ratioToCeiling: row.requestsPerSecond / ceilingRate } : row)),
    });
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
