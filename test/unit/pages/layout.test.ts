// The layout every newsroom page shares (src/pages/layout.ts), built from a plain site
// context: titles, policy links, feeds, icons, social images, and the layout's switcher, head and
// navigation. Addresses are written out in full: they are what crawlers and visitors follow.
import { urlContextOf } from '#src/i18n/urls';
import { describe, expect, test } from 'vitest';
import type { Category } from '#src/domain/category';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { absoluteImage, buildLayout, languageFeeds, pageTitle, policyHref, siteIcons, tagFeeds, themeStylesheetHref, type LayoutInput } from '#src/pages/layout';
import { company, NEWSROOM_UUID, ORIGIN, testConfig, testSite } from '../jobs/site-fixture';

const config = testConfig();

const UUID = '0b7e1a2c-3d4e-4f50-8a6b-7c8d9e0f1a2b';
function image(width: number, height: number, extra: Partial<StoredImagePayload> = {}): StoredImagePayload {
  return { version: 2, uuid: UUID, filename: 'wind farm.jpg', mime_type: 'image/jpeg', size: 1000, original_width: width, original_height: height, effects: [], ...extra };
}

function category(key: string, i18n: Category['i18n'], counts: Category['public_stories_count']): Category {
  return { id: key.length, key, i18n, public_stories_count: counts, is_featured: false, image: null };
}

/** An Acme newsroom in English (default) and French, with its company named in English only. */
const site = testSite({ companies: { en: { ...company('Acme Energy'), seo_settings: { meta_title: 'Acme Energy newsroom' } } } });

function layout(input: Partial<LayoutInput> = {}, siteContext = site) {
  return buildLayout({ site: siteContext, config, locale: 'en', path: '/wind-farm', title: 'Wind farm | Acme Energy', description: 'A wind farm opens', pageTranslations: [], ...input });
}

describe('titles and addresses', () => {
  test.each([
    ['the default language', testSite(), 'en'],
    ['a French newsroom', testSite({ languages: [{ code: 'fr', is_default: true, public_stories_count: 1 }, { code: 'en', is_default: false, public_stories_count: 1 }] }), 'fr'],
  ])('links are unprefixed in %s', (_case, siteContext, defaultLocale) => {
    expect(urlContextOf(siteContext)).toEqual({ defaultLocale });
  });

  test.each([
    ['a page', 'en', 'Search', 'Search | Acme Energy'],
    ['the homepage, with the company’s SEO title', 'en', null, 'Acme Energy newsroom'],
    // Named by the default language's company, as its header is.
    ['a page of a language without company information', 'fr', 'Recherche', 'Recherche | Acme Energy'],
    ['the homepage of a language without company information', 'fr', null, 'Acme Energy'],
  ])('the title of %s', (_case, locale, pageName, title) => {
    expect(pageTitle(site, locale, pageName)).toBe(title);
  });

  test.each([
    [{ meta_title: 'Own title', default_meta_title: 'Default title' }, 'Own title'],
    [{ meta_title: '', default_meta_title: 'Default title' }, 'Default title'],
    [{}, 'Acme Energy'],
  ])('a homepage with SEO settings %o is titled %s', (seo_settings, title) => {
    expect(pageTitle(testSite({ companies: { en: { ...company('Acme Energy'), seo_settings } } }), 'en', null)).toBe(title);
  });

  const withPolicies = testSite({
    policy_pages: [
      { kind: 'privacy-policy', locale: 'en' },
      { kind: 'privacy-policy', locale: 'fr' },
    ],
    companies: { en: { ...company('Acme Energy'), cookie_policy_url: 'https://acme.example/cookies', privacy_policy_url: 'https://acme.example/privacy' } },
  });
  test.each([
    ['privacy-policy', 'en', '/privacy-policy'],
    ['privacy-policy', 'fr', '/fr/privacy-policy'],
    ['cookie-policy', 'en', 'https://acme.example/cookies'],
    ['cookie-policy', 'fr', null],
  ] as const)('the %s link in %s: our page when the folder wrote one, else the organisation’s, else none → %s', (kind, locale, href) => {
    expect(policyHref(withPolicies, locale, kind)).toBe(href);
  });

  test('a theme that changes nothing has no stylesheet; one that does is named by its hash', () => {
    expect(themeStylesheetHref(testSite())).toBeNull();
    const href = themeStylesheetHref(testSite({}, { theme: { accent: '#123456' } }));
    expect(href).toMatch(/^\/theme-[0-9a-z]+\.css$/);
    expect(themeStylesheetHref(testSite({}, { theme: { accent: '#654321' } }))).not.toBe(href);
  });
});

