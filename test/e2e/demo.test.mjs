// The demo newsroom as a visitor sees it: the real worker (its deploy bundle in workerd, local D1 and assets)
// driven by Debian's chromium.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { CHROMIUM_ARGS, launchBrowser, openPage, playwrightDisabledFeatures, startServer } from './server.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const visit = (path) => openPage(browser, `${server.origin}${path}`);

/**
 * The page's images that did not load. Lazy images below the fold never load in a headless
 * viewport, so each is made eager first; then every image is waited for until it has loaded or
 * failed (a load state such as networkidle may already have been reached before they started).
 */
async function brokenImages(page) {
  return page.$$eval('img', async (images) => {
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => (img.complete ? null : new Promise((settled) => { img.addEventListener('load', settled, { once: true }); img.addEventListener('error', settled, { once: true }); }))));
    return images.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
  });
}

test('the homepage shows real images, the spec sections and no errors', async () => {
  const { page, context, response, errors } = await visit('/');
  assert.equal(response.status(), 200);
  const text = await page.textContent('main');
  for (const heading of ['Latest stories', 'All stories', 'Contact us']) assert.ok(text.includes(heading), heading);
  const images = await page.$$eval('main img', (nodes) => nodes.length);
  assert.ok(images >= 10, `expected images on the homepage, found ${images}`);
  assert.deepEqual(await brokenImages(page), []);
  assert.deepEqual(errors, []);
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: 'test-results/home.png', fullPage: false });
  await context.close();
});

test('40 or more stories are reachable through the homepage pages', async () => {
  const seen = new Set();
  let path = '/';
  while (path) {
    const html = await (await fetch(`${server.origin}${path}`)).text();
    for (const match of html.matchAll(/class="story-card-title"><a href="(\/[^"]+)"/g)) seen.add(match[1]);
    path = html.match(/href="([^"]+)" rel="next"/)?.[1]?.replaceAll('&amp;', '&') ?? null;
  }
  assert.ok(seen.size >= 40, `reached ${seen.size} stories`);
  for (const href of [...seen].slice(0, 5)) assert.equal((await fetch(`${server.origin}${href}`)).status, 200, href);
});

for (const [path, lang, dir] of [
  ['/fr', 'fr', 'ltr'],
  ['/nl', 'nl', 'ltr'],
  ['/ar', 'ar', 'rtl'],
]) {
  test(`${path} is a translated page (${dir})`, async () => {
    const { page, context, response, errors } = await visit(path);
    assert.equal(response.status(), 200);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await page.getAttribute('html', 'dir'), dir);
    assert.ok(!(await page.textContent('main')).includes('Latest stories'));
    assert.deepEqual(errors, []);
    if (lang === 'ar') await page.screenshot({ path: 'test-results/home-ar.png' });
    await context.close();
  });
}

test('a story page renders its body, cover and language switcher', async () => {
  const home = await (await fetch(`${server.origin}/`)).text();
  const href = home.match(/class="story-card-title"><a href="(\/[^"]+)"/)[1];
  const { page, context, response, errors } = await visit(href);
  assert.equal(response.status(), 200);
  assert.equal(await page.locator('h1').count(), 1);
  assert.ok((await page.locator('.story-body p').count()) > 0);
  assert.deepEqual(await brokenImages(page), []);
  assert.deepEqual(errors, []);
  await page.screenshot({ path: 'test-results/story.png', fullPage: true });
  await context.close();
});

