// Crawls the whole demo newsroom from its homepages, following every internal link, and checks
// that no link is broken and no page fails. Also: search over the demo in three languages, and
// one page of every page type through the Nu HTML Checker (vnu).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { fetchWithOneRetry, runCliInProcess, startServer } from './server.mjs';

const validator = new HtmlValidate(new FileSystemConfigLoader());
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

/**
 * The operator's bypass (src/page-cache/policy.ts), sent with the feed checks only: the
 * crawl announces hundreds of feeds, and checking them all right after it would run into the
 * render limit (600 a minute, docs/decisions/0017-abuse-limits.md), which is not what is tested.
 */
const FEED_CHECK_TOKEN = 'crawl-feed-check';

let server;
before(async () => {
  server = await startServer({ vars: { PAGE_CACHE_BYPASS_TOKEN: FEED_CHECK_TOKEN } });
});
after(() => server?.stop());

const decode = (href) => href.replaceAll('&amp;', '&');

// JSON-LD types and the properties each must carry (each has the required properties for its
// type); a property holding an object or list is checked for being non-empty.
const REQUIRED_LD = {
  Organization: ['name', 'url', 'logo'],
  WebSite: ['name', 'url', 'inLanguage', 'publisher', 'potentialAction'],
  BreadcrumbList: ['itemListElement'],
  NewsArticle: ['headline', 'description', 'image', 'datePublished', 'dateModified', 'author', 'publisher', 'inLanguage', 'articleSection', 'mainEntityOfPage'],
  ImageGallery: ['name', 'url', 'image'],
};

function jsonLdProblems(item) {
  const required = REQUIRED_LD[item['@type']];
  if (!required) return [`unexpected JSON-LD type ${item['@type']}`];
  const problems = required.filter((name) => item[name] === undefined || item[name] === '' || (Array.isArray(item[name]) && item[name].length === 0)).map((name) => `${item['@type']} without ${name}`);
  if (item['@type'] === 'NewsArticle') {
    for (const image of [item.image].flat()) if (!(image?.url && image.width > 0 && image.height > 0)) problems.push('NewsArticle image without url, width and height');
    if (Number.isNaN(Date.parse(item.datePublished)) || Number.isNaN(Date.parse(item.dateModified))) problems.push('NewsArticle dates do not parse');
  }
  if (item['@type'] === 'BreadcrumbList') {
    [item.itemListElement].flat().forEach((entry, index) => {
      if (entry?.['@type'] !== 'ListItem' || entry.position !== index + 1 || !entry.name) problems.push(`BreadcrumbList item ${index + 1} incomplete`);
    });
  }
  if (item['@type'] === 'WebSite' && item.potentialAction?.['@type'] !== 'SearchAction') problems.push('WebSite without a SearchAction');
  return problems;
}

// Every media address the media model (src/domain/media/addresses.ts) can make:
// {root}/{uuid}/[-/{effect}/...]{encoded name}, the download variant ending in -/inline/no/, and
// {root}/{uuid}/gif2video/[-/{format or quality}/...]{encoded name}. Anything else on a page or in
// a feed was built by hand.
const EFFECT = String.raw`(?:format/(?:auto|jpeg|png|webp|preserve|mp4|webm)|quality/(?:smart|smart_retina|normal|better|best|lighter|lightest)|preview/\d+x\d+|resize/(?:\d+x\d*|x\d+)|crop/\d+x\d+(?:/(?:center|\d+,\d+))?|scale_crop/\d+x\d+(?:/center)?)`;
const MEDIA_ADDRESS = new RegExp(String.raw`^/media/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(?:gif2video/)?(?:-/${EFFECT}/)*(?:-/inline/no/)?([^/?#]+)$`);

function mediaAddressProblem(address) {
  const match = MEDIA_ADDRESS.exec(address);
  if (!match) return `${address} is not an address of the media model`;
  const name = match[1];
  let decoded;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return `${address}: the file name does not decode`;
  }
  return encodeURIComponent(decoded) === name ? null : `${address}: the file name is not encoded as the media model encodes it`;
}

/** The feeds a page announces (`<link rel="alternate">`, absolute on the newsroom's address), as paths on this server. */
function announcedFeeds(html) {
  return [...html.matchAll(/<link rel="alternate" type="application\/(?:rss\+xml|atom\+xml|feed\+json)"[^>]* href="([^"]+)"/g)].map(([, href]) => new URL(decode(href)).pathname);
}