describe('images and icons', () => {
  test.each([
    ['no image', null, '/media', undefined, null],
    ['a wide image, shown 1200 wide', image(1600, 900), '/media', undefined, { url: `${ORIGIN}/media/${UUID}/-/resize/1200x/wind%20farm.jpg`, width: 1200, height: 675 }],
    ['a wide image at 400', image(1600, 900), '/media', 400, { url: `${ORIGIN}/media/${UUID}/-/resize/400x/wind%20farm.jpg`, width: 400, height: 225 }],
    ['a narrow image, as it is', image(800, 600), '/media', undefined, { url: `${ORIGIN}/media/${UUID}/wind%20farm.jpg`, width: 800, height: 600 }],
    ['an image on the CDN, which stays there', image(800, 600), 'https://ucarecdn.com', undefined, { url: `https://ucarecdn.com/${UUID}/wind%20farm.jpg`, width: 800, height: 600 }],
    [
      'an image with caption, credit and licence',
      image(800, 600, { 'prezly:data': { caption: 'The farm', credit: 'Jane Doe', licence: 'https://creativecommons.org/licenses/by/4.0/' } }),
      '/media',
      undefined,
      { url: `${ORIGIN}/media/${UUID}/wind%20farm.jpg`, width: 800, height: 600, caption: 'The farm', credit: 'Jane Doe', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' },
    ],
  ])('%s', (_case, stored, mediaRoot, width, expected) => {
    expect(absoluteImage(stored, mediaRoot, ORIGIN, width)).toEqual(expected);
  });

  const icon = image(64, 64, { uuid: '11111111-1111-4111-8111-111111111111', filename: 'icon.png' });
  const square = image(512, 512, { uuid: '22222222-2222-4222-8222-222222222222', filename: 'logo.png' });
  test.each([
    ['neither', {}, { icon: null, appleTouchIcon: null }],
    ['an icon only: both from it', { icon }, { icon: '/media/11111111-1111-4111-8111-111111111111/-/scale_crop/32x32/center/icon.png', appleTouchIcon: '/media/11111111-1111-4111-8111-111111111111/-/scale_crop/180x180/center/icon.png' }],
    ['a square logo only: both from it', { square_logo: square }, { icon: '/media/22222222-2222-4222-8222-222222222222/-/scale_crop/32x32/center/logo.png', appleTouchIcon: '/media/22222222-2222-4222-8222-222222222222/-/scale_crop/180x180/center/logo.png' }],
    ['both: the icon for the favicon, the logo for the touch icon', { icon, square_logo: square }, { icon: '/media/11111111-1111-4111-8111-111111111111/-/scale_crop/32x32/center/icon.png', appleTouchIcon: '/media/22222222-2222-4222-8222-222222222222/-/scale_crop/180x180/center/logo.png' }],
  ])('site icons with %s', (_case, newsroom, expected) => {
    expect(siteIcons(testSite({}, newsroom), '/media')).toEqual(expected);
  });
});

describe('feeds', () => {
  test.each([
    ['en', null, 'Acme Energy: latest stories', `${ORIGIN}/feed`],
    ['fr', null, 'Acme Energy : dernières actualités', `${ORIGIN}/fr/feed`],
    ['en', { slug: 'wind', name: 'Wind' }, 'Acme Energy: Wind', `${ORIGIN}/category/wind/feed`],
    ['fr', { slug: 'eolien', name: 'Éolien' }, 'Acme Energy : Éolien', `${ORIGIN}/fr/category/eolien/feed`],
  ])('the %s feeds of category %o: RSS, Atom and JSON Feed, titled %s', (locale, categoryRef, title, rss) => {
    expect(languageFeeds(site, locale, categoryRef)).toEqual([
      { type: 'application/rss+xml', title, href: rss },
      { type: 'application/atom+xml', title, href: `${rss}/atom` },
      { type: 'application/feed+json', title, href: `${rss}/json` },
    ]);
  });

  test('a tag’s feeds live under its page and are titled after it', () => {
    expect(tagFeeds(site, 'fr', 'Offshore Wind', 'Éolien en mer').map((feed) => [feed.title, feed.href])).toEqual([
      ['Acme Energy : Éolien en mer', `${ORIGIN}/fr/tag/offshore%20wind/feed`],
      ['Acme Energy : Éolien en mer', `${ORIGIN}/fr/tag/offshore%20wind/feed/atom`],
      ['Acme Energy : Éolien en mer', `${ORIGIN}/fr/tag/offshore%20wind/feed/json`],
    ]);
  });
});

describe('the layout', () => {
  test.each([
    ['a page that exists in English only', false, [{ code: 'en', href: '/wind-farm', isCurrent: true }, { code: 'fr', href: '/fr', isCurrent: false }]],
    ['a story that exists in English only', true, [{ code: 'en', href: '/wind-farm', isCurrent: true }]],
  ])('the language switcher of %s offers that page, and for a page the other homepages', (_case, translationsOnly, languages) => {
    const model = layout({ pageTranslations: [{ code: 'en', href: '/wind-farm' }], translationsOnly });
    expect(model.languages.map(({ code, href, isCurrent }) => ({ code, href, isCurrent }))).toEqual(languages);
  });

  test('a translation in a language the newsroom does not have is neither offered nor named in the head', () => {
    const model = layout({ pageTranslations: [{ code: 'en', href: '/wind-farm' }, { code: 'de', href: '/de/windpark' }] });
    expect(model.context.translations.map((page) => page.code)).toEqual(['en']);
    expect(model.languages.map((language) => language.code)).toEqual(['en', 'fr']);
  });

  test('hreflang names each translation absolutely, with English as x-default', () => {
    const model = layout({ pageTranslations: [{ code: 'fr', href: '/parc-eolien' }, { code: 'en', href: '/wind-farm' }] });
    expect(model.head.alternates).toEqual([
      { hreflang: 'en', href: `${ORIGIN}/wind-farm` },
      { hreflang: 'fr', href: `${ORIGIN}/parc-eolien` },
      { hreflang: 'x-default', href: `${ORIGIN}/wind-farm` },
    ]);
    expect(model.head.openGraph?.alternateLocales).toEqual(['fr_FR']);
  });

  test.each([
    [undefined, `${ORIGIN}/wind-farm`],
    ['https://acme.example/original', 'https://acme.example/original'],
  ])('with canonical %s the canonical address is %s', (canonical, expected) => {
    expect(layout(canonical ? { canonical } : {}).head.canonical).toBe(expected);
  });

  test.each([
    [true, undefined, true],
    [true, true, true],
    [true, false, false],
    [false, undefined, false],
    [false, true, false],
  ])('a newsroom indexable %s and a page indexable %s → indexable %s', (newsroomIndexable, pageIndexable, expected) => {
    const siteContext = testSite({}, { is_indexable: newsroomIndexable });
    expect(layout(pageIndexable === undefined ? {} : { indexable: pageIndexable }, siteContext).head.indexable).toBe(expected);
  });

  test('the navigation lists the categories translated and with public stories in the language, the current one marked', () => {
    const categories = [
      category('wind', { en: { name: 'Wind', slug: 'wind', description: '' }, fr: { name: 'Éolien', slug: 'eolien', description: '' } }, { en: 3, fr: 1 }),
      category('solar', { en: { name: 'Solar', slug: 'solar', description: '' } }, { en: 0 }),
      category('grid', { fr: { name: 'Réseau', slug: 'reseau', description: '' } }, { fr: 2 }),
    ];
    const siteContext = testSite({ categories });
    expect(layout({ currentCategorySlug: 'wind' }, siteContext).navigation.categories).toEqual([{ name: 'Wind', href: '/category/wind', isCurrent: true }]);
    expect(layout({ locale: 'fr' }, siteContext).navigation.categories).toEqual([
      { name: 'Éolien', href: '/fr/category/eolien', isCurrent: false },
      { name: 'Réseau', href: '/fr/category/reseau', isCurrent: false },
    ]);
  });

  test.each([
    [0, false, null],
    [2, false, { name: 'Media gallery', href: '/media', isCurrent: false }],
    [2, true, { name: 'Media gallery', href: '/media', isCurrent: true }],
  ])('with %i galleries (on the media page: %s) the media entry is %o', (galleries_count, isMediaPage, media) => {
    expect(layout({ isMediaPage }, testSite({ galleries_count })).navigation.media).toEqual(media);
  });

  test('the head names the oEmbed answer and the Markdown form only for pages that have them', () => {
    const plain = layout();
    expect(plain.head.oembed).toBeNull();
    expect(plain.head.markdownAlternate).toBeNull();
    const story = layout({ oembed: true, hasMarkdown: true });
    expect(story.head.oembed).toEqual({ href: `${ORIGIN}/oembed?url=${encodeURIComponent(`${ORIGIN}/wind-farm`)}&format=json`, title: 'Wind farm | Acme Energy' });
    expect(story.head.markdownAlternate).toBe(`${ORIGIN}/wind-farm.md`);
  });

  test('a page’s own image is its social image, else the newsroom’s thumbnail', () => {
    const siteContext = testSite({}, { thumbnail: image(800, 600) });
    expect(layout({}, siteContext).head.openGraph?.image?.url).toBe(`${ORIGIN}/media/${UUID}/wind%20farm.jpg`);
    const own = image(800, 600, { uuid: '33333333-3333-4333-8333-333333333333', filename: 'own.jpg' });
    expect(layout({ image: own }, siteContext).head.openGraph?.image?.url).toBe(`${ORIGIN}/media/33333333-3333-4333-8333-333333333333/own.jpg`);
  });

  // The layout falls back to the default language's company, unlike pageTitle and the feeds.
  test('breadcrumbs start at the language’s homepage, named after the company (the default language’s when it has none)', () => {
    const model = layout({ locale: 'fr', breadcrumbs: [{ name: 'Éolien', path: '/fr/category/eolien' }] });
    expect(model.head.jsonLd?.find((item) => item['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Acme Energy', item: `${ORIGIN}/fr` },
        { position: 2, name: 'Éolien', item: `${ORIGIN}/fr/category/eolien` },
      ],
    });
    expect(layout().head.jsonLd?.map((item) => item['@type'])).toEqual(['Organization', 'WebSite']);
  });

  test.each([
    ['default', true],
    ['disabled', false],
  ] as const)('with the %s tracking policy tracking is enabled: %s', (tracking_policy, enabled) => {
    expect(layout({}, testSite({}, { tracking_policy })).context.isTrackingEnabled).toBe(enabled);
  });

  test('home, search and the privacy portal are the language’s; the portal always names its language', () => {
    const model = layout({ locale: 'fr' });
    expect(model.homeHref).toBe('/fr');
    expect(model.searchAction).toBe('/fr/search');
    expect(model.portalLinks).toEqual({ subscribe: `/fr/newsroom/${NEWSROOM_UUID}/subscribe`, dataRequest: `/fr/newsroom/${NEWSROOM_UUID}/data-request` });
    expect(layout().portalLinks.subscribe).toBe(`/en/newsroom/${NEWSROOM_UUID}/subscribe`);
  });
});
