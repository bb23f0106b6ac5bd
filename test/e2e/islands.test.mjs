// The islands in a real browser against the real worker: quick search, load more (and its
// failure), the lightbox with the keyboard, hash deep links, inline form validation; every page
// type with JavaScript off; axe on every page type; and the JavaScript each page type costs.
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { launchBrowser, openPage, startServer } from './server.mjs';

let server;
let browser;
let paths;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  // Real addresses from the demo: a story, a gallery and its images.
  const home = await (await fetch(`${server.origin}/`)).text();
  const media = await (await fetch(`${server.origin}/media`)).text();
  const gallery = media.match(/href="(\/media\/album\/[0-9a-f-]{36})"/)[1];
  const galleryHtml = await (await fetch(`${server.origin}${gallery}`)).text();
  paths = {
    story: home.match(/class="story-card-title"><a href="(\/[^"]+)"/)[1],
    gallery,
    galleryImageIds: [...galleryHtml.matchAll(/<figure id="(gallery-image-[0-9a-f-]{36})"/g)].map((match) => match[1]),
  };
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const open = (path, options = {}) => openPage(browser, `${server.origin}${path}`, options);

test('quick search: results while typing, arrows and Enter open a story, a link shows all results', async () => {
  const { page, context, errors } = await open('/');
  const input = page.locator('#header-search-query');
  await input.click();
  await input.pressSequentially('offshore', { delay: 30 });
  // The answers to the whole word, not to a prefix typed on the way (a slow machine shows those first).
  await page.locator('.quick-results-all[href="/search?query=offshore"]').waitFor();
  await page.locator('.quick-result').first().waitFor();
  assert.equal(await input.getAttribute('aria-expanded'), 'true');
  const titles = await page.locator('.quick-result').allTextContents();
  assert.ok(titles.length >= 1 && titles.length <= 3, `${titles.length} quick results`);
  assert.ok(titles.some((title) => /offshore/i.test(title)), titles.join(' | '));
  assert.ok((await page.locator('.quick-result mark').count()) > 0, 'matches are highlighted');
  const showAll = page.locator('.quick-results-all');
  assert.match(await showAll.getAttribute('href'), /^\/search\?query=offshore$/);

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await input.getAttribute('aria-activedescendant'), 'header-search-query-option-1');
  assert.equal(await page.locator('#header-search-query-option-1').getAttribute('aria-selected'), 'true');
  await page.keyboard.press('Escape');
  assert.equal(await input.getAttribute('aria-expanded'), 'false');
  await page.keyboard.press('ArrowDown');
  const chosen = (await page.locator('.quick-result.is-active').textContent()).trim();
  await Promise.all([page.waitForURL((url) => url.pathname !== '/'), page.keyboard.press('Enter')]);
  assert.equal((await page.locator('h1').textContent()).trim(), chosen);
  assert.deepEqual(errors, []);
  await context.close();
});

