// The structure crawlers rely on in every sitemap, not just that it parses (seo.test.ts lists the
// index and checks single entries): addresses absolute on the newsroom's origin, W3C datetimes,
// hreflang sets with x-default, absolute image addresses, and a Google News sitemap of the
// last two days with its publication name and language.
import { env } from 'cloudflare:workers';
import { XMLParser } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { request } from '../request';

const PUBLIC_ORIGIN = 'https://news.test.example'; // newsroom.url of the test content
/** A session cookie reads past the page cache, for tests that change D1 behind the import's back. */
const get = (path: string) => request(`${PUBLIC_ORIGIN}${path}`, { redirect: 'manual', headers: { Cookie: 'session=test' } });
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Numbers and dates stay as written; repeated elements are always lists.
  parseTagValue: false,
  isArray: (name) => ['sitemap', 'url', 'xhtml:link', 'image:image'].includes(name),
});

/** W3C Datetime (https://www.w3.org/TR/NOTE-datetime), the format the sitemap protocol requires. */
const W3C_DATETIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

interface UrlEntry {
  loc: string;
  lastmod?: string;
  'xhtml:link'?: { '@rel': string; '@hreflang': string; '@href': string }[];
  'image:image'?: { 'image:loc': string }[];
}

/** An absolute http(s) address (no base needed to read it), on the newsroom's origin. */
function expectOnOrigin(address: string, where: string): void {
  expect(URL.canParse(address), `${where}: ${address} is absolute`).toBe(true);
  expect(new URL(address).origin, `${where}: ${address}`).toBe(PUBLIC_ORIGIN);
}

/** Every URL entry of every language sitemap the index lists (the news sitemap aside). */
async function languageSitemapEntries(): Promise<{ sitemap: string; entry: UrlEntry }[]> {
  const index = xml.parse(await (await get('/sitemap.xml')).text()) as { sitemapindex: { sitemap: { loc: string }[] } };
  const entries: { sitemap: string; entry: UrlEntry }[] = [];
  for (const { loc } of index.sitemapindex.sitemap) {
    if (loc.endsWith('/news.xml')) continue;
    const response = await get(new URL(loc).pathname);
    expect(response.status, loc).toBe(200);
    const set = xml.parse(await response.text()) as { urlset: { url?: UrlEntry[] } };
    for (const entry of set.urlset.url ?? []) entries.push({ sitemap: loc, entry });
  }
  return entries;
}

test('every entry of every language sitemap has an absolute address on the newsroom origin and a lastmod as a W3C datetime', async () => {
  const entries = await languageSitemapEntries();

  // Homepage, categories, media index and galleries, then stories, in en, fr and ar.
  expect(entries.length).toBeGreaterThan(20);
  for (const { sitemap, entry } of entries) {
    expectOnOrigin(entry.loc, sitemap);
    // Every entry says when it last changed: stories and galleries by their dates, homepages and
    // categories by their newest story, media indexes by their newest gallery.
    expect(entry.lastmod, `${entry.loc} lastmod`).toMatch(W3C_DATETIME);
  }
  // No address twice within the sitemaps.
  const locs = entries.map(({ entry }) => entry.loc);
  expect(new Set(locs).size).toBe(locs.length);
});

test('hreflang alternates in the sitemaps are absolute, name the entry itself and include x-default', async () => {
  const entries = (await languageSitemapEntries()).filter(({ entry }) => entry['xhtml:link']);

  // The homepage, media pages and galleries in three languages, a translated category and story.
  expect(entries.length).toBeGreaterThan(9);
  for (const { entry } of entries) {
    const links = entry['xhtml:link']!;
    for (const link of links) {
      expect(link['@rel']).toBe('alternate');
      expectOnOrigin(link['@href'], `${entry.loc} hreflang ${link['@hreflang']}`);
    }
    const languages = links.map((link) => link['@hreflang']);
    expect(languages, entry.loc).toContain('x-default');
    expect(new Set(languages).size, `${entry.loc}: one link per language`).toBe(languages.length);
    const hrefs = links.filter((link) => link['@hreflang'] !== 'x-default').map((link) => link['@href']);
    expect(hrefs, `${entry.loc} names itself`).toContain(entry.loc);
    // x-default points at one of the page's own language versions.
    expect(hrefs, entry.loc).toContain(links.find((link) => link['@hreflang'] === 'x-default')!['@href']);
  }
});