test('every gallery of the demo downloads as one ZIP that unzip checks and whose files equal the originals', async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { unzipSync } = await import('fflate');
  const index = await (await fetch(`${server.origin}/media`)).text();
  const galleries = [...new Set([...index.matchAll(/href="(\/media\/album\/[0-9a-f-]{36})"/g)].map((match) => match[1]))];
  assert.ok(galleries.length > 0, 'the media index lists galleries');
  const folder = mkdtempSync(join(tmpdir(), 'newsroom-zip-'));
  try {
    for (const gallery of galleries) {
      const page = await (await fetch(`${server.origin}${gallery}`)).text();
      const href = page.match(/class="download-all gallery-download-all"><a class="button" href="([^"]+)"/)?.[1];
      assert.ok(href, `${gallery} links its ZIP`);
      const images = [...page.matchAll(/aria-label="Download ([^"]+)"/g)].map((match) => match[1]);
      const response = await fetch(`${server.origin}${href}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/zip');
      const bytes = new Uint8Array(await response.arrayBuffer());
      const file = join(folder, 'gallery.zip');
      writeFileSync(file, bytes);
      // Info-ZIP's own integrity test (CRCs, sizes, structure).
      assert.match(execFileSync('unzip', ['-t', file], { encoding: 'utf8' }), /No errors detected/);
      const entries = unzipSync(bytes);
      assert.deepEqual(Object.keys(entries).sort(), [...images].sort(), `${gallery}: one entry per image, named after it`);
      for (const [name, content] of Object.entries(entries)) {
        assert.ok(Buffer.from(content).equals(readFileSync(join('content/demo/media', name))), `${name} is byte for byte the original`);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a story with images and an attachment downloads its media as one ZIP equal to the originals', async () => {
  const { execFileSync } = await import('node:child_process');
  const { mkdtempSync, readFileSync, rmSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { unzipSync } = await import('fflate');
  const slug = 'northwind-energy-annual-report-2025';
  const page = await (await fetch(`${server.origin}/${slug}`)).text();
  const href = page.match(/class="download-all story-download-all"><a class="button" href="([^"]+)"/)?.[1];
  assert.equal(href, `/${slug}/download`);
  const bytes = new Uint8Array(await (await fetch(`${server.origin}${href}`)).arrayBuffer());
  const folder = mkdtempSync(join(tmpdir(), 'newsroom-zip-'));
  try {
    writeFileSync(join(folder, 'story.zip'), bytes);
    assert.match(execFileSync('unzip', ['-t', join(folder, 'story.zip')], { encoding: 'utf8' }), /No errors detected/);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const entries = unzipSync(bytes);
  assert.ok('annual-report-2025.pdf' in entries && 'headquarters-amsterdam.jpg' in entries, Object.keys(entries).join(', '));
  for (const [name, content] of Object.entries(entries)) assert.ok(Buffer.from(content).equals(readFileSync(join('content/demo/media', name))), name);
});

test('an attachment is a card with its type and size, and #attachment-{uuid} starts its download on load', async () => {
  const html = await (await fetch(`${server.origin}/northwind-energy-annual-report-2025`)).text();
  const card = html.match(/<p class="attachment-card attachment-pdf"><a id="(attachment-[0-9a-f-]{36})"[^>]*download[^>]*>.*?<span class="attachment-meta">(PDF · [\d.]+\s(kB|MB))<\/span>/);
  assert.ok(card, 'the annual report is a PDF card with its size');
  const context = await browser.newContext({ acceptDownloads: true });
  try {
    const page = await context.newPage();
    const download = page.waitForEvent('download', { timeout: 10_000 });
    await page.goto(`${server.origin}/northwind-energy-annual-report-2025#${card[1]}`);
    assert.equal((await download).suggestedFilename(), 'annual-report-2025.pdf');
  } finally {
    await context.close();
  }
});

test('a YouTube video loads nothing from YouTube until play is pressed, then plays from youtube-nocookie.com', async () => {
  const path = '/community-energy-day-2026-welcomes-9000-visitors';
  const response = await fetch(`${server.origin}${path}`);
  assert.match(response.headers.get('content-security-policy'), /frame-src https:\/\/www\.youtube-nocookie\.com;/);
  const context = await browser.newContext();
  const elsewhere = [];
  const player = [];
  // Nothing leaves this machine: the player's host answers from here, any other host is recorded.
  await context.route((url) => url.origin !== server.origin, (route) => {
    const url = route.request().url();
    if (url.startsWith('https://www.youtube-nocookie.com/')) {
      player.push(url);
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    }
    elsewhere.push(url);
    return route.abort();
  });
  try {
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
    const figure = page.locator('figure[data-player="youtube"]');
    assert.match(await figure.locator('.video-notice').textContent(), /YouTube/);
    assert.equal(await page.locator('iframe').count(), 0);
    assert.deepEqual([player, elsewhere, await context.cookies()], [[], [], []]);

    await figure.locator('a.video-poster').click();
    const frame = figure.locator('iframe.video-frame');
    await frame.waitFor();
    assert.match(await frame.getAttribute('src'), /^https:\/\/www\.youtube-nocookie\.com\/embed\/cE8dY2026xQ\?/);
    assert.equal(await frame.getAttribute('referrerpolicy'), 'strict-origin');
    await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME');
    assert.equal(player.length, 1, 'the pressed player, once');
    assert.deepEqual(elsewhere, []);
  } finally {
    await context.close();
  }
});

