// Every page type of the demo at phone, tablet and desktop widths, left to right and right to
// left: nothing scrolls sideways, no text spills out of its box, the phone header leaves room for
// the first story, category links stay whole 24 px tap targets. Screenshots go to
// test-results/layout/ for a person to look at. And the phone
// menu without JavaScript: a disclosure that opens and reaches every category.
//
// The pages are measured in fonts shipped with the tests, never the machine's (whose fonts decide
// widths): Noto Sans and Noto Sans Arabic (what Android and most Linux desktops show), and at
// phone width Lexend Giga, far wider than any visitor's font.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

const LATIN = 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const LATIN_EXT = 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+1E00-1EFF, U+20A0-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';
const ARABIC = 'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC';
/** Font families built from @fontsource files: [package, file prefix, unicode range]. */
const FAMILIES = {
  'Layout Noto Sans': [['@fontsource/noto-sans', 'noto-sans-latin', LATIN], ['@fontsource/noto-sans', 'noto-sans-latin-ext', LATIN_EXT]],
  'Layout Lexend Giga': [['@fontsource/lexend-giga', 'lexend-giga-latin', LATIN], ['@fontsource/lexend-giga', 'lexend-giga-latin-ext', LATIN_EXT]],
  'Layout Noto Arabic': [['@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic', ARABIC]],
};
const require = createRequire(import.meta.url);
const fontFile = (pkg, prefix, weight) => join(dirname(require.resolve(`${pkg}/package.json`)), 'files', `${prefix}-${weight}-normal.woff2`);
const fontFiles = new Map();
/** The @font-face rules, each font at `origin` (serveFonts). */
const fontFacesAt = (origin) =>
  Object.entries(FAMILIES)
    .flatMap(([family, faces]) =>
      faces.flatMap(([pkg, prefix, range]) =>
        [400, 700].map((weight) => {
          fontFiles.set(`/${prefix}-${weight}.woff2`, fontFile(pkg, prefix, weight));
          return `@font-face { font-family: "${family}"; font-weight: ${weight}; src: url("${origin}/${prefix}-${weight}.woff2") format("woff2"); unicode-range: ${range}; }`;
        }),
      ),
    )
    .join('\n');

/**
 * The fonts served from this process on a loopback port, cacheable: a tab fetches each font once.
 * (Routing the requests in the browser instead would turn its HTTP cache off for the whole tab,
 * and every page would fetch its style sheet, scripts and images again.)
 */
async function serveFonts() {
  const fonts = createServer((request, response) => {
    const file = fontFiles.get(request.url);
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'font/woff2', 'Cache-Control': 'max-age=3600', 'Access-Control-Allow-Origin': '*' });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => fonts.listen(0, '127.0.0.1', resolve));
  return fonts;
}
/** The font stacks, and the widths each is measured at. */
const FONT_STACKS = [
  { name: 'noto', families: ['Layout Noto Sans', 'Layout Noto Arabic'], widths: WIDTHS.map((viewport) => viewport.width) },
  { name: 'wide', families: ['Layout Lexend Giga', 'Layout Noto Arabic'], widths: [WIDTHS[0].width] },
];

/** The page in one of FONT_STACKS' fonts, every font loaded before anything is measured. */
async function useFontStack(page, stack) {
  const [latin, arabic] = stack.families;
  await page.addStyleTag({ content: `${fontFaces}\n*, *::before, *::after { font-family: "${latin}", "${arabic}" !important; }` });
  const loaded = await page.evaluate(
    async ([latinFamily, arabicFamily]) => {
      const faces = await Promise.all(['400', '700'].flatMap((weight) => [document.fonts.load(`${weight} 16px "${latinFamily}"`, 'aé'), document.fonts.load(`${weight} 16px "${arabicFamily}"`, 'ب')]));
      await document.fonts.ready;
      return faces.map((found) => found.length);
    },
    [latin, arabic],
  );
  // A font that did not load would leave the machine's fallback measured: never silently.
  assert.ok(loaded.every((count) => count > 0), `the ${stack.name} fonts loaded (${loaded})`);
}

let server;
let browser;
let fonts;
let fontFaces;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  fonts = await serveFonts();
  fontFaces = fontFacesAt(`http://127.0.0.1:${fonts.address().port}`);
  mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  fonts?.close();
});

