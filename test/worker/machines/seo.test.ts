// What crawlers and feed readers see: head metadata, JSON-LD, robots, sitemaps, feeds, JSON alternates.
import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect, test } from 'vitest';
import { cacheRules } from '#src/http/cache-rules';
import { renderFresh } from '../fresh-render';
import { STORY_JSON_KEYS } from '../../fixtures/story-json';
import { get } from '../request';

const PUBLIC_ORIGIN = 'https://news.test.example'; // newsroom.url of the test content
const html = async (path: string) => (await get(path)).text();
/** Tests that change D1 behind the import's back read past the page cache (a session cookie bypasses it). */
const fresh = (path: string) => renderFresh(path);
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

function jsonLd(page: string): Record<string, unknown>[] {
  const block = page.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  expect(block, 'a JSON-LD block').toBeDefined();
  return JSON.parse(block!) as Record<string, unknown>[];
}

const links = (page: string, rel: string) => [...page.matchAll(new RegExp(`<link rel="${rel}"([^>]*)/?>`, 'g'))].map((match) => match[1]!);
const hreflangs = (page: string) =>
  links(page, 'alternate')
    .map((attributes) => [attributes.match(/hrefLang="([^"]+)"/)?.[1], attributes.match(/href="([^"]+)"/)?.[1]])
    .filter(([lang]) => lang);

test('the homepage has canonical, sorted hreflang with x-default, Open Graph, Twitter and JSON-LD', async () => {
  const page = await html('/');
  expect(page).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/"/>`);
  expect(hreflangs(page)).toEqual([
    ['ar', `${PUBLIC_ORIGIN}/ar`],
    ['en', `${PUBLIC_ORIGIN}/`],
    ['fr', `${PUBLIC_ORIGIN}/fr`],
    ['x-default', `${PUBLIC_ORIGIN}/`],
  ]);
  expect(page).toContain('<meta property="og:type" content="website"/>');
  expect(page).toContain('<meta property="og:locale" content="en_US"/>');
  expect(page).toContain('<meta property="og:site_name" content="Acme Test Co"/>');
  expect(page).toContain('<meta name="twitter:card"');
  expect(page).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="Acme Test Co: latest stories" href="https:\/\/news\.test\.example\/feed"\/>/);
  expect(page.match(/<h1[\s>]/g)).toHaveLength(1);
  const [organization, website] = jsonLd(page);
  expect(organization).toMatchObject({ '@type': 'Organization', name: 'Acme Test Co', sameAs: ['https://www.linkedin.com/company/acme-test', 'https://twitter.com/acmetest'] });
  expect(organization!.contactPoint).toEqual([expect.objectContaining({ '@type': 'ContactPoint', contactType: 'press', name: 'Jane Press', email: 'jane@acme.example' })]);
  expect(website).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' } });
});

test('a translated story has article metadata, NewsArticle, breadcrumbs, its translations as hreflang and a JSON alternate', async () => {
  const page = await html('/english-story-03');
  expect(page).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/english-story-03"/>`);
  expect(hreflangs(page)).toEqual([
    ['ar', `${PUBLIC_ORIGIN}/arabic-story-03`],
    ['en', `${PUBLIC_ORIGIN}/english-story-03`],
    ['fr', `${PUBLIC_ORIGIN}/histoire-francaise-03`],
    ['x-default', `${PUBLIC_ORIGIN}/english-story-03`],
  ]);
  expect(page).toContain('<meta property="og:type" content="article"/>');
  expect(page).toContain('<meta property="article:published_time" content="2026-03-03T09:00:00.000Z"/>');
  expect(page).toMatch(/<meta property="og:image" content="https:\/\/news\.test\.example\/media\/[0-9a-f-]{36}\/[^"]*cover\.jpg"\/>/);
  expect(page).toContain('<meta property="og:image:width" content="120"/>');
  expect(page).toContain(`<link rel="alternate" type="application/json" href="${PUBLIC_ORIGIN}/english-story-03.json"/>`);
  const data = jsonLd(page);
  const article = data.find((item) => item['@type'] === 'NewsArticle')!;
  expect(article).toMatchObject({ headline: 'English story number 03', datePublished: '2026-03-03T09:00:00.000Z', inLanguage: 'en', articleSection: ['Products', 'Company'], author: { '@type': 'Person', name: 'Jane Press' } });
  expect(article.image).toEqual([expect.objectContaining({ '@type': 'ImageObject', width: 120, height: 80 })]);
  const breadcrumb = data.find((item) => item['@type'] === 'BreadcrumbList')!;
  expect((breadcrumb.itemListElement as { name: string }[]).map((item) => item.name)).toEqual(['Acme Test Co', 'Products', 'English story number 03']);
});