test('with JavaScript off a video is a link to it', async () => {
  const { page, context } = await openPage(browser, `${server.origin}/community-energy-day-2026-welcomes-9000-visitors`, { javaScriptEnabled: false });
  assert.equal(await page.locator('figure[data-player="youtube"] a.video-poster').getAttribute('href'), 'https://www.youtube.com/watch?v=cE8dY2026xQ');
  await context.close();
});

test('a story has the share bar; "Copy link" copies the story’s address and says so', async () => {
  const { page, context, errors } = await openPage(browser, `${server.origin}/kreekrak-solar-park-opens-in-zeeland`, { permissions: ['clipboard-read', 'clipboard-write'] });
  assert.deepEqual(await page.locator('[data-share-network]').evaluateAll((links) => links.map((link) => link.dataset.shareNetwork)), ['linkedin', 'x', 'facebook', 'bluesky', 'whatsapp', 'email']);
  const copy = page.locator('button[data-copy-link]');
  await copy.click();
  await page.locator('.share-copy-status', { hasText: 'Link copied' }).waitFor();
  const address = await copy.getAttribute('data-copy-link');
  assert.match(address, /\/kreekrak-solar-park-opens-in-zeeland$/);
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a story prints as a press release: the PDF has the story, its contacts and boilerplate, and no navigation or share bar', async () => {
  const { page, context } = await visit('/kreekrak-solar-park-opens-in-zeeland');
  assert.ok(await page.locator('button[data-print]').isVisible(), 'the print button shows once the script runs');
  const pdf = Buffer.from(await page.pdf({ format: 'A4' }));
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  // Chromium writes each printed link as an annotation with its address: what was printed.
  const printedLinks = [...pdf.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((match) => match[1]);
  const home = `${server.origin}/`;
  assert.ok(!printedLinks.includes(home), 'the logo link (header) is not printed');
  assert.ok(!printedLinks.some((link) => link.endsWith('/media') || link.startsWith(`${server.origin}/fr`)), 'no navigation or language links');
  assert.ok(!printedLinks.some((link) => /linkedin\.com\/sharing|x\.com\/intent|wa\.me/.test(link)), 'no share bar');
  assert.ok(printedLinks.some((link) => link.endsWith('/contacts/lotte.vcf')), 'the story’s media contacts are printed');
  assert.ok(printedLinks.includes('mailto:press@northwind.example'), 'the boilerplate is printed');
  // And on paper each web link is followed by its address.
  await page.emulateMedia({ media: 'print' });
  const after = await page.$eval('.story-body a[href^="https://www.northwind.example/projects/"]', (link) => getComputedStyle(link, '::after').content);
  assert.equal(after, '" <https://www.northwind.example/projects/kreekrak>"');
  assert.equal(await page.$eval('.site-header', (header) => getComputedStyle(header).display), 'none');
  await context.close();
});

test('the browser tests’ chromium keeps every feature Playwright disables disabled, and opens no omnibox popup pages', async () => {
  // CHROMIUM_ARGS' --disable-features replaces Playwright's own, so it has to repeat them.
  const ours = CHROMIUM_ARGS.find((arg) => arg.startsWith('--disable-features=')).slice('--disable-features='.length).split(',');
  const missing = (await playwrightDisabledFeatures()).filter((feature) => !ours.includes(feature));
  assert.deepEqual(missing, [], 'add these to PLAYWRIGHT_DISABLED_FEATURES in test/e2e/server.mjs');
  // The popups chromium otherwise renders for every new window, so for every context.
  const { context } = await visit('/');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  assert.deepEqual(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox')).map((target) => target.url), []);
  await context.close();
});