test('image entries in the sitemaps have absolute image addresses', async () => {
  const images = (await languageSitemapEntries()).flatMap(({ entry }) => (entry['image:image'] ?? []).map((image) => ({ page: entry.loc, loc: image['image:loc'] })));

  // Story covers and gallery images, in every language.
  expect(images.length).toBeGreaterThan(10);
  // Without MEDIA_CDN_URL the worker serves media itself, on the newsroom's origin.
  for (const { page, loc } of images) expectOnOrigin(loc, `${page} image`);
  expect(images.some(({ page }) => page.includes('/media/album/'))).toBe(true);
});

test('the news sitemap lists the stories of the last two days with publication name, language and date', async () => {
  const now = Math.floor(Date.now() / 1000);
  const restore = await env.DB.prepare("SELECT slug, published_at FROM stories WHERE slug IN ('english-story-05', 'histoire-francaise-03')").all<{ slug: string; published_at: number }>();
  await env.DB.batch([
    env.DB.prepare("UPDATE stories SET published_at = ? WHERE slug = 'english-story-05'").bind(now - 3600),
    env.DB.prepare("UPDATE stories SET published_at = ? WHERE slug = 'histoire-francaise-03'").bind(now - 36 * 3600),
  ]);
  try {
    const response = await get('/sitemaps/news.xml');
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const entries = (xml.parse(body) as { urlset: { url?: (UrlEntry & { 'news:news': Record<string, unknown> })[] } }).urlset.url ?? [];

    // Newest first; every other story of the fixture is older than two days.
    expect(entries.map((entry) => entry.loc)).toEqual([`${PUBLIC_ORIGIN}/english-story-05`, `${PUBLIC_ORIGIN}/histoire-francaise-03`]);
    const expected = [
      { name: 'Acme Test Co', language: 'en', title: 'English story number 05' },
      { name: 'Acme Test SA', language: 'fr', title: 'Histoire française numéro 03' },
    ];
    entries.forEach((entry, index) => {
      expectOnOrigin(entry.loc, 'news sitemap');
      const news = entry['news:news'] as { 'news:publication': { 'news:name': string; 'news:language': string }; 'news:publication_date': string; 'news:title': string };
      expect(news['news:publication']).toEqual({ 'news:name': expected[index]!.name, 'news:language': expected[index]!.language });
      expect(news['news:title']).toBe(expected[index]!.title);
      const published = news['news:publication_date'];
      expect(published).toMatch(W3C_DATETIME);
      const age = Date.now() - Date.parse(published);
      expect(age, `${entry.loc} published ${published}`).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(2 * 24 * 3600 * 1000);
    });
  } finally {
    await env.DB.batch(restore.results.map((row) => env.DB.prepare('UPDATE stories SET published_at = ? WHERE slug = ?').bind(row.published_at, row.slug)));
  }
});

test('a language homepage and its categories are dated by their newest public story, the media index by its newest gallery', async () => {
  const sitemap = xml.parse(await (await get('/sitemaps/en-pages.xml')).text()) as { urlset: { url: UrlEntry[] } };
  const stories = xml.parse(await (await get('/sitemaps/en-stories-1.xml')).text()) as { urlset: { url: UrlEntry[] } };
  const newestStory = stories.urlset.url.map((entry) => entry.lastmod!).sort().at(-1)!;
  const entry = (path: string) => sitemap.urlset.url.find((url) => new URL(url.loc).pathname === path)!;
  // lastmod of a story is its newest change, of the homepage its newest publication: never later.
  expect(Date.parse(entry('/').lastmod!)).toBeLessThanOrEqual(Date.parse(newestStory));
  const galleries = sitemap.urlset.url.filter((url) => new URL(url.loc).pathname.startsWith('/media/album/')).map((url) => url.lastmod!);
  expect(entry('/media').lastmod).toBe(galleries.sort().at(-1));
});