/** The page types in one language, their addresses found the way a visitor finds them (in `page`). */
async function pagesOf(page, locale) {
  const home = locale === 'en' ? '/' : `/${locale}`;
  await page.goto(`${server.origin}${home}`);
  const story = await page.getAttribute('.story-card-title a', 'href');
  const category = await page.getAttribute('.site-nav a[href*="/category/"]', 'href');
  const media = await page.getAttribute('.site-nav a[href$="/media"]', 'href');
  await page.goto(`${server.origin}${media}`);
  const gallery = await page.getAttribute('a[href*="/media/album/"]', 'href');
  const portal = await page.getAttribute('.privacy-links a[href$="/subscribe"]', 'href');
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

/**
 * Category links (cards and story pages) smaller than 24 px or overlapped by another control: the
 * tap targets WCAG 2.5.8 asks for, which Lighthouse's target-size audit checks.
 */
function crowdedCategoryLinks() {
  // Only what is shown: a closed disclosure's links (the language list, the phone menu) are not.
  const controls = [...document.querySelectorAll('a, button, summary, input, select, textarea')].filter((control) => control.checkVisibility({ visibilityProperty: true }));
  const problems = [];
  for (const link of document.querySelectorAll('.story-card-categories a, .story-categories a')) {
    const box = link.getBoundingClientRect();
    if (box.height < 24 || box.width < 24) problems.push(`category link “${link.textContent}” is ${box.width.toFixed(1)} × ${box.height.toFixed(1)} px`);
    for (const other of controls) {
      if (other === link || other.contains(link) || link.contains(other)) continue;
      for (const rect of other.getClientRects()) {
        const overlap = Math.min(box.bottom, rect.bottom) - Math.max(box.top, rect.top);
        if (rect.left < box.right && rect.right > box.left && overlap > 0) problems.push(`category link “${link.textContent}” is overlapped by “${other.textContent.trim().slice(0, 30)}” by ${overlap.toFixed(1)} px`);
      }
    }
  }
  return problems;
}

for (const locale of ['en', 'ar']) {
  test(`${locale}: every page type fits phone, tablet and desktop widths, in a narrow and a wide font`, async () => {
    const problems = [];
    // One browser tab, loading each page type in turn at each width, as a visitor browsing would;
    // the test's own style sheet sets the fonts, so the site's policy lets it in for this tab.
    const { page, context } = await openPage(browser, 'about:blank', { bypassCSP: true });
    const pages = await pagesOf(page, locale);
    for (const stack of FONT_STACKS) for (const viewport of WIDTHS.filter(({ width }) => stack.widths.includes(width))) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      for (const [name, path] of pages) {
        assert.ok(path, `${name} address found`);
        const response = await page.goto(`${server.origin}${path}`, { waitUntil: 'load' });
        assert.equal(response.status(), 200, `${path} at ${viewport.width}`);
        await useFontStack(page, stack);
        // The consent bar is fixed over the page's bottom: out of the way for the measurements.
        await page.evaluate(() => document.querySelector('[data-consent-bar]')?.setAttribute('hidden', ''));
        const where = `${locale} ${name} at ${viewport.width} px in the ${stack.name} font`;
        const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
        if (scrollWidth > clientWidth) problems.push(`${where}: scrolls sideways (${scrollWidth} > ${clientWidth})`);
        for (const offender of await page.evaluate(overflowingText)) problems.push(`${where}: ${offender}`);
        for (const crowded of await page.evaluate(crowdedCategoryLinks)) problems.push(`${where}: ${crowded}`);
        if (viewport.width === 390) {
          const headerHeight = await page.$eval('.site-header', (header) => header.getBoundingClientRect().height);
          if (headerHeight > MAX_PHONE_HEADER_PX) problems.push(`${where}: header is ${headerHeight} px high`);
          if (name === 'home') {
            const headingBottom = await page.$eval('.story-card-title', (heading) => heading.getBoundingClientRect().bottom);
            if (headingBottom > viewport.height) problems.push(`${where}: the first story heading ends at ${headingBottom} px, below the first screen`);
          }
        }
        await page.screenshot({ path: `${SHOTS}/${locale}-${name}-${viewport.width}-${stack.name}.png`, fullPage: false });
      }
    }
    await context.close();
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