test('quick search drops stale answers: a slow answer to an earlier query never replaces a newer one', async () => {
  const { page, context } = await open('/');
  const asked = [];
  await page.route('**/api/search?*', async (route) => {
    const query = new URL(route.request().url()).searchParams.get('query');
    asked.push(query);
    // The earlier, shorter query answers last.
    if (query === 'so') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  const input = page.locator('#header-search-query');
  await input.click();
  await Promise.all([page.waitForRequest(/\/api\/search\?query=so&/), input.pressSequentially('so')]);
  await input.pressSequentially('lar');
  await page.locator('.quick-result').first().waitFor();
  await page.waitForTimeout(1800);
  const titles = await page.locator('.quick-result').allTextContents();
  assert.ok(titles.every((title) => /solar/i.test(title)), titles.join(' | '));
  assert.match(await page.locator('.quick-results-all').getAttribute('href'), /query=solar$/);
  // Debounced: one request per pause in typing, not one per key (a slow machine may pause once more).
  assert.equal(asked[0], 'so');
  assert.equal(asked.at(-1), 'solar');
  assert.ok(asked.length <= 3, asked.join(', '));
  await context.close();
});

test('load more appends the next stories in place and moves focus to the first new one', async () => {
  const { page, context, errors } = await open('/');
  const cards = page.locator('#story-grid > li');
  const before = await cards.count();
  const firstTitles = await page.locator('#story-grid .story-card-title').allTextContents();
  await page.click('a.load-more');
  await page.waitForFunction((count) => document.querySelectorAll('#story-grid > li').length > count, before);
  const titles = await page.locator('#story-grid .story-card-title').allTextContents();
  assert.equal(titles.length, before + 12);
  assert.deepEqual(titles.slice(0, before), firstTitles);
  assert.equal(new Set(titles).size, titles.length, 'no story twice');
  assert.equal(new URL(page.url()).pathname, '/', 'no navigation');
  assert.match(await page.evaluate(() => document.activeElement.closest('#story-grid li')?.dataset.loadedIndex ?? ''), /^0$/);
  assert.match(await page.getAttribute('a.load-more', 'href'), /[?&]page=3$/);
  // Cards built in the browser look like the server's: an image with its size, a date.
  const added = page.locator('#story-grid > li[data-loaded-index="0"]');
  assert.ok((await added.locator('time').getAttribute('datetime')).endsWith('Z'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a failed load keeps the button as a retry, logs the error, and the retry works', async () => {
  const { page, context, errors } = await open('/fr');
  let fail = true;
  await page.route('**/api/fetch-stories', (route) => (fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong"}' }) : route.continue()));
  const before = await page.locator('#story-grid > li').count();
  await page.click('a.load-more');
  const alert = page.locator('.load-more-error[role="alert"]');
  await alert.waitFor();
  assert.ok((await alert.textContent()).length > 0);
  assert.equal(await page.locator('#story-grid > li').count(), before);
  const retry = (await page.textContent('a.load-more')).trim();
  assert.notEqual(retry, 'Charger plus');
  assert.ok(errors.some((error) => error.includes('Loading more stories failed')), errors.join('\n'));
  fail = false;
  await page.click('a.load-more');
  await page.waitForFunction((count) => document.querySelectorAll('#story-grid > li').length > count, before);
  assert.equal(await alert.count(), 0);
  await context.close();
});

test('the gallery index loads its next galleries with their counts', async () => {
  const { page, context, errors } = await open('/media');
  const before = await page.locator('#gallery-grid > li').count();
  assert.equal(before, 6);
  await page.click('a.load-more');
  await page.waitForFunction(() => document.querySelectorAll('#gallery-grid > li').length > 6);
  const counts = await page.locator('#gallery-grid > li[data-loaded-index] .gallery-card-counts').allTextContents();
  assert.ok(counts.length > 0 && counts.every((text) => /\d+ (image|video)/.test(text)), counts.join(' | '));
  assert.equal(await page.locator('a.load-more').count(), 0, 'no button once everything is shown');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the lightbox: opens on an image, arrows move, Tab stays inside, Escape closes and focus returns', async () => {
  const { page, context, errors } = await open(paths.gallery);
  const opener = page.locator(`#${paths.galleryImageIds[0]} a[data-lightbox]`);
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.locator('dialog.lightbox');
  await dialog.waitFor();
  const count = paths.galleryImageIds.length;
  assert.match(await page.textContent('.lightbox-position'), new RegExp(`1\\D+${count}`));
  assert.ok(await dialog.locator('a[download]').count(), 'a download link');
  await page.keyboard.press('ArrowRight');
  assert.match(await page.textContent('.lightbox-position'), new RegExp(`2\\D+${count}`));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.match(await page.textContent('.lightbox-position'), new RegExp(`${count}\\D+${count}`), 'wraps around');
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.lightbox'))), 'focus stays in the dialog');
  }
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.closest('figure')?.id), paths.galleryImageIds[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('hash deep links: an image waits 500 ms before its click, other types are clicked at once', async () => {
  const recordClicks = () => {
    window.__clicks = [];
    document.addEventListener('click', (event) => window.__clicks.push({ id: event.target.id, at: performance.now() }), true);
  };
  const context = await browser.newContext();
  await context.addInitScript(recordClicks);
  const page = await context.newPage();

  const target = paths.galleryImageIds[1];
  await page.goto(`${server.origin}${paths.gallery}#${target}`, { waitUntil: 'load' });
  await page.locator('dialog.lightbox').waitFor();
  const [click] = await page.evaluate(() => window.__clicks);
  // The module runs after parsing ends (domInteractive): its 500 ms timer cannot fire earlier.
  const parsed = await page.evaluate(() => performance.getEntriesByType('navigation')[0].domInteractive);
  assert.equal(click.id, target);
  assert.ok(click.at - parsed >= 495, `clicked ${Math.round(click.at - parsed)} ms after parsing ended`);
  assert.match(await page.textContent('.lightbox-position'), /^\D*2\D/);

  // Another address (a query the page ignores): a hash change alone would not load the page.
  await page.goto(`${server.origin}${paths.gallery}?from=test#video-1`, { waitUntil: 'load' });
  const [videoClick] = await page.evaluate(() => window.__clicks);
  // At once: while the module runs, before the document's DOMContentLoaded event.
  const domContentLoaded = await page.evaluate(() => performance.getEntriesByType('navigation')[0].domContentLoadedEventStart);
  assert.equal(videoClick.id, 'video-1');
  assert.ok(videoClick.at <= domContentLoaded, `clicked ${Math.round(videoClick.at - domContentLoaded)} ms after DOMContentLoaded`);
  await context.close();
});

test('the footer subscription form shows the spec messages inline, in the page language', async () => {
  const { page, context } = await open('/');
  await page.click('.footer-subscribe button[type="submit"]');
  assert.equal(await page.textContent('#footer-subscribe-email-client-error'), 'This field is required');
  assert.equal(await page.getAttribute('#footer-subscribe-email', 'aria-invalid'), 'true');
  await page.fill('#footer-subscribe-email', 'not-an-address');
  await page.click('.footer-subscribe button[type="submit"]');
  assert.equal(await page.textContent('#footer-subscribe-email-client-error'), 'Introduce a valid email address');
  assert.equal(new URL(page.url()).pathname, '/', 'nothing was posted');
  await page.fill('#footer-subscribe-email', 'reader@example.org');
  assert.equal(await page.locator('#footer-subscribe-email-client-error').count(), 0, 'the message goes once the address is valid');
  await context.close();

  const french = await open('/fr');
  await french.page.click('.footer-subscribe button[type="submit"]');
  assert.equal(await french.page.textContent('#footer-subscribe-email-client-error'), 'Ce champ est obligatoire');
  await french.context.close();
});

test('with JavaScript off every page type reads and navigates: load more is a link, search a form, images links', async () => {
  const { page, context } = await open('/', { javaScriptEnabled: false });
  assert.equal(await page.isVisible('[data-consent-bar]'), false);
  assert.equal(await page.isVisible('[data-consent-toggle]'), false);
  await Promise.all([page.waitForURL(/\?page=2$/), page.click('a.load-more')]);
  assert.equal(await page.locator('#story-grid > li').count(), 12);
  await page.fill('#header-search-query', 'hydrogen');
  await Promise.all([page.waitForURL(/\/search\?query=hydrogen/), page.press('#header-search-query', 'Enter')]);
  assert.match(await page.textContent('main'), /hydrogen/i);
  await page.goto(`${server.origin}${paths.gallery}`);
  const href = await page.getAttribute(`#${paths.galleryImageIds[0]} a[data-lightbox]`, 'href');
  const image = await page.request.get(`${server.origin}${href}`);
  assert.equal(image.status(), 200);
  assert.match(image.headers()['content-type'], /^image\//);
  for (const path of [paths.story, '/category/wind-power', '/media', '/ar']) {
    const response = await page.goto(`${server.origin}${path}`);
    assert.equal(response.status(), 200, path);
    assert.ok((await page.locator('h1').count()) === 1, path);
  }
  await context.close();
});

const PAGE_TYPES = () => [
  ['homepage', '/'],
  ['story', paths.story],
  ['story with media contacts and credits', '/kreekrak-solar-park-opens-in-zeeland'],
  ['story with a video player', '/community-energy-day-2026-welcomes-9000-visitors'],
  ['category', '/category/wind-power'],
  ['media index', '/media'],
  ['gallery', paths.gallery],
  ['search results', '/search?query=wind'],
  ['tag', '/tag/offshore%20wind'],
  ['privacy policy', '/privacy-policy'],
  ['subscription', '/en/newsroom/5f0c6a52-9a57-4c69-8a3c-6f2b8f1d2e10/subscribe'],
  ['not found', '/no-such-story-here'],
  ['homepage (ar, rtl)', '/ar'],
];

test('axe finds no accessibility violations on any page type, nor with the consent bar, quick results or lightbox open', async () => {
  const failures = [];
  // axe.run in the page itself (legacy mode): the pages have no frames, so this checks what the
  // default's runPartial would, without a blank page opened to finish every analysis (half the CPU).
  // Every rule still runs on every element; only violations are reported in full (the passes'
  // node lists, which nothing reads, are left out).
  const check = async (name, page) => {
    const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
    for (const violation of results.violations) failures.push(`${name}: ${violation.id} (${violation.nodes.length}) ${violation.help}`);
  };
  {
    // One tab loading each page type in turn; consent is never given, so each asks for it again.
    const { page, context } = await open('/');
    for (const [name, path] of PAGE_TYPES()) {
      await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
      // Pages with tracking off (the privacy portal runs without third parties) ask no consent.
      if ((await page.locator('[data-consent-bar]').count()) > 0) await page.locator('[data-consent-bar]').waitFor({ state: 'visible' });
      await check(name, page);
    }
    await context.close();
  }
  // The phone header with its menu open (and the desktop bar's "More" open, above).
  {
    const { page, context } = await open('/', { viewport: { width: 390, height: 844 } });
    await page.click('.site-menu summary');
    await check('phone menu open', page);
    await context.close();
  }
  {
    const { page, context } = await open('/');
    await page.click('.site-nav .nav-dropdown summary');
    await check('"More" open', page);
    await context.close();
  }
  const { page, context } = await open(paths.gallery);
  await page.locator('#header-search-query').pressSequentially('wind');
  await page.locator('.quick-result').first().waitFor();
  await check('quick results open', page);
  await page.keyboard.press('Escape');
  await page.click(`#${paths.galleryImageIds[0]} a[data-lightbox]`);
  await page.locator('dialog.lightbox').waitFor();
  await check('lightbox open', page);
  await context.close();
  assert.deepEqual(failures, []);
});

test('JavaScript per page type: the first load stays within 20 KB gzip, React only after an interaction', async () => {
  const BUDGET = 20 * 1024;
  const rows = [];
  const measure = async (name, path, interact) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.url().startsWith(server.origin)) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
    const first = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    if (interact) {
      await interact(page);
      await page.waitForLoadState('networkidle');
    }
    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    rows.push({ name, first, total });
    await context.close();
  };
  await measure('homepage', '/', (page) => page.click('a.load-more').then(() => page.waitForSelector('[data-loaded-index]')));
  await measure('story', paths.story, (page) => page.locator('#header-search-query').pressSequentially('wind').then(() => page.waitForSelector('.quick-result')));
  await measure('category', '/category/wind-power', null);
  await measure('gallery', paths.gallery, (page) => page.click(`#${paths.galleryImageIds[0]} a[data-lightbox]`).then(() => page.waitForSelector('dialog.lightbox')));
  await measure('search results', '/search?query=wind', null);
  console.log('JavaScript per page type (gzip bytes):');
  for (const row of rows) console.log(`  ${row.name.padEnd(16)} first load ${String(row.first).padStart(6)}   after interaction ${String(row.total).padStart(6)}`);
  for (const row of rows) assert.ok(row.first > 0 && row.first <= BUDGET, `${row.name}: ${row.first} B on first load`);
  for (const row of rows.filter((row) => ['homepage', 'story', 'gallery'].includes(row.name))) assert.ok(row.total > row.first + 30_000, `${row.name}: the island brought React`);
});
