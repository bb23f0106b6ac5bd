// Every page type of the demo at phone, tablet and desktop widths, left to right and right to
// left: nothing scrolls sideways, no text spills out of its box, the phone header leaves room for
// the first story. Screenshots go to test-results/layout/ for a person to look at. And the phone
// menu without JavaScript: a disclosure that opens and reaches every category.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, startServer } from './server.mjs';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'desktop', width: 1280, height: 900 },
];
const SHOTS = 'test-results/layout';
/** SPEC-sized phone header: logo, search, language and menu in at most this height. */
const MAX_PHONE_HEADER_PX = 120;

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The page types in one language, their addresses found the way a visitor finds them. */
async function pagesOf(locale) {
  const home = locale === 'en' ? '/' : `/${locale}`;
  const { page, context } = await openPage(browser, `${server.origin}${home}`);
  const story = await page.getAttribute('.story-card-title a', 'href');
  const category = await page.getAttribute('.site-nav a[href*="/category/"]', 'href');
  const media = await page.getAttribute('.site-nav a[href$="/media"]', 'href');
  await page.goto(`${server.origin}${media}`);
  const gallery = await page.getAttribute('a[href*="/media/album/"]', 'href');
  const portal = await page.getAttribute('.privacy-links a[href$="/subscribe"]', 'href');
  await context.close();
  const query = locale === 'ar' ? 'الرياح' : 'wind';
  return [
    ['home', home],
    ['story', story],
    ['category', category],
    ['gallery', gallery],
    ['search', `${locale === 'en' ? '' : `/${locale}`}/search?query=${encodeURIComponent(query)}`],
    ['portal', portal],
  ];
}

/** Elements whose content is wider than their own box (scrollable and clipped boxes excepted). */
function overflowingText() {
  // Hidden or clipped on purpose, or inside a closed disclosure (laid out, never shown).
  const clipped = (element) => element.closest('.visually-hidden, [hidden], [aria-hidden="true"], .honeypot, .skip-link') || element.closest('details:not([open]) > :not(summary)');
  const offenders = [];
  for (const element of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(element);
    if (style.display === 'inline' || style.display === 'none' || style.overflowX !== 'visible' || clipped(element)) continue;
    if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) continue;
    offenders.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${element.scrollWidth} > ${element.clientWidth}): ${element.textContent.trim().slice(0, 40)}`);
  }
  return offenders;
}

for (const locale of ['en', 'ar']) {
  test(`${locale}: every page type fits phone, tablet and desktop widths`, async () => {
    const pages = await pagesOf(locale);
    const problems = [];
    for (const viewport of WIDTHS) {
      // One browser tab per width, loading each page type in turn, as a visitor browsing would.
      const { page, context } = await openPage(browser, 'about:blank', { viewport: { width: viewport.width, height: viewport.height } });
      for (const [name, path] of pages) {
        assert.ok(path, `${name} address found`);
        const response = await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
        assert.equal(response.status(), 200, `${path} at ${viewport.width}`);
        // The consent bar is fixed over the page's bottom: out of the way for the measurements.
        await page.evaluate(() => document.querySelector('[data-consent-bar]')?.setAttribute('hidden', ''));
        const where = `${locale} ${name} at ${viewport.width} px`;
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
        if (scrollWidth > clientWidth) problems.push(`${where}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
        for (const offender of await page.evaluate(overflowingText)) problems.push(`${where}: ${offender}`);
        if (viewport.width === 390) {
          const headerHeight = await page.$eval('.site-header', (header) => header.getBoundingClientRect().height);
          if (headerHeight > MAX_PHONE_HEADER_PX) problems.push(`${where}: header is ${headerHeight} px high`);
          if (name === 'home') {
            const headingBottom = await page.$eval('.story-card-title', (heading) => heading.getBoundingClientRect().bottom);
            if (headingBottom > viewport.height) problems.push(`${where}: the first story heading ends at ${headingBottom} px, below the first screen`);
          }
        }
        await page.screenshot({ path: `${SHOTS}/${locale}-${name}-${viewport.width}.png`, fullPage: false });
      }
      await context.close();
    }
    assert.deepEqual(problems, []);
  });
}

test('phone without JavaScript: the menu opens from the keyboard and reaches every category', async () => {
  const { page, context } = await openPage(browser, `${server.origin}/`, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const categories = await page.$$eval('.site-nav a[href*="/category/"]', (links) => links.map((link) => link.getAttribute('href')));
  assert.ok(categories.length >= 2, 'the demo has categories');
  assert.equal(await page.isVisible('.site-nav'), false, 'the wide bar is hidden on a phone');
  assert.equal(await page.isVisible('.site-menu-panel'), false, 'the menu starts closed');
  await page.focus('.site-menu summary');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('.site-menu', 'open'), '', 'Enter opens the menu');
  for (const href of categories) assert.ok(await page.isVisible(`.site-menu-panel a[href="${href}"]`), `${href} in the open menu`);
  await page.screenshot({ path: `${SHOTS}/en-menu-open-390.png` });
  await page.click(`.site-menu-panel a[href="${categories.at(-1)}"]`);
  await page.waitForURL(`**${categories.at(-1)}`);
  assert.equal(await page.getAttribute('.site-menu-panel a[aria-current="page"]', 'href'), categories.at(-1));
  await context.close();
});