/** What is wrong with a feed: it must parse, list items, and give each a title, link, date, content and image. */
async function feedProblems(origin, path) {
  const response = await fetchWithOneRetry(`${origin}${path}`, { headers: { 'X-Page-Cache-Bypass': FEED_CHECK_TOKEN } });
  const body = await response.text();
  if (response.status !== 200) return [`${path} → ${response.status}`];
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/feed+json')) {
    let feed;
    try {
      feed = JSON.parse(body);
    } catch {
      return [`${path}: does not parse`];
    }
    if (feed.version !== 'https://jsonfeed.org/version/1.1' || !(feed.items?.length > 0)) return [`${path}: not a JSON Feed 1.1 with items`];
    return feed.items.filter((item) => !(item.id && item.title && item.url && !Number.isNaN(Date.parse(item.date_published)) && item.content_html && item.image)).map((item) => `${path}: item ${item.url} incomplete`);
  }
  if (XMLValidator.validate(body) !== true) return [`${path}: not well-formed XML`];
  const parsed = xml.parse(body);
  if (type.startsWith('application/rss+xml')) {
    const items = [parsed.rss?.channel?.item ?? []].flat();
    if (items.length === 0) return [`${path}: no items`];
    return items.filter((item) => !(item.title && item.link && item.pubDate && item['content:encoded'] && item.enclosure)).map((item) => `${path}: item ${item.link} incomplete`);
  }
  if (type.startsWith('application/atom+xml')) {
    const entries = [parsed.feed?.entry ?? []].flat();
    if (entries.length === 0) return [`${path}: no entries`];
    return entries
      .filter((entry) => !(entry.title && [entry.link].flat().some((link) => link?.['@rel'] === 'alternate') && !Number.isNaN(Date.parse(entry.updated)) && entry.content?.['#text']))
      .map((entry) => `${path}: entry ${entry.id} incomplete`);
  }
  return [`${path}: unexpected content type ${type}`];
}

/** Media addresses in a page or a feed: every src, srcset entry, href, poster and content value under /media/. */
function mediaAddresses(text, origin) {
  const found = new Set();
  const html = text.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"');
  for (const [, value] of html.matchAll(/(?:src|srcset|srcSet|href|poster|content|url)="([^"]*)"/g)) {
    for (const candidate of value.split(',').map((part) => part.trim().split(/\s+/)[0])) {
      const path = candidate.startsWith('http') ? new URL(candidate).pathname : candidate;
      if (path.startsWith('/media/') && !path.startsWith('/media/album/')) found.add(path);
    }
  }
  for (const [, value] of text.matchAll(/"(?:image|banner_image|url|contentUrl)":\s*"([^"]*\/media\/[^"]*)"/g)) {
    const path = new URL(value, origin).pathname;
    if (path.startsWith('/media/') && !path.startsWith('/media/album/')) found.add(path);
  }
  return found;
}

