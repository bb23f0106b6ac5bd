// `npm run profile-miss [-- --path /some-story --requests 400]`: where a page-cache miss spends
// the worker's CPU. The demo imported into a throwaway state, the deploy bundle served by workerd
// (as `npm run bench` serves it) with its V8 inspector on, a CPU profile taken over N misses
// (each request carries the run's page-cache bypass secret), then the samples summed by the
// bundle's module (esbuild marks each with a `// path` comment) and by function. The profile is
// written to test-results/profile/ for Chrome DevTools (Performance → Load profile).
//
// CPU per miss is the sampled time divided by the requests; it leaves out what the runtime does
// outside JavaScript (D1's simulator runs in workerd's own threads, as production's D1 runs on
// another machine), so it is the worker's own share of a miss.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { buildDeployBundle, freePort, importDemo, root, serveDeployBundle } from '../dev/local-newsroom.mjs';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/amsterdam-signs-15-year-power-deal-with-northwind' },
    requests: { type: 'string', default: '300' },
    warmup: { type: 'string', default: '30' },
  },
});
const REQUESTS = Number(values.requests);
const WARMUP = Number(values.warmup);
const BYPASS_TOKEN = randomUUID();

/** A minimal Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspectorSession(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const target = targets.find((candidate) => candidate.webSocketDebuggerUrl) ?? targets[0];
  if (!target) throw new Error(`workerd's inspector on port ${port} lists no worker`);
  const socket = new WebSocket(target.webSocketDebuggerUrl ?? `ws://127.0.0.1:${port}/${target.id}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const waiting = new Map();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    }
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        id += 1;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Each line of the bundle's module that starts an esbuild module comment (`// src/…`), in order. */
function moduleStarts(bundleText) {
  const starts = [];
  bundleText.split('\n').forEach((line, index) => {
    const match = /^\/\/ ((?:src|node_modules|\.\.\/)[^\s]*)$/.exec(line);
    if (match) starts.push({ line: index, module: match[1].replace(/^.*node_modules\//, 'node_modules/').replace(/^(node_modules\/(?:@[^/]+\/)?[^/]+).*$/, '$1') });
  });
  return starts;
}

function moduleAt(starts, line) {
  let low = 0;
  let high = starts.length - 1;
  let found = '(bundle prelude)';
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid].line <= line) {
      found = starts[mid].module;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/**
 * Self time per node of the profile, in ms. A sample's time delta runs from the sample before it,
 * so after the thread waited (for D1, for the next request) the first sample would be charged the
 * whole wait: each sample counts at most twice the usual interval between samples.
 */
function selfTimes(profile) {
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  const cap = 2 * (deltas[Math.floor(deltas.length / 2)] ?? 0);
  const times = new Map();
  profile.samples.forEach((nodeId, index) => times.set(nodeId, (times.get(nodeId) ?? 0) + Math.min(profile.timeDeltas[index] ?? 0, cap) / 1000));
  return times;
}

function printTable(title, entries, total, requests, limit = 20) {
  console.log(`\n${title}`);
  for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, limit)) {
    console.log(`${(ms / requests).toFixed(3).padStart(8)} ms/miss  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}

const state = mkdtempSync(join(tmpdir(), 'newsroom-profile-'));
let worker;
let session;
try {
  importDemo(state);
  const bundle = join(state, 'deploy-bundle');
  buildDeployBundle(bundle);
  const inspectorPort = await freePort();
  worker = await serveDeployBundle(state, null, { bundle, inspectorPort, vars: { PAGE_CACHE_BYPASS_TOKEN: BYPASS_TOKEN } });
  const miss = async () => {
    const response = await fetch(worker.origin + values.path, { headers: { 'x-page-cache-bypass': BYPASS_TOKEN, 'accept-encoding': 'identity' } });
    if (response.status !== 200) throw new Error(`${values.path} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let n = 0; n < WARMUP; n++) await miss();
  const timing = (await fetch(worker.origin + values.path, { headers: { 'x-page-cache-bypass': BYPASS_TOKEN } })).headers.get('Server-Timing');
  session = await inspectorSession(inspectorPort);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  const startedAt = performance.now();
  for (let n = 0; n < REQUESTS; n++) await miss();
  const wallMs = performance.now() - startedAt;
  const { profile } = await session.send('Profiler.stop');

  const outDir = join(root, 'test-results/profile');
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `miss-${values.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));

  const main = readdirSync(bundle).find((name) => /\.m?js$/.test(name));
  const starts = moduleStarts(readFileSync(join(bundle, main), 'utf8'));
  const self = selfTimes(profile);
  const byModule = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += ms;
    const module = url.endsWith(main) ? moduleAt(starts, lineNumber) : url ? url.replace(/^.*\//, '') : functionName;
    byModule.set(module, (byModule.get(module) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'}  [${module}]`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  console.log(`${REQUESTS} misses of ${values.path} in ${(wallMs / 1000).toFixed(1)} s (${(REQUESTS / (wallMs / 1000)).toFixed(0)}/s one at a time)`);
  console.log(`JavaScript on the worker's thread: ${(busy / REQUESTS).toFixed(2)} ms per miss (sampled; (idle) and (program) left out)`);
  console.log(`Server-Timing of a miss: ${timing}`);
  printTable('By module (self time):', byModule, busy, REQUESTS);
  printTable('By function (self time):', byFunction, busy, REQUESTS, 25);
  console.log(`\nProfile: ${file}`);
} finally {
  session?.close();
  await worker?.stop();
  rmSync(state, { recursive: true, force: true });
}
