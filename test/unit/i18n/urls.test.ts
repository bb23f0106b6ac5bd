import { expect, test } from 'vitest';
import { buildAlternates } from '#src/i18n/alternates';
import { urls } from '#src/i18n/urls';

const ctx = { defaultLocale: 'en' };

test.each([
  [urls.home(ctx, 'en'), '/'],
  [urls.home(ctx, 'fr'), '/fr'],
  [urls.home(ctx, 'en', 2), '/?page=2'],
  [urls.home(ctx, 'nl', 3), '/nl?page=3'],
  [urls.story('my-story'), '/my-story'],
  [urls.story('ünïcode story'), '/%C3%BCn%C3%AFcode%20story'],
  [urls.storyJson('my-story'), '/my-story.json'],
  [urls.category(ctx, 'en', 'energy'), '/category/energy'],
  [urls.category(ctx, 'fr', 'énergie', 2), '/fr/category/%C3%A9nergie?page=2'],
  [urls.media(ctx, 'ar'), '/ar/media'],
  [urls.gallery(ctx, 'en', 'abc'), '/media/album/abc'],
  [urls.search(ctx, 'fr', { query: 'vent & soleil' }), '/fr/search?query=vent+%26+soleil'],
  [urls.search(ctx, 'en', { query: 'wind', category: 'energy', year: 2026, month: 11, page: 2 }), '/search?query=wind&category=energy&year=2026&month=11&page=2'],
  [urls.search(ctx, 'en', { query: '', category: null, year: null, month: null, page: 1 }), '/search'],
  [urls.media(ctx, 'en', 2), '/media?page=2'],
  [urls.pageTemplate(urls.category(ctx, 'fr', 'vent', 2)), '/fr/category/vent?page={page}'],
  [urls.pageTemplate(urls.search(ctx, 'en', { query: 'x', page: 3 })), '/search?query=x&page={page}'],
  [urls.feed(ctx, 'en'), '/feed'],
  [urls.tag(ctx, 'en', 'solar'), '/tag/solar'],
  [urls.tag(ctx, 'en', 'Wind Power', 2), '/tag/wind%20power?page=2'],
  [urls.tag(ctx, 'fr', 'Énergie'), '/fr/tag/%C3%A9nergie'],
  [urls.tag(ctx, 'en', 'solar/wind'), '/tag/solar%2Fwind'],
  [urls.tag(ctx, 'en', '100% #1?'), '/tag/100%25%20%231%3F'],
  [urls.tagFeed(ctx, 'fr', 'Énergie'), '/fr/tag/%C3%A9nergie/feed'],
  [urls.tagFeed(ctx, 'en', 'solar', 'atom'), '/tag/solar/feed/atom'],
  [urls.tagFeed(ctx, 'ar', 'إطلاق', 'json'), '/ar/tag/%D8%A5%D8%B7%D9%84%D8%A7%D9%82/feed/json'],
  [urls.privacyPortal('en', 'uuid-1'), '/en/newsroom/uuid-1/subscribe'],
  [urls.privacyPortal('fr', 'uuid-1', 'data-request'), '/fr/newsroom/uuid-1/data-request'],
  [urls.sharedGallery(ctx, 'en', 'gTOKEN'), '/s/gTOKEN'],
  [urls.sharedGallery(ctx, 'pt-br', 'gTOKEN'), '/s/gTOKEN/pt-br'],
  [urls.sharedGalleryArchive('gTOKEN'), '/s/gTOKEN/download'],
])('%s is %s', (actual, expected) => {
  expect(actual).toBe(expected);
});

test('a newsroom whose default is French prefixes English instead', () => {
  expect(urls.home({ defaultLocale: 'fr' }, 'fr')).toBe('/');
  expect(urls.home({ defaultLocale: 'fr' }, 'en')).toBe('/en');
});

test('alternates are sorted by code and x-default is English when the page exists in English', () => {
  expect(
    buildAlternates(
      [
        { code: 'nl', href: 'https://x/nl' },
        { code: 'en', href: 'https://x/' },
        { code: 'ar', href: 'https://x/ar' },
      ],
      'nl',
    ),
  ).toEqual([
    { hreflang: 'ar', href: 'https://x/ar' },
    { hreflang: 'en', href: 'https://x/' },
    { hreflang: 'nl', href: 'https://x/nl' },
    { hreflang: 'x-default', href: 'https://x/' },
  ]);
});