test('a crawl of every internal link from /, /fr, /nl and /ar finds no broken link and no 5xx', async () => {
  const origin = server.origin;
  const seen = new Map();
  const queue = ['/', '/fr', '/nl', '/ar'].map((path) => ({ path, from: '(start)' }));
  const broken = [];
  const invalid = [];
  const ldPages = new Map();
  const feeds = new Set();
  while (queue.length > 0) {
    const { path, from } = queue.shift();
    if (seen.has(path)) continue;
    const response = await fetchWithOneRetry(`${origin}${path}`, { redirect: 'manual' });
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
    const types = [];
    for (const [, block] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      try {
        for (const item of [JSON.parse(block)].flat()) {
          types.push(item['@type']);
          for (const problem of jsonLdProblems(item)) invalid.push(`${path}: ${problem}`);
        }
      } catch {
        invalid.push(`${path}: JSON-LD does not parse`);
      }
    }
    const expected = ['Organization', 'WebSite'];
    if (html.includes('<meta property="og:type" content="article"/>')) expected.push('NewsArticle');
    if (/^(\/[a-z]{2,3}(-[a-z0-9]{1,4})?)?\/media\/album\//.test(path)) expected.push('ImageGallery');
    for (const type of expected) if (!types.includes(type)) invalid.push(`${path}: no ${type} JSON-LD`);
    for (const type of new Set(types)) ldPages.set(type, (ldPages.get(type) ?? 0) + 1);
    for (const address of mediaAddresses(html, origin)) {
      const problem = mediaAddressProblem(address);
      if (problem) invalid.push(`${path}: ${problem}`);
      else if (!seen.has(address)) queue.push({ path: address, from: path });
    }
    for (const feed of announcedFeeds(html)) feeds.add(feed);
    for (const [, raw] of html.matchAll(/(?:href|src)="([^"#]*)(?:#[^"]*)?"/g)) {
      if (!raw || raw.startsWith('mailto:') || raw.startsWith('tel:')) continue;
      const url = new URL(decode(raw), `${origin}${path}`);
      if (url.origin !== origin) continue;
      const next = url.pathname + url.search;
      if (!seen.has(next)) queue.push({ path: next, from: path });
    }
  }
  // Every feed a page announces (the language's, its categories' and its tags') answers and parses.
  for (const feed of feeds) invalid.push(...(await feedProblems(origin, feed)));
  assert.ok([...feeds].some((feed) => /^\/(?:[a-z]{2,3}(?:-[a-z0-9]{1,4})?\/)?tag\/[^/]+\/feed\/atom$/.test(feed)), 'no tag feed was announced');
  assert.deepEqual(broken, []);
  assert.deepEqual(invalid, []);
  const pages = [...seen.values()].filter((status) => status === 200).length;
  assert.ok(pages > 150, `crawled only ${pages} pages`);
  // The 78 public stories (four languages) and the 7 non-empty galleries in each of the 4 languages carry their types.
  assert.ok(ldPages.get('NewsArticle') >= 78, `NewsArticle on ${ldPages.get('NewsArticle')} pages`);
  assert.ok(ldPages.get('ImageGallery') >= 28, `ImageGallery on ${ldPages.get('ImageGallery')} pages`);
  console.log(`crawled ${seen.size} addresses, ${pages} answered 200; JSON-LD pages by type: ${JSON.stringify(Object.fromEntries(ldPages))}`);
});

/** A search results page read as a visitor sees it: the stated total, the hits, the facets and the next page. */
async function searchPage(origin, path) {
  const html = await (await fetchWithOneRetry(`${origin}${path}`)).text();
  const summary = html.match(/class="search-summary"[^>]*>([^<]*)</)?.[1] ?? '';
  const facets = [...html.matchAll(/<section class="search-facet"><h2>([^<]*)<\/h2>([\s\S]*?)<\/section>/g)].map(([, name, list]) => ({
    name,
    values: [...list.matchAll(/<a href="([^"]*)"[^>]*>[^<]*<span class="facet-count">\((\d+)\)<\/span>/g)].map(([, href, count]) => ({ href: decode(href), count: Number(count) })),
  }));
  return {
    html,
    summary,
    total: Number(summary.match(/\d+/)?.[0] ?? NaN),
    hits: [...html.matchAll(/<li class="search-hit"[\s\S]*?href="([^"]*)"/g)].map(([, href]) => href),
    facets,
    next: html.match(/<a class="button load-more" href="([^"]*)"/)?.[1],
  };
}

/** The hits of a search over all its pages, following "load more". */
async function allHits(first) {
  const hits = [...first.hits];
  for (let page = first; page.next; ) {
    page = await searchPage(server.origin, decode(page.next));
    hits.push(...page.hits);
  }
  return hits;
}

test('search finds demo stories by title and body words in English, French and Arabic, with correct facet counts', async () => {
  const cases = [
    ['/search?query=battery', /^We found \d+ results? for “battery”$/],
    ['/search?query=northwind', /^We found \d+ results for “northwind”$/],
    [`/fr/search?query=${encodeURIComponent('éolien')}`, /^Nous avons trouvé \d+ résultats? pour « éolien »$/],
    [`/ar/search?query=${encodeURIComponent('الرياح')}`, /^وجدنا \d+ /],
  ];
  for (const [path, summary] of cases) {
    const first = await searchPage(server.origin, path);
    assert.match(first.summary, summary, path);
    // The stated total is the number of stories listed over all pages, none twice. (Arabic says
    // one and two in words, "نتيجتين"; every other count is in digits.)
    const hits = await allHits(first);
    assert.ok(hits.length > 0, `${path} finds something`);
    if (!Number.isNaN(first.total)) assert.equal(first.total, hits.length, `${path}: stated total`);
    assert.equal(new Set(hits).size, hits.length, `${path}: no story listed twice`);
    for (const hidden of ['vlissingen-battery-second-phase-adds-400-mwh', 'analyst-briefing-capacity-and-capex-plan-2027', 'northwind-takes-final-investment-decision-on-dogger-ridge-ii']) {
      assert.ok(!hits.some((href) => href.includes(hidden)), `${path} lists ${hidden}`);
    }
    // Three facets (Category, Year, Month, in the page language); each story has one year and one month.
    assert.equal(first.facets.length, 3, `${path}: three facets`);
    const [categories, years, months] = first.facets;
    assert.ok(categories.values.length > 0, `${path}: category facet`);
    assert.equal(years.values.reduce((sum, value) => sum + value.count, 0), hits.length, `${path}: year counts add up to the total`);
    assert.equal(months.values.reduce((sum, value) => sum + value.count, 0), hits.length, `${path}: month counts add up to the total`);
    // Following a facet value gives exactly the number of results it promised.
    for (const value of [...categories.values, ...years.values]) {
      const filtered = await allHits(await searchPage(server.origin, value.href));
      assert.equal(filtered.length, value.count, `${value.href} promised ${value.count}`);
    }
  }
});

test('every feed and sitemap of the demo parses, and every RSS, Atom and JSON Feed item has title, link, date, content and image', async () => {
  const get = async (path) => (await fetchWithOneRetry(`${server.origin}${path}`)).text();
  for (const locale of ['', '/fr', '/nl', '/ar']) {
    const rss = await get(`${locale}/feed`);
    assert.equal(XMLValidator.validate(rss), true, `${locale}/feed`);
    const items = [xml.parse(rss).rss.channel.item].flat();
    assert.ok(items.length > 0, `${locale}/feed has items`);
    for (const item of items) {
      assert.ok(item.title && item.link && item.pubDate && item['content:encoded'] && item.enclosure && item['media:content'], `${locale}/feed item ${item.link}`);
    }
    const atom = await get(`${locale}/feed/atom`);
    assert.equal(XMLValidator.validate(atom), true, `${locale}/feed/atom`);
    const entries = [xml.parse(atom).feed.entry].flat();
    assert.equal(entries.length, items.length, `${locale}/feed/atom has the items of the RSS feed`);
    for (const entry of entries) {
      const links = [entry.link].flat();
      const alternate = links.find((link) => link['@rel'] === 'alternate')?.['@href'];
      const image = links.find((link) => link['@rel'] === 'enclosure' && link['@type'].startsWith('image/'))?.['@href'];
      assert.ok(entry.title && alternate && !Number.isNaN(Date.parse(entry.published)) && !Number.isNaN(Date.parse(entry.updated)) && entry.content?.['#text'] && image, `${locale}/feed/atom entry ${alternate}`);
    }
    const json = JSON.parse(await get(`${locale}/feed/json`));
    assert.equal(json.version, 'https://jsonfeed.org/version/1.1');
    assert.equal(json.items.length, items.length, `${locale}/feed/json has the items of the RSS feed`);
    for (const item of json.items) {
      assert.ok(item.id && item.title && item.url && !Number.isNaN(Date.parse(item.date_published)) && item.content_html && item.image, `${locale}/feed/json item ${item.url}`);
    }
    // Every media address in a feed is one the media model makes, and answers.
    for (const body of [rss, atom, json.items.map((item) => item.content_html).join('\n'), JSON.stringify(json)]) {
      for (const address of mediaAddresses(body, server.origin)) {
        assert.equal(mediaAddressProblem(address), null);
        const response = await fetchWithOneRetry(`${server.origin}${address}`);
        assert.equal(response.status, 200, address);
        await response.arrayBuffer();
      }
    }
  }
  const index = await get('/sitemap.xml');
  assert.equal(XMLValidator.validate(index), true);
  for (const { loc } of [xml.parse(index).sitemapindex.sitemap].flat()) {
    const body = await get(new URL(loc).pathname);
    assert.equal(XMLValidator.validate(body), true, loc);
  }
});

/** The checker the npm package vnu-jar ships (its own Java download is denied in package.json). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** Runs a command to its end: status, stdout and stderr; a missing command fails with `missing`. */
function runCommand(command, args, missing) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => reject(error.code === 'ENOENT' ? new Error(missing) : error));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * A secret link (`/s/{token}`) to a story of the demo, made as a journalist makes one: `npm run
 * share`, run in this process (its own process is tested by the publishing browser test).
 */
