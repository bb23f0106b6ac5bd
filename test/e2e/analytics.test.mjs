// Cookie consent and analytics in a real browser, against the real worker (its deploy bundle in
// workerd): the consent bar and footer toggle, the consent cookie, event tracking under each
// tracking policy, deferred identify, campaign (utm_id) identify, Plausible, Google Analytics and OneTrust.
// Every third-party request is intercepted in the browser (nothing leaves the machine), recorded
// and answered locally; one server per newsroom configuration, the configurations side by side.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { launchBrowser, startServer } from './server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const BASIC = join(root, 'test/fixtures/content/basic');
const ANALYTICS = 'https://analytics.test';
const ROLLUP = 'rollup.test';
const VARS = { ANALYTICS_HOST: ANALYTICS, ANALYTICS_ROLLUP_DOMAIN: ROLLUP };
const GALLERY = '/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const ONETRUST_SCRIPT = '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js" data-domain-script="abc"></script>';
// What the fake OneTrust does on load: define its API, report only the necessary group, and
// call the page's OptanonWrapper, as the real SDK does once it is ready.
const FAKE_ONETRUST = `
window.OneTrust = { ToggleInfoDisplay() { window.__toggled = (window.__toggled || 0) + 1; } };
window.OnetrustActiveGroups = ',C0001,';
window.__oneTrustLoaded = true;
if (typeof window.OptanonWrapper === 'function') window.OptanonWrapper();
`;
const CORS = { 'access-control-allow-origin': '*' };

let browser;
const folders = [];
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the basic fixture with the newsroom's analytics settings replaced. */
function contentWith(settings) {
  const folder = mkdtempSync(join(tmpdir(), 'newsroom-analytics-content-'));
  folders.push(folder);
  cpSync(BASIC, folder, { recursive: true });
  const file = join(folder, 'newsroom.yaml');
  writeFileSync(file, stringify({ ...parse(readFileSync(file, 'utf8')), ...settings }));
  return folder;
}

/** Starts one server for a describe block; returns a getter (the server exists only after `before`). */
function serverFor(settings) {
  let server;
  before(async () => {
    server = await startServer({ contentDir: contentWith(settings), vars: VARS });
  });
  after(() => server?.stop());
  return () => server;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function parseBody(text) {
  if (text == null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A fresh browser context on the server with every third-party request intercepted: recorded in
 * `calls` and answered locally. `recipients` maps a utm_id to the answer of
 * `GET {host}/recipients?id=` ({ status, body }).
 */
async function open(server, path, { cookies = [], recipients = {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookies.length > 0) await context.addCookies(cookies.map((cookie) => ({ url: server.origin, ...cookie })));
  // When the bar becomes visible, and whether it was still hidden when the document was ready
  // (the module script has run and armed its timer by then).
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const bar = document.querySelector('[data-consent-bar]');
      window.__barHiddenAtDomReady = bar ? bar.hidden : null;
      if (!bar) return;
      new MutationObserver(() => {
        if (!bar.hidden && window.__barShownAt === undefined) window.__barShownAt = performance.now();
      }).observe(bar, { attributes: true, attributeFilter: ['hidden'] });
    });
  });
  const calls = [];
  const unexpected = [];
  await context.route(
    (url) => url.origin !== server.origin,
    async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const call = { url: url.href, host: url.host, path: url.pathname, params: url.searchParams, method: request.method(), body: parseBody(request.postData()) };
      calls.push(call);
      if (url.origin === ANALYTICS && url.pathname === '/recipients') {
        const answer = recipients[url.searchParams.get('id')] ?? { status: 404, body: { message: 'not found' } };
        return route.fulfill({ status: answer.status, headers: CORS, contentType: 'application/json', body: JSON.stringify(answer.body) });
      }
      if (url.origin === ANALYTICS && url.pathname.startsWith('/track/')) return route.fulfill({ status: 200, headers: CORS, contentType: 'application/json', body: '{"success":true}' });
      if (url.origin === 'https://plausible.io') return route.fulfill({ status: 202, headers: CORS, contentType: 'text/plain', body: 'ok' });
      if (url.origin === 'https://www.googletagmanager.com') return route.fulfill({ status: 200, contentType: 'application/javascript', body: 'window.__gtagLoaded = true;' });
      if (url.origin === 'https://cdn.cookielaw.org') return route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_ONETRUST });
      unexpected.push(call.url);
      return route.abort();
    },
  );
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push({ text: message.text(), url: message.location().url });
  });
  page.on('pageerror', (error) => errors.push({ text: error.message, url: '' }));
  const response = await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
  assert.equal(response.status(), 200, path);
  return { context, page, calls, errors, unexpected };
}

