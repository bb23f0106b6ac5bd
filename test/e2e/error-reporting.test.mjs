// Browser error reporting and tracing against a local fake ingest (the DSN points at it): the
// real worker, the real page code and the Sentry browser SDK, in Debian's chromium.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { launchBrowser, startServer } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

let ingest;
let server;
let browser;
const envelopes = [];

/** An envelope as items: `{ header, type, payload }`, with the envelope's own header beside. */
function parseEnvelope(text) {
  const lines = text.split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]);
  const items = [];
  for (let index = 1; index + 1 < lines.length; index += 2) items.push({ header: JSON.parse(lines[index]), payload: JSON.parse(lines[index + 1]) });
  return { header, items };
}

before(async () => {
  ingest = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST') envelopes.push({ url: request.url, ...parseEnvelope(body) });
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end('{}');
    });
  });
  await new Promise((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const dsn = `http://publickey@127.0.0.1:${ingest.address().port}/42`;
  server = await startServer({ vars: { SENTRY_DSN: dsn, RELEASE: 'e2e-release', ENVIRONMENT_LABEL: 'e2e' } });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  ingest?.close();
});

/** Items of one type sent since `since` (an index into `envelopes`), waited for up to 15 s. */
async function waitForItems(since, predicate, what) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const items = envelopes.slice(since).flatMap((envelope) => envelope.items.map((item) => ({ ...item, envelope })));
    const found = items.filter(predicate);
    if (found.length > 0) return found;
    if (Date.now() > deadline) assert.fail(`no ${what} reached the ingest; got ${JSON.stringify(items.map((item) => item.header.type))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A context whose Math.random always samples (0 < 0.005): the spec's rates stay as configured. */
async function contextSampled() {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Math.random = () => 0;
  });
  return context;
}

const isError = (message) => (item) => item.header.type === 'event' && item.payload.exception?.values?.some((value) => value.value === message);

test('with a DSN the first load stays within 20 KB gzip: the reporter comes after the load event; a thrown error reaches the ingest with our environment and release', async () => {
  const context = await contextSampled();
  const page = await context.newPage();
  const scripts = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push({ url: request.url(), at: Date.now(), response: request.response() }));
  let loadedAt = 0;
  page.on('load', () => (loadedAt = Date.now()));
  const since = envelopes.length;
  await page.goto(`${server.origin}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/reporter-')));
  // The reporter is not part of the first load: it is asked for after the load event.
  const reporter = scripts.find((script) => script.url.includes('/chunks/reporter-'));
  assert.ok(reporter && reporter.at >= loadedAt, 'the reporter loads after the load event');
  let firstLoad = 0;
  for (const script of scripts.filter((candidate) => candidate.at < loadedAt)) firstLoad += gzipSync(await (await script.response).body(), { level: 9 }).length;
  assert.ok(firstLoad > 0 && firstLoad <= 20 * 1024, `first load ${firstLoad} B gzip`);

  await page.evaluate(() => setTimeout(() => { throw new Error('e2e boom'); }, 0));
  const [event] = await waitForItems(since, isError('e2e boom'), 'error event');
  assert.equal(event.payload.environment, 'e2e');
  assert.equal(event.payload.release, 'e2e-release');
  assert.equal(event.payload.sdk.name, 'sentry.javascript.browser');
  const sentTo = new URL(event.envelope.url, 'http://ingest');
  assert.equal(sentTo.pathname, '/api/42/envelope/');
  assert.equal(sentTo.searchParams.get('sentry_key'), 'publickey');
  assert.equal(event.envelope.header.dsn, undefined, 'no tunnel: the envelope goes to the DSN itself');
  await context.close();
});

test('the page load is a transaction with the tracing settings: ended by the 1 s idle timeout, under the 30 s final timeout', async () => {
  const context = await contextSampled();
  const page = await context.newPage();
  const since = envelopes.length;
  await page.goto(`${server.origin}/media`, { waitUntil: 'load' });
  const [transaction] = await waitForItems(since, (item) => item.header.type === 'transaction' && item.payload.contexts?.trace?.op === 'pageload', 'page-load transaction');
  assert.equal(transaction.payload.transaction, '/media');
  assert.equal(transaction.payload.release, 'e2e-release');
  assert.equal(transaction.payload.contexts.trace.data['sentry.idle_span_finish_reason'], 'idleTimeout');
  const lasted = transaction.payload.timestamp - transaction.payload.start_timestamp;
  assert.ok(lasted > 0 && lasted < 30, `lasted ${lasted} s`);
  await context.close();
});