test.each([
  [['en-gb', 'fr', 'nl'], 'nl', 'en-gb'],
  [['en-us', 'fr'], 'fr', 'en-us'],
  [['en-gb', 'en-us', 'fr'], 'fr', 'en-gb'],
  [['en-gb', 'en-us', 'fr'], 'en-us', 'en-us'],
  [['en', 'en-gb', 'en-us'], 'en-us', 'en'],
])('among %j with default %s, x-default is the English %s', (codes, defaultLocale, expected) => {
  const alternates = buildAlternates(
    codes.map((code) => ({ code, href: `/${code}` })),
    defaultLocale,
  );
  expect(alternates.at(-1)).toEqual({ hreflang: 'x-default', href: `/${expected}` });
});

test('without English, x-default is the default language; without either, there is none', () => {
  expect(buildAlternates([{ code: 'fr', href: '/fr' }, { code: 'nl', href: '/nl' }], 'nl').at(-1)).toEqual({ hreflang: 'x-default', href: '/nl' });
  expect(buildAlternates([{ code: 'fr', href: '/fr' }], 'nl').map((a) => a.hreflang)).toEqual(['fr']);
});

test.each([
  ['/', '/'],
  ['/fr/category/wind?page=2#top', '/fr/category/wind?page=2#top'],
  ['//evil.example', '/evil.example'],
  ['///evil.example/x', '/evil.example/x'],
  ['/\\evil.example', '/evil.example'],
  ['\\\\evil.example', '/evil.example'],
  ['/\t/evil.example', '/evil.example'],
  ['/\n/evil.example', '/evil.example'],
  ['\r\n//evil.example', '/evil.example'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/%5Cevil.example', '/%5Cevil.example'],
  ['https://evil.example/', '/'],
  ['http:evil.example', '/'],
  ['javascript:alert(1)', '/'],
  ['evil.example', '/'],
  ['', '/'],
  ['/a/../../evil', '/evil'],
  ['/..//evil.example', '/evil.example'],
  ['/.//evil.example', '/evil.example'],
  ['/%2e//evil.example', '/evil.example'],
  ['/a/..//evil.example', '/evil.example'],
])('the redirect target %j becomes %j, a path on this site', (location, expected) => {
  expect(urls.sameSitePath(location)).toBe(expected);
});

test.each([
  ['/', '/index.md'],
  ['/?page=2', '/index.md?page=2'],
  ['/fr', '/fr/index.md'],
  ['/pt-br', '/pt-br/index.md'],
  ['/solar-park-opens', '/solar-park-opens.md'],
  ['/category/wind-power?page=3', '/category/wind-power.md?page=3'],
  ['/fr/tag/%C3%A9nergie', '/fr/tag/%C3%A9nergie.md'],
])('the Markdown alternate of %s is %s', (page, markdown) => {
  expect(urls.markdown(page)).toBe(markdown);
});

test('the search template keeps its placeholder readable, on the newsroom’s origin', () => {
  expect(urls.absolute('https://n.example', urls.searchTemplate(ctx, 'fr'))).toBe('https://n.example/fr/search?query={search_term_string}');
});

test.each([
  [{ kind: 'pages', locale: 'en' } as const, '/sitemaps/en-pages.xml'],
  [{ kind: 'pages', locale: 'pt-br' } as const, '/sitemaps/pt-br-pages.xml'],
  [{ kind: 'stories', locale: 'es-419', number: 12 } as const, '/sitemaps/es-419-stories-12.xml'],
  [{ kind: 'news' } as const, '/sitemaps/news.xml'],
])('the sitemap file %j is %s, and its name reads back as the same file', (file, path) => {
  expect(urls.sitemap(file)).toBe(path);
  expect(urls.parseSitemapName(path.slice('/sitemaps/'.length))).toEqual(file);
});

test.each(['en-pages', 'en-pages.xml.xml', 'EN-pages.xml', 'x-pages.xml', 'en-stories-0.xml', 'en-stories-01.xml', 'en-stories-10000.xml', 'en-stories.xml', 'en-other.xml', 'fr-ca-toolong-pages.xml', 'news.xml.xml'])(
  'the sitemap name %s is none urls.sitemap builds',
  (name) => {
    expect(urls.parseSitemapName(name)).toBeNull();
  },
);