async function secretLinkPath(slug) {
  const { stdout } = await runCliInProcess(server, 'share.ts', slug, `--origin=${server.origin}`);
  const link = stdout.split('\n').find((line) => line.startsWith('en\t'))?.split('\t')[2];
  assert.ok(link, `npm run share printed no English link:\n${stdout}`);
  return new URL(link).pathname;
}

test('one page of every page type passes the Nu HTML Checker (vnu) with no error', async () => {
  const origin = server.origin;
  const text = async (path) => (await fetchWithOneRetry(`${origin}${path}`)).text();
  const home = await text('/');
  const mediaIndex = await text('/media');
  const portal = (action) => home.match(new RegExp(`href="(/[a-z]{2,3}(?:-[a-z0-9]{1,4})?/newsroom/[0-9a-f-]{36}/${action})"`))?.[1];
  // Page types as src/app.tsx mounts them. The newsroom has no contacts page of its own: press
  // contacts are cards on the home and story pages (and vCards, which are not HTML).
  const storyPath = home.match(/class="story-card-title"><a href="(\/[^"]+)"/)?.[1];
  const galleryPath = mediaIndex.match(/href="(\/media\/album\/[0-9a-f-]{36})"/)?.[1];
  const pages = [
    { name: 'home', path: '/' },
    { name: 'home-arabic', path: '/ar' },
    { name: 'story', path: storyPath },
    { name: 'category', path: home.match(/href="(\/category\/[^"?]+)"/)?.[1] },
    { name: 'tag', path: '/tag/offshore%20wind' },
    { name: 'media-index', path: '/media' },
    { name: 'gallery', path: galleryPath },
    // The embed cards other sites frame through oEmbed (ADR 0024): whole documents of their own.
    { name: 'story-embed', path: storyPath && `${storyPath}/embed` },
    { name: 'gallery-embed-arabic', path: galleryPath && `/ar${galleryPath}/embed` },
    { name: 'search-results', path: '/search?query=wind' },
    { name: 'privacy-policy', path: '/privacy-policy' },
    { name: 'cookie-policy', path: '/cookie-policy' },
    { name: 'privacy-subscribe', path: portal('subscribe') },
    { name: 'privacy-data-request', path: portal('data-request') },
    // The subscribe form once more, as it answers an address it rejects (field error, aria-invalid).
    { name: 'privacy-subscribe-rejected', path: portal('subscribe'), form: { email: 'not-an-address' }, status: 400 },
    { name: 'not-found', path: '/no-such-page-in-this-newsroom', status: 404 },
    { name: 'secret-link-story', path: await secretLinkPath('supervisory-board-succession-briefing') },
  ];
  const dir = mkdtempSync(join(tmpdir(), 'newsroom-vnu-'));
  try {
    const files = [];
    for (const { name, path, form, status = 200 } of pages) {
      assert.ok(path, `no address found for the ${name} page`);
      const response = form
        ? await fetch(`${origin}${path}`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
        : await fetchWithOneRetry(`${origin}${path}`);
      const html = await response.text();
      assert.equal(response.status, status, `${name} (${path})`);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/, `${name} (${path})`);
      const file = join(dir, `${name}.html`);
      writeFileSync(file, html);
      files.push(file);
    }
    // One JVM start for every page. The JIT's quick tier only and the serial collector: for a run
    // this short, the optimizing compiler and parallel GC threads cost more CPU than they save
    // (about half the checker's CPU). The quick tier's deeper frames need the bigger thread stack
    // the checker asks for (at least 512 KB).
    const java = await runCommand('java', ['-Xss8m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', ...files], 'java was not found: the Nu HTML Checker needs a Java runtime (`apt-get install default-jre-headless`; .ci/run installs one)');
    let report;
    try {
      report = JSON.parse(java.stdout);
    } catch {
      assert.fail(`vnu gave no JSON report (exit ${java.status}):\n${java.stdout}\n${java.stderr}`);
    }
    const byFile = new Map(pages.map(({ name, path }) => [`${name}.html`, `${name} (${path})`]));
    const problems = report.messages
      .filter((message) => message.type !== 'info')
      .map((message) => {
        const page = byFile.get(message.url?.split('/').pop()) ?? message.url;
        return `${page} line ${message.firstLine ?? message.lastLine ?? '?'}, column ${message.firstColumn ?? message.lastColumn ?? '?'}: ${message.message}${message.extract ? `\n    ${message.extract.replaceAll('\n', ' ')}` : ''}`;
      });
    assert.deepEqual(problems, [], `vnu found errors:\n${problems.join('\n')}`);
    assert.equal(java.status, 0, `vnu exited ${java.status}:\n${java.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