test('an error thrown before the reporter loads is queued and sent once it has', async () => {
  const context = await contextSampled();
  // Right after the page's own module has run (DOMContentLoaded follows deferred modules). Named by
  // its sourceURL: an error whose frames are all anonymous is dropped by design.
  await context.addInitScript({
    content: "window.addEventListener('DOMContentLoaded', () => setTimeout(() => { throw new Error('early boom'); }, 0));\n//# sourceURL=early-error.js",
  });
  const page = await context.newPage();
  const since = envelopes.length;
  await page.goto(`${server.origin}/`, { waitUntil: 'domcontentloaded' });
  await waitForItems(since, isError('early boom'), 'queued error event');
  await context.close();
});

test('the not-found page sends no transaction, the ignored messages send nothing, and other errors still go', async () => {
  const context = await contextSampled();
  const page = await context.newPage();
  const since = envelopes.length;
  const response = await page.goto(`${server.origin}/no-such-story-here`, { waitUntil: 'load' });
  assert.equal(response.status(), 404);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/reporter-')));
  await page.evaluate(() => {
    setTimeout(() => { throw new Error('Object Not Found Matching Id:3, MethodName:update, ParamCount:4'); }, 0);
    setTimeout(() => { throw new TypeError('Illegal invocation'); }, 0);
    setTimeout(() => { throw new Error('after the ignored ones'); }, 50);
  });
  await waitForItems(since, isError('after the ignored ones'), 'error event after the ignored ones');
  // Well past the 1 s idle timeout: a page-load transaction would have been sent by now.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  const items = envelopes.slice(since).flatMap((envelope) => envelope.items);
  assert.deepEqual(items.filter((item) => item.header.type === 'transaction'), []);
  assert.deepEqual(items.filter((item) => item.header.type === 'event').map((item) => item.payload.exception.values.at(-1).value), ['after the ignored ones']);
  await context.close();
});

test('the page allows the ingest in connect-src, and trace headers go to same-origin api/ calls only', async () => {
  const response = await fetch(`${server.origin}/`);
  assert.match(response.headers.get('content-security-policy'), new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${ingest.address().port}`));
  const context = await contextSampled();
  // Closed whatever happens: a page left open would keep sending to the ingest during later tests.
  try {
    const page = await context.newPage();
    const sent = [];
    page.on('request', (request) => request.url().includes('/api/') && sent.push(request.headers()));
    await page.goto(`${server.origin}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/reporter-')));
    await page.evaluate(() => fetch('/api/search?query=wind').then((r) => r.json()));
    assert.ok(sent.some((headers) => /^[0-9a-f]{32}-[0-9a-f]{16}/.test(headers['sentry-trace'] ?? '')), 'a same-origin api/ call carries sentry-trace');
  } finally {
    await context.close();
  }
});

test('a page whose address is a secret runs no reporter and allows no ingest: an event would carry the address', async () => {
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/cli/share.ts'), 'supervisory-board-succession-briefing', `--persist-to=${server.state}`, `--origin=${server.origin}`], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    encoding: 'utf8',
  });
  const link = stdout.split('\n').find((line) => line.startsWith('en\t')).split('\t')[2];
  const response = await fetch(link);
  assert.equal(response.status, 200);
  assert.doesNotMatch(response.headers.get('content-security-policy'), /127\.0\.0\.1/);
  assert.match(await response.text(), /"errorReporting":null/);
  const context = await contextSampled();
  const page = await context.newPage();
  const requested = [];
  page.on('request', (request) => requested.push(request.url()));
  const since = envelopes.length;
  await page.goto(link, { waitUntil: 'load' });
  await page.evaluate(() => setTimeout(() => { throw new Error('secret page boom'); }, 0));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  assert.ok(!requested.some((url) => url.includes('/chunks/reporter-')), 'no reporter on a secret page');
  // Only this page's envelopes count: another test's page may still be flushing its own.
  assert.deepEqual(envelopes.slice(since).filter((envelope) => JSON.stringify(envelope).includes(new URL(link).pathname)), []);
  await context.close();
});