test('a story without a cover gives its NewsArticle the newsroom image of its Open Graph card', async () => {
  await withSql('UPDATE newsroom SET thumbnail = newsroom_logo', 'UPDATE newsroom SET thumbnail = NULL', async () => {
    const page = await (await fresh('/histoire-francaise-03')).text();
    const ogImage = page.match(/<meta property="og:image" content="([^"]+)"\/>/)?.[1];
    expect(ogImage).toMatch(/^https:\/\/news\.test\.example\/media\/[0-9a-f-]{36}\//);
    const article = jsonLd(page).find((item) => item['@type'] === 'NewsArticle')!;
    expect(article.image).toEqual([expect.objectContaining({ '@type': 'ImageObject', url: ogImage, width: expect.any(Number), height: expect.any(Number) })]);
  });
});

test('a story’s SEO settings win: title, description and canonical', async () => {
  const page = await html('/english-story-02');
  expect(page).toContain('<title>SEO title of story 02</title>');
  expect(page).toContain('<meta name="description" content="SEO description of story 02"/>');
  expect(page).toContain('<link rel="canonical" href="https://elsewhere.example/original-02"/>');
});

test('a category page has its own canonical, its translated slugs as hreflang (only where it exists) and its feeds', async () => {
  const page = await html('/category/products');
  expect(page).toContain(`<link rel="canonical" href="${PUBLIC_ORIGIN}/category/products"/>`);
  expect(hreflangs(page).map(([lang, href]) => `${lang} ${href}`)).toEqual([
    `en ${PUBLIC_ORIGIN}/category/products`,
    `fr ${PUBLIC_ORIGIN}/fr/category/produits`,
    `x-default ${PUBLIC_ORIGIN}/category/products`,
  ]);
  expect(page).toContain(`href="${PUBLIC_ORIGIN}/category/products/feed"`);
});

/** Changes the seeded content for one test; storage is shared by the tests of a file. */
async function withSql<T>(change: string, undo: string, run: () => Promise<T>): Promise<T> {
  await env.DB.prepare(change).run();
  try {
    return await run();
  } finally {
    await env.DB.prepare(undo).run();
  }
}

test('JSON-LD cannot be broken out of: < is escaped', async () => {
  await withSql(
    "UPDATE company_information SET name = 'Acme </script><script>alert(1)</script>' WHERE locale = 'en'",
    "UPDATE company_information SET name = 'Acme Test Co' WHERE locale = 'en'",
    async () => {
      const page = await (await fresh('/')).text();
      const block = page.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!;
      expect(block).not.toContain('<');
      expect(JSON.parse(block)[0].name).toBe('Acme </script><script>alert(1)</script>');
    },
  );
});