const isTrack = (type) => (call) => call.host === 'analytics.test' && call.path === `/track/${type}`;
const isPlausible = (call) => call.url === 'https://plausible.io/api/event';
const isGtag = (call) => call.host === 'www.googletagmanager.com';
const isRecipient = (call) => call.host === 'analytics.test' && call.path === '/recipients';

/** Waits (bounded) for the n-th call matching; fails with what was seen. */
async function waitForCall(calls, predicate, { count = 1, timeout = 10_000, what = 'a call' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const matching = calls.filter(predicate);
    if (matching.length >= count) return matching[count - 1];
    if (Date.now() > deadline) assert.fail(`waited ${timeout} ms for ${what}; calls seen: ${JSON.stringify(calls.map((call) => `${call.method} ${call.url}`))}`);
    await sleep(50);
  }
}

/** Lets any pending request go out (bounded), so "nothing was sent" means something. */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await sleep(1200);
}

async function consentCookie(context, origin) {
  return (await context.cookies(origin)).find((cookie) => cookie.name === 'consent');
}

/**
 * The consent cookie once it holds `value` (or, after 5 s, whatever it holds, for the assertion
 * to show). A page's `document.cookie` write reaches the browser's cookie store, which
 * `context.cookies()` reads, a moment later: on a loaded machine, later than the next line.
 */
async function consentCookieSetTo(context, origin, value) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const cookie = await consentCookie(context, origin);
    if (cookie?.value === value || Date.now() > deadline) return cookie;
    await sleep(50);
  }
}

function assertYearLong(cookie) {
  assert.ok(cookie, 'the consent cookie is set');
  assert.equal(cookie.path, '/');
  const expected = Date.now() / 1000 + YEAR_SECONDS;
  assert.ok(Math.abs(cookie.expires - expected) < 300, `expires ${new Date(cookie.expires * 1000).toISOString()}, expected about ${new Date(expected * 1000).toISOString()}`);
}

/**
 * The bar was hidden when the document was ready, then became visible, and not before 1000 ms:
 * measured from the end of parsing (domInteractive), which precedes the module script that arms
 * the timer, so the measured delay can only be longer than the real one, never shorter.
 */
async function assertBarShownAfterDelay(page) {
  await page.locator('[data-consent-bar]').waitFor({ state: 'visible', timeout: 10_000 });
  const { hiddenAtReady, parsedAt, shownAt } = await page.evaluate(() => ({
    hiddenAtReady: window.__barHiddenAtDomReady,
    parsedAt: performance.getEntriesByType('navigation')[0].domInteractive,
    shownAt: window.__barShownAt,
  }));
  assert.equal(hiddenAtReady, true, 'the bar is hidden when the page is ready');
  assert.ok(shownAt - parsedAt >= 1000, `the bar showed ${Math.round(shownAt - parsedAt)} ms after the document was parsed`);
}

const toggleLabel = (page) => page.textContent('[data-consent-toggle]').then((text) => text.trim());
const expectedErrors = (errors) => errors.map((error) => error.text);

function assertEvent(call, { type, writeKey }) {
  assert.equal(call.method, 'POST');
  const event = call.body;
  assert.equal(typeof event, 'object', `a JSON body: ${JSON.stringify(event)}`);
  assert.equal(event.type, type);
  assert.equal(event.writeKey, writeKey);
  assert.match(event.anonymousId, /^[0-9a-f-]{36}$/);
  assert.ok(Math.abs(Date.parse(event.timestamp) - Date.now()) < 120_000, `timestamp ${event.timestamp}`);
  assert.equal(typeof event.context, 'object');
  return event;
}