test('a non-indexable newsroom says noindex everywhere, disallows robots and has no sitemap', async () => {
  await withSql('UPDATE newsroom SET is_indexable = 0', 'UPDATE newsroom SET is_indexable = 1', async () => {
    for (const path of ['/', '/english-story-03', '/category/products']) {
      const response = await fresh(path);
      expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    expect((await fresh('/english-story-03')).headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await (await fresh('/robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    expect((await fresh('/sitemap.xml')).status).toBe(404);
  });
});

test('an indexable newsroom’s pages carry no noindex', async () => {
  for (const path of ['/', '/english-story-03', '/category/products']) {
    const response = await get(path);
    expect(await response.text()).not.toContain('noindex');
    expect(response.headers.get('X-Robots-Tag')).toBeNull();
  }
});

test('robots.txt of an indexable newsroom allows crawling and names the sitemap', async () => {
  const response = await get('/robots.txt');
  expect(response.headers.get('Content-Type')).toContain('text/plain');
  const text = await response.text();
  expect(text).toContain('Allow: /');
  expect(text).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
});

test('robots.txt states the content signals in the `User-agent: *` group: by default search and AI input yes, AI training no', async () => {
  const text = await (await get('/robots.txt')).text();
  expect(text.startsWith('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n')).toBe(true);
  expect(text.match(/Content-Signal:/g)).toHaveLength(1);
});

test('robots.txt states the newsroom’s own content signals, and the defaults for a row imported before they existed', async () => {
  await withSql(
    `UPDATE newsroom SET content_signals = '{"search":false,"ai_input":false,"ai_train":true}'`,
    `UPDATE newsroom SET content_signals = '{"search":true,"ai_input":true,"ai_train":false}'`,
    async () => {
      expect(await (await fresh('/robots.txt')).text()).toContain('User-agent: *\nContent-Signal: search=no, ai-input=no, ai-train=yes\nAllow: /\n');
    },
  );
  await withSql('UPDATE newsroom SET content_signals = NULL', `UPDATE newsroom SET content_signals = '{"search":true,"ai_input":true,"ai_train":false}'`, async () => {
    expect(await (await fresh('/robots.txt')).text()).toContain('\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n');
  });
});

test('a newsroom whose content signals are not enabled states none: robots.txt has no Content-Signal line and keeps its rules', async () => {
  await withSql(
    `UPDATE newsroom SET content_signals = '{"enabled":false,"search":true,"ai_input":true,"ai_train":false}'`,
    `UPDATE newsroom SET content_signals = '{"enabled":true,"search":true,"ai_input":true,"ai_train":false}'`,
    async () => {
      const text = await (await fresh('/robots.txt')).text();
      expect(text).not.toContain('Content-Signal');
      expect(text.startsWith('User-agent: *\nAllow: /\nDisallow: /api/\n')).toBe(true);
      expect(text).toContain('\nSitemap: ');
    },
  );
});

test('the sitemap index lists per-language sitemaps and the news sitemap; each parses', async () => {
  const index = await (await get('/sitemap.xml')).text();
  expect(XMLValidator.validate(index)).toBe(true);
  const locs = [xml.parse(index).sitemapindex.sitemap].flat().map((entry: { loc: string }) => entry.loc);
  expect(locs).toEqual([
    `${PUBLIC_ORIGIN}/sitemaps/en-pages.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/en-stories-1.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/fr-pages.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/fr-stories-1.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/ar-pages.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/ar-stories-1.xml`,
    `${PUBLIC_ORIGIN}/sitemaps/news.xml`,
  ]);
  for (const loc of locs) {
    const body = await (await get(new URL(loc).pathname)).text();
    expect(XMLValidator.validate(body), loc).toBe(true);
  }
});

test('a stories sitemap lists every public story of the language with lastmod, hreflang pairs and its image', async () => {
  const body = await (await get('/sitemaps/en-stories-1.xml')).text();
  const urls = [xml.parse(body).urlset.url].flat() as Record<string, unknown>[];
  expect(urls).toHaveLength(16);
  const story = urls.find((entry) => entry.loc === `${PUBLIC_ORIGIN}/english-story-03`)!;
  expect(story.lastmod).toBe('2026-03-03T09:00:00.000Z');
  expect((story['xhtml:link'] as { '@hreflang': string }[]).map((link) => link['@hreflang'])).toEqual(['ar', 'en', 'fr', 'x-default']);
  expect(story['image:image']).toMatchObject({ 'image:loc': expect.stringContaining('/cover.jpg') });
  expect(body).not.toContain('private-story');
  expect((await get('/sitemaps/en-stories-2.xml')).status).toBe(404);
  expect((await get('/sitemaps/de-pages.xml')).status).toBe(404);
});

test('a story without translations has no hreflang links in its sitemap entry (they would only name itself)', async () => {
  const body = await (await get('/sitemaps/en-stories-1.xml')).text();
  const urls = [xml.parse(body).urlset.url].flat() as Record<string, unknown>[];
  const lone = urls.find((entry) => entry.loc === `${PUBLIC_ORIGIN}/english-story-01`)!;
  expect(lone.lastmod).toBeDefined();
  expect(lone['xhtml:link']).toBeUndefined();
});

test('a pages sitemap holds the homepage, categories, tags, media index and galleries with their images', async () => {
  const body = await (await get('/sitemaps/fr-pages.xml')).text();
  const locs = ([xml.parse(body).urlset.url].flat() as { loc: string }[]).map((entry) => entry.loc);
  expect(locs).toEqual([
    `${PUBLIC_ORIGIN}/fr`,
    `${PUBLIC_ORIGIN}/fr/category/produits`,
    `${PUBLIC_ORIGIN}/fr/tag/launch`,
    `${PUBLIC_ORIGIN}/fr/tag/%C3%A9nergie`,
    `${PUBLIC_ORIGIN}/fr/media`,
    `${PUBLIC_ORIGIN}/fr/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b`,
  ]);
});

test('the RSS feed is valid XML with full items: title, link, guid, date, content, categories and image', async () => {
  const response = await get('/feed');
  expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8');
  expect(response.headers.get('Cache-Control')).toBe(cacheRules.feed);
  const body = await response.text();
  expect(XMLValidator.validate(body)).toBe(true);
  const channel = xml.parse(body).rss.channel;
  expect(channel.title).toBe('Acme Test Co: latest stories');
  expect(channel.lastBuildDate).toBe(new Date(Date.UTC(2026, 2, 15, 9)).toUTCString());
  const items = channel.item as Record<string, unknown>[];
  expect(items).toHaveLength(16);
  const item = items.find((entry) => entry.link === `${PUBLIC_ORIGIN}/english-story-03`)!;
  expect(item.title).toBe('English story number 03');
  expect(item.guid).toMatchObject({ '@isPermaLink': 'false' });
  expect(item.pubDate).toBe('Tue, 03 Mar 2026 09:00:00 GMT');
  expect(item.category).toEqual(['Products', 'Company']);
  expect(item['content:encoded']).toContain(`src="${PUBLIC_ORIGIN}/media/`);
  expect(item['content:encoded']).not.toMatch(/(src|href)="\/(?!\/)/);
  expect(item.enclosure).toMatchObject({ '@type': 'image/jpeg', '@url': expect.stringMatching(/^https:\/\/news\.test\.example\/media\//) });
  expect(item['media:content']).toMatchObject({ '@medium': 'image', '@width': '120' });
});

test('Atom and JSON Feed variants carry the same items', async () => {
  const atom = await (await get('/feed/atom')).text();
  expect(XMLValidator.validate(atom)).toBe(true);
  const entries = xml.parse(atom).feed.entry as Record<string, unknown>[];
  expect(entries).toHaveLength(16);
  expect(entries[0]!.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
  const json = (await (await get('/feed/json')).json()) as { version: string; items: Record<string, unknown>[] };
  expect(json.version).toBe('https://jsonfeed.org/version/1.1');
  expect(json.items).toHaveLength(16);
  expect(json.items[0]).toEqual(expect.objectContaining({ id: expect.any(String), url: expect.any(String), title: expect.any(String), content_html: expect.any(String), date_published: expect.any(String) }));
});

test('language and category feeds exist; unknown ones are 404', async () => {
  const fr = xml.parse(await (await get('/fr/feed')).text()).rss.channel;
  expect(fr.language).toBe('fr');
  expect([fr.item].flat()).toHaveLength(2);
  const category = xml.parse(await (await get('/category/company-news/feed')).text()).rss.channel;
  expect([category.item].flat().map((item: { title: string }) => item.title)).toEqual(['English story number 03']);
  expect((await get('/category/nope/feed')).status).toBe(404);
  expect((await get('/fr/category/company-news/feed')).status).toBe(404);
});

test('every RSS feed names its own address as atom:link rel="self", the Atom namespace declared', async () => {
  for (const path of ['/feed', '/fr/feed', '/category/products/feed', '/fr/category/produits/feed', '/tag/launch/feed', '/fr/tag/%C3%A9nergie/feed']) {
    const body = await (await get(path)).text();
    expect(body, path).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"');
    const links = [xml.parse(body).rss.channel['atom:link']].flat() as { '@href': string; '@rel': string; '@type'?: string }[];
    expect(links.filter((link) => link['@rel'] === 'self'), path).toEqual([{ '@href': `${PUBLIC_ORIGIN}${path}`, '@rel': 'self', '@type': 'application/rss+xml' }]);
  }
});

test('feeds answer conditional requests with 304', async () => {
  const first = await get('/feed');
  const etag = first.headers.get('ETag')!;
  const lastModified = first.headers.get('Last-Modified')!;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  expect((await get('/feed', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  expect((await get('/feed', { headers: { 'If-Modified-Since': lastModified } })).status).toBe(304);
  expect((await get('/feed', { headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(200);
});

/** Parsed JSON, walked freely by the contract tests (values are checked, not typed). */
type Json = { readonly [key: string]: Json };

test('the JSON alternate of a story is SPEC section 3’s Story, with its language, categories and newsroom as entities', async () => {
  const response = await get('/english-story-03.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  const story = (await response.json()) as Json;
  expect(Object.keys(story).sort()).toEqual(STORY_JSON_KEYS);
  // The author's e-mail is a person's address: withheld. The body's own contact block is public content.
  expect(story.author).toEqual({ display_name: 'Jane Press', email: null });
  expect(JSON.stringify(story)).not.toContain('"jane@acme.example"');
  expect(story).toMatchObject({ slug: 'english-story-03', status: 'published', visibility: 'public', culture: { code: 'en', locale: 'en' } });
  expect(story.seo_settings).toEqual({ meta_title: null, meta_description: null, canonical_url: null });
  expect(story.oembed).toEqual({ url: `${PUBLIC_ORIGIN}/english-story-03`, title: 'English story number 03', thumbnail_url: expect.stringMatching(/^https:\/\/news\.test\.example\/media\//), thumbnail_width: 120, thumbnail_height: 80 });
  expect(story.translations).toEqual([
    { culture: { code: 'ar', locale: 'ar' }, status: 'published', visibility: 'public', slug: 'arabic-story-03', locale: 'ar', url: `${PUBLIC_ORIGIN}/arabic-story-03` },
    { culture: { code: 'fr', locale: 'fr' }, status: 'published', visibility: 'public', slug: 'histoire-francaise-03', locale: 'fr', url: `${PUBLIC_ORIGIN}/histoire-francaise-03` },
  ]);
  // Category: name, slug, display_name and the i18n map.
  expect(story.categories![0]).toEqual({
    id: 1,
    name: 'Products',
    slug: 'products',
    display_name: 'Products',
    i18n: { en: { name: 'Products', slug: 'products', description: 'Product news.' }, fr: { name: 'Produits', slug: 'produits', description: 'Actualités produits.' } },
    url: `${PUBLIC_ORIGIN}/category/products`,
  });
  // Language: locale {name, native_name, language_code}, company_information, notifications.
  expect(story.language).toMatchObject({ code: 'en', is_default: true, public_stories_count: 16, locale: { name: 'English', native_name: 'English', language_code: 'en' }, notifications: [] });
  expect(Object.keys(story.language!.company_information!).sort()).toEqual(
    ['about', 'about_plaintext', 'address', 'custom_data_request_link', 'email', 'facebook', 'instagram', 'linkedin', 'name', 'phone', 'pinterest', 'seo_settings', 'tiktok', 'twitter', 'website', 'youtube'].sort(),
  );
  expect(story.language!.company_information!.seo_settings).toEqual({ meta_title: null, default_meta_title: null, meta_description: null, default_meta_description: null });
  // Newsroom, with thumbnail_url.
  expect(Object.keys(story.newsroom!).sort()).toEqual(
    ['display_name', 'google_analytics_id', 'google_search_console_key', 'icon', 'is_indexable', 'is_plausible_enabled', 'newsroom_logo', 'onetrust_cookie_consent', 'plausible_site_id', 'segment_analytics_id', 'square_logo', 'thumbnail_url', 'tracking_policy', 'url', 'uuid'].sort(),
  );
  expect(story.newsroom).toMatchObject({ uuid: '11111111-2222-4333-8444-555555555555', url: PUBLIC_ORIGIN, display_name: 'Test Newsroom', thumbnail_url: null });
  expect(story.newsroom!.newsroom_logo).toMatchObject({ filename: 'photo.jpg', cdnUrl: expect.stringMatching(/^https:\/\/news\.test\.example\/media\/.+\/photo\.jpg$/) });
});

test('the JSON alternate of a gallery is SPEC section 3’s Gallery: images, counts, thumbnail_image as a JSON string, uploadcare_image', async () => {
  const page = await (await get('/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b')).text();
  expect(page).toContain('<link rel="alternate" type="application/json" href="https://news.test.example/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.json"/>');
  const response = await get('/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.json');
  expect(response.status).toBe(200);
  const gallery = (await response.json()) as Json;
  expect(Object.keys(gallery).sort()).toEqual(['description', 'images', 'images_number', 'thumbnail_image', 'title', 'uploadcare_image', 'url', 'uuid', 'videos', 'videos_number']);
  expect(gallery).toMatchObject({ uuid: '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', images_number: 2, videos_number: 2 });
  expect(gallery.images).toHaveLength(2);
  expect(gallery.images![0]).toMatchObject({ version: 2, filename: 'photo.jpg', mime_type: 'image/jpeg', original_width: 90, original_height: 60, effects: [] });
  expect(typeof gallery.thumbnail_image).toBe('string');
  expect(JSON.parse(gallery.thumbnail_image as unknown as string)).toMatchObject({ uuid: gallery.uploadcare_image!.uuid, filename: 'photo.jpg' });
  expect((await get('/media/album/7b1f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.json')).status).toBe(404);
});

test.each(['/private-story.json', '/draft-story.json', '/embargoed-story.json', '/nope.json'])('%s is a 404 like its page', async (path) => {
  expect((await get(path)).status).toBe(404);
});