// The four configurations side by side, each with its own server and browser contexts: most of
// each test's time is waiting (the consent bar's delay, quiet spells that show nothing is sent),
// and their waits overlap. The tests of one configuration still run one after another.
describe('each newsroom configuration', { concurrency: true }, () => {
  describe('default policy, with Plausible and Google Analytics', { concurrency: 1 }, () => {
    const server = serverFor({
      tracking_policy: 'default',
      segment_analytics_id: 'wk-default',
      is_plausible_enabled: true,
      plausible_site_id: 'news.test.example',
      google_analytics_id: 'G-TEST123',
    });

    test('the consent bar waits 1000 ms; accepting stores consent=true for 365 days, hides the bar, loads Google Analytics', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), '/');
      assert.equal(await toggleLabel(page), 'Start using cookies');
      assert.equal(await page.isVisible('[data-consent-toggle]'), true);
      await assertBarShownAfterDelay(page);
      assert.equal(calls.filter(isGtag).length, 0, 'no Google Analytics before consent');
      assert.equal(await consentCookie(context, server().origin), undefined, 'no cookie before a choice');

      await page.click('[data-consent="accept"]');
      await page.locator('[data-consent-bar]').waitFor({ state: 'hidden' });
      const cookie = await consentCookieSetTo(context, server().origin, 'true');
      assert.equal(cookie.value, 'true');
      assertYearLong(cookie);
      assert.equal(await toggleLabel(page), 'Stop using cookies');
      const gtag = await waitForCall(calls, isGtag, { what: 'gtag.js' });
      assert.equal(gtag.path, '/gtag/js');
      assert.equal(gtag.params.get('id'), 'G-TEST123');
      await page.waitForFunction(() => window.__gtagLoaded === true, null, { timeout: 10_000 });

      // A later visit remembers the choice: no bar, Google Analytics at once.
      await page.reload({ waitUntil: 'load' });
      await waitForCall(calls, isGtag, { count: 2, what: 'gtag.js on the next page' });
      await sleep(1300);
      assert.equal(await page.isVisible('[data-consent-bar]'), false);
      assert.equal(await toggleLabel(page), 'Stop using cookies');
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('rejecting stores consent=false for 365 days and loads no Google Analytics; the footer toggle flips it both ways', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), '/');
      await assertBarShownAfterDelay(page);
      await page.click('[data-consent="reject"]');
      await page.locator('[data-consent-bar]').waitFor({ state: 'hidden' });
      let cookie = await consentCookieSetTo(context, server().origin, 'false');
      assert.equal(cookie.value, 'false');
      assertYearLong(cookie);
      assert.equal(await toggleLabel(page), 'Start using cookies');
      await settle(page);
      assert.equal(calls.filter(isGtag).length, 0, 'no Google Analytics after a refusal');

      // Rejected → the toggle accepts.
      await page.click('[data-consent-toggle]');
      cookie = await consentCookieSetTo(context, server().origin, 'true');
      assert.equal(cookie.value, 'true');
      assertYearLong(cookie);
      assert.equal(await toggleLabel(page), 'Stop using cookies');
      await waitForCall(calls, isGtag, { what: 'gtag.js after the toggle accepted' });

      // Accepted → the toggle withdraws; the bar stays hidden (the choice is known).
      await page.click('[data-consent-toggle]');
      assert.equal((await consentCookieSetTo(context, server().origin, 'false')).value, 'false');
      assert.equal(await toggleLabel(page), 'Start using cookies');
      await sleep(1300);
      assert.equal(await page.isVisible('[data-consent-bar]'), false);

      // A later visit after a refusal: no bar, no Google Analytics.
      const before = calls.filter(isGtag).length;
      await page.reload({ waitUntil: 'load' });
      await settle(page);
      assert.equal(await page.isVisible('[data-consent-bar]'), false);
      assert.equal(calls.filter(isGtag).length, before);
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('from unknown, the footer toggle accepts and the pending bar goes away', async () => {
      const { context, page, errors } = await open(server(), '/');
      await assertBarShownAfterDelay(page);
      await page.click('[data-consent-toggle]');
      await page.locator('[data-consent-bar]').waitFor({ state: 'hidden' });
      assert.equal((await consentCookieSetTo(context, server().origin, 'true')).value, 'true');
      assert.equal(await toggleLabel(page), 'Stop using cookies');
      assert.deepEqual(expectedErrors(errors), []);
      await context.close();
    });

    test('a page view POSTs a page event with the write key and a Plausible page view for both domains; a download click and a share click are tracked', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), GALLERY);
      const pageCall = await waitForCall(calls, isTrack('p'), { what: 'the page event' });
      const event = assertEvent(pageCall, { type: 'page', writeKey: 'wk-default' });
      assert.equal(event.properties.path, GALLERY);
      assert.equal(event.context.newsroom, '11111111-2222-4333-8444-555555555555');
      assert.equal(event.context.page.path, GALLERY);
      const group = assertEvent(await waitForCall(calls, isTrack('g'), { what: 'the group event' }), { type: 'group', writeKey: 'wk-default' });
      assert.equal(group.groupId, '11111111-2222-4333-8444-555555555555', 'grouped under the newsroom');
      assert.equal(group.anonymousId, event.anonymousId);

      const plausible = await waitForCall(calls, isPlausible, { what: 'the Plausible page view' });
      assert.equal(plausible.method, 'POST');
      assert.equal(plausible.body.name, 'pageview');
      assert.equal(plausible.body.domain, `news.test.example,${ROLLUP}`);
      assert.equal(plausible.body.url, `${server().origin}${GALLERY}`);

      const download = page.waitForEvent('download', { timeout: 10_000 });
      await page.click('a[download]');
      await download;
      const trackCall = await waitForCall(calls, isTrack('t'), { what: 'the Download event' });
      const tracked = assertEvent(trackCall, { type: 'track', writeKey: 'wk-default' });
      assert.equal(tracked.event, 'Download');
      assert.match(tracked.properties.url, /\/media\//);
      assert.equal(tracked.anonymousId, event.anonymousId, 'one anonymous id per page');
      assert.equal(calls.filter(isTrack('i')).length, 0, 'no identify without a campaign id');

      // A share link is an event with its network (the test keeps the page from leaving for LinkedIn).
      await page.evaluate(() => {
        document.addEventListener('click', (event) => event.preventDefault(), { capture: true, once: true });
        document.querySelector('a[data-share-network="linkedin"]').click();
      });
      const shareCall = await waitForCall(calls, (call) => isTrack('t')(call) && call.body.event === 'Share to social network', { what: 'the share event' });
      assert.deepEqual(assertEvent(shareCall, { type: 'track', writeKey: 'wk-default' }).properties, { network: 'linkedin' });
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('without consent each page view has a fresh anonymous id; with consent it is kept in localStorage', async () => {
      const { context, page, calls } = await open(server(), '/');
      const first = (await waitForCall(calls, isTrack('p'))).body.anonymousId;
      await page.reload({ waitUntil: 'load' });
      const second = (await waitForCall(calls, isTrack('p'), { count: 2 })).body.anonymousId;
      assert.notEqual(first, second);
      assert.equal(await page.evaluate(() => localStorage.getItem('newsroom:anonymous-id')), null);
      await context.addCookies([{ url: server().origin, name: 'consent', value: 'true' }]);
      await page.reload({ waitUntil: 'load' });
      const third = (await waitForCall(calls, isTrack('p'), { count: 3 })).body.anonymousId;
      await page.reload({ waitUntil: 'load' });
      const fourth = (await waitForCall(calls, isTrack('p'), { count: 4 })).body.anonymousId;
      assert.equal(third, fourth);
      assert.equal(await page.evaluate(() => localStorage.getItem('newsroom:anonymous-id')), third);
      await context.close();
    });

    test('?utm_id fetches the recipient and identifies the visitor at once under the default policy', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), '/?utm_id=r-42', { recipients: { 'r-42': { status: 200, body: { id: 'user-42' } } } });
      const recipient = await waitForCall(calls, isRecipient, { what: 'the recipient fetch' });
      assert.equal(recipient.method, 'GET');
      assert.equal(recipient.params.get('id'), 'r-42');
      const identify = assertEvent(await waitForCall(calls, isTrack('i'), { what: 'the identify event' }), { type: 'identify', writeKey: 'wk-default' });
      assert.equal(identify.userId, 'user-42');
      const pageEvent = (await waitForCall(calls, isTrack('p'))).body;
      assert.equal(identify.anonymousId, pageEvent.anonymousId);
      const alias = assertEvent(await waitForCall(calls, isTrack('a'), { what: 'the alias event' }), { type: 'alias', writeKey: 'wk-default' });
      assert.deepEqual([alias.userId, alias.previousId], ['user-42', pageEvent.anonymousId], 'the anonymous visitor is the recipient');
      assert.equal(await page.evaluate(() => localStorage.getItem('newsroom:deferred-identify')), null);
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('a failing recipient fetch logs "Failed to fetch recipient with id: …" and identifies nobody', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), '/?utm_id=bad-1', { recipients: { 'bad-1': { status: 500, body: { message: 'boom' } } } });
      await waitForCall(calls, isRecipient, { what: 'the recipient fetch' });
      const deadline = Date.now() + 10_000;
      while (!errors.some((error) => error.text === 'Failed to fetch recipient with id: bad-1') && Date.now() < deadline) await sleep(50);
      await settle(page);
      // Chromium itself reports the failed resource load; it must be the recipient fetch.
      const own = errors.filter((error) => !(error.text.startsWith('Failed to load resource') && error.url.startsWith(`${ANALYTICS}/recipients`)));
      assert.deepEqual(expectedErrors(own), ['Failed to fetch recipient with id: bad-1']);
      assert.equal(calls.filter(isTrack('i')).length, 0);

      // An answer without an id fails the same way.
      const second = await open(server(), '/?utm_id=bad-2', { recipients: { 'bad-2': { status: 200, body: {} } } });
      await waitForCall(second.calls, isRecipient);
      await settle(second.page);
      assert.deepEqual(expectedErrors(second.errors), ['Failed to fetch recipient with id: bad-2']);
      assert.equal(second.calls.filter(isTrack('i')).length, 0);
      assert.deepEqual([...unexpected, ...second.unexpected], []);
      await second.context.close();
      await context.close();
    });
  });

  describe('consent-to-identify policy', { concurrency: 1 }, () => {
    const server = serverFor({ tracking_policy: 'consent-to-identify', segment_analytics_id: 'wk-c2i' });
    const readDeferred = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('newsroom:deferred-identify') ?? 'null'));

    test('identify waits in localStorage across pages until consent is accepted, then is sent', async () => {
      const recipients = { 'r-7': { status: 200, body: { id: 'user-7' } } };
      const { context, page, calls, errors, unexpected } = await open(server(), '/?utm_id=r-7', { recipients });
      await waitForCall(calls, isRecipient, { what: 'the recipient fetch' });
      assertEvent(await waitForCall(calls, isTrack('p')), { type: 'page', writeKey: 'wk-c2i' });
      await page.waitForFunction(() => localStorage.getItem('newsroom:deferred-identify') !== null, null, { timeout: 10_000 });
      const deferred = await readDeferred(page);
      assert.equal(deferred.length, 1);
      assert.equal(deferred[0].userId, 'user-7');
      assert.deepEqual(deferred[0].traits, {});
      assert.ok(!Number.isNaN(Date.parse(deferred[0].timestamp)));

      // Another page: still kept, still not sent.
      await page.goto(`${server().origin}/media`, { waitUntil: 'load' });
      await settle(page);
      assert.equal(calls.filter(isTrack('i')).length, 0, 'no identify before consent');
      assert.deepEqual(await readDeferred(page), deferred);

      await assertBarShownAfterDelay(page);
      await page.click('[data-consent="accept"]');
      const identify = assertEvent(await waitForCall(calls, isTrack('i'), { what: 'the flushed identify' }), { type: 'identify', writeKey: 'wk-c2i' });
      assert.equal(identify.userId, 'user-7');
      assert.equal(identify.timestamp, deferred[0].timestamp, 'sent with the time it was made');
      const alias = assertEvent(await waitForCall(calls, isTrack('a'), { what: 'the flushed alias' }), { type: 'alias', writeKey: 'wk-c2i' });
      assert.deepEqual([alias.userId, alias.previousId], ['user-7', await page.evaluate(() => localStorage.getItem('newsroom:anonymous-id'))]);
      assert.equal(await readDeferred(page), null, 'the queue is emptied');
      await settle(page);
      assert.equal(calls.filter(isTrack('i')).length, 1, 'sent once');
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('rejecting drops the deferred identify for good', async () => {
      const { context, page, calls, errors } = await open(server(), '/?utm_id=r-8', { recipients: { 'r-8': { status: 200, body: { id: 'user-8' } } } });
      await page.waitForFunction(() => localStorage.getItem('newsroom:deferred-identify') !== null, null, { timeout: 10_000 });
      await assertBarShownAfterDelay(page);
      await page.click('[data-consent="reject"]');
      assert.equal(await readDeferred(page), null);
      await page.click('[data-consent-toggle]'); // now accepted: nothing left to send
      assert.equal((await consentCookieSetTo(context, server().origin, 'true')).value, 'true');
      await settle(page);
      assert.equal(calls.filter(isTrack('i')).length, 0);
      assert.deepEqual(expectedErrors(errors), []);
      await context.close();
    });

    test('a visitor who already refused is not identified, and nothing is kept for later', async () => {
      const { context, page, calls, errors } = await open(server(), '/?utm_id=r-10', {
        cookies: [{ name: 'consent', value: 'false' }],
        recipients: { 'r-10': { status: 200, body: { id: 'user-10' } } },
      });
      await waitForCall(calls, isRecipient, { what: 'the recipient fetch' });
      await settle(page);
      assert.equal(calls.filter(isTrack('i')).length, 0);
      assert.equal(await readDeferred(page), null, 'a refusal keeps no recipient id in localStorage');
      assert.deepEqual(expectedErrors(errors), []);
      await context.close();
    });

    test('with consent already given, identify is sent at once', async () => {
      const { context, page, calls, errors } = await open(server(), '/?utm_id=r-9', {
        cookies: [{ name: 'consent', value: 'true' }],
        recipients: { 'r-9': { status: 200, body: { id: 'user-9' } } },
      });
      const identify = assertEvent(await waitForCall(calls, isTrack('i'), { what: 'the identify event' }), { type: 'identify', writeKey: 'wk-c2i' });
      assert.equal(identify.userId, 'user-9');
      assert.equal(await readDeferred(page), null);
      await sleep(1300);
      assert.equal(await page.isVisible('[data-consent-bar]'), false, 'no bar once consent is known');
      assert.deepEqual(expectedErrors(errors), []);
      await context.close();
    });
  });

  describe('disabled policy', { concurrency: 1 }, () => {
    const server = serverFor({
      tracking_policy: 'disabled',
      segment_analytics_id: 'wk-disabled',
      is_plausible_enabled: true,
      plausible_site_id: 'news.test.example',
      google_analytics_id: 'G-DISABLED',
    });

    test('nothing is sent anywhere and nothing is asked: no consent bar or toggle, no page event, no Plausible, no recipient fetch, no Google Analytics, no download event, no cookie', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), `${GALLERY}?utm_id=r-1`, { recipients: { 'r-1': { status: 200, body: { id: 'user-1' } } } });
      const csp = (await page.request.get(`${server().origin}/`)).headers()['content-security-policy'];
      assert.ok(!csp.includes('analytics.test') && !csp.includes('plausible.io') && !csp.includes('googletagmanager'), csp);
      // Nothing on the page would set a cookie, so nothing asks for consent.
      await sleep(1300);
      assert.equal(await page.locator('[data-consent-bar], [data-consent-toggle]').count(), 0);
      const download = page.waitForEvent('download', { timeout: 10_000 });
      await page.click('a[download]');
      await download;
      await page.goto(`${server().origin}/?utm_id=r-1`, { waitUntil: 'load' });
      await settle(page);
      assert.deepEqual(
        calls.map((call) => `${call.method} ${call.url}`),
        [],
      );
      assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), []);
      assert.deepEqual(await context.cookies(), []);
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });
  });

  describe('OneTrust consent', { concurrency: 1 }, () => {
    const server = serverFor({
      // No write key: the analytics host is configured, but this newsroom has no event tracking.
      tracking_policy: 'default',
      segment_analytics_id: null,
      google_analytics_id: 'G-ONETRUST',
      onetrust_cookie_consent: { is_enabled: true, category: 'C0002', script: ONETRUST_SCRIPT },
    });

    test('the page loads the OneTrust script; accept, reject and toggle open its display; its category decides consent', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), '/');
      const script = await waitForCall(calls, (call) => call.host === 'cdn.cookielaw.org', { what: 'the OneTrust script' });
      assert.equal(script.url, 'https://cdn.cookielaw.org/scripttemplates/otSDKStub.js');
      assert.equal(await page.getAttribute('script[src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js"]', 'data-domain-script'), 'abc');
      await page.waitForFunction(() => window.__oneTrustLoaded === true, null, { timeout: 10_000 });
      assert.equal(await toggleLabel(page), 'Start using cookies', 'C0002 is not active: no consent');

      // Our own bar never shows: OneTrust has its own banner.
      await sleep(1300);
      assert.equal(await page.isVisible('[data-consent-bar]'), false);

      // The footer toggle, and the bar's buttons (clicked from script, since the bar stays
      // hidden), open OneTrust's display and set no cookie of ours.
      await page.click('[data-consent-toggle]');
      assert.equal(await page.evaluate(() => window.__toggled), 1);
      await page.evaluate(() => document.querySelector('[data-consent="accept"]').click());
      assert.equal(await page.evaluate(() => window.__toggled), 2);
      await page.evaluate(() => document.querySelector('[data-consent="reject"]').click());
      assert.equal(await page.evaluate(() => window.__toggled), 3);
      assert.equal(await consentCookie(context, server().origin), undefined);
      assert.equal(calls.filter(isGtag).length, 0, 'no Google Analytics without the category');

      // OneTrust reports the category as active: consent, so Google Analytics loads.
      await page.evaluate(() => {
        window.OnetrustActiveGroups = ',C0001,C0002,';
        window.OptanonWrapper();
      });
      assert.equal(await toggleLabel(page), 'Stop using cookies');
      await waitForCall(calls, isGtag, { what: 'gtag.js once C0002 is active' });
      // Withdrawn through OneTrust's event.
      await page.evaluate(() => {
        window.OnetrustActiveGroups = ',C0001,';
        window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
      });
      assert.equal(await toggleLabel(page), 'Start using cookies');
      assert.equal(await consentCookie(context, server().origin), undefined, 'OneTrust keeps its own cookies');
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });

    test('with an analytics host but no write key nothing goes to the host: no events, no recipient fetch, no CSP error', async () => {
      const { context, page, calls, errors, unexpected } = await open(server(), `${GALLERY}?utm_id=r-5`, { recipients: { 'r-5': { status: 200, body: { id: 'user-5' } } } });
      const csp = (await page.request.get(`${server().origin}/`)).headers()['content-security-policy'];
      assert.ok(!csp.includes('analytics.test'), csp);
      await page.waitForFunction(() => window.__oneTrustLoaded === true, null, { timeout: 10_000 });
      const download = page.waitForEvent('download', { timeout: 10_000 });
      await page.click('a[download]');
      await download;
      await settle(page);
      assert.deepEqual(calls.filter((call) => call.host === 'analytics.test').map((call) => call.url), []);
      assert.deepEqual(expectedErrors(errors), []);
      assert.deepEqual(unexpected, []);
      await context.close();
    });
  });
});
