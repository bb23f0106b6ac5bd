// Which public addresses a go-live changes (src/jobs/changed-addresses.ts): the pages IndexNow is
// told of and the feeds the WebSub hub is told of.
import { expect, test } from 'vitest';
import type { Category } from '#src/domain/category';
import type { Language } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';
import type { AnnouncedStory } from '#src/domain/publishing-ports';
import { changedFeeds, changedPages } from '#src/jobs/changed-addresses';
import { ORIGIN, testSite } from './site-fixture';


const CATEGORIES: Category[] = [
  {
    id: 1,
    key: 'products',
    i18n: { en: { name: 'Products', slug: 'products', description: '' }, fr: { name: 'Produits', slug: 'produits', description: '' } },
    public_stories_count: { en: 4, fr: 2 },
    is_featured: false,
    image: null,
  },
  // English only.
  { id: 2, key: 'company', i18n: { en: { name: 'Company', slug: 'company-news', description: '' } }, public_stories_count: { en: 1 }, is_featured: false, image: null },
  // Translated, but without public stories yet: not in the navigation, so not a page to announce.
  { id: 3, key: 'events', i18n: { en: { name: 'Events', slug: 'events', description: '' } }, public_stories_count: { en: 0 }, is_featured: false, image: null },
];

function site(languages: Language[] = [
  { code: 'en', is_default: true, public_stories_count: 5 },
  { code: 'fr', is_default: false, public_stories_count: 2 },
  { code: 'ar', is_default: false, public_stories_count: 1 },
]): SiteContext {
  return testSite({ languages, categories: CATEGORIES, revision: 3 });
}

/** A feed's RSS, Atom and JSON Feed addresses, absolute. */
const feedFormats = (path: string) => [`${ORIGIN}${path}`, `${ORIGIN}${path}/atom`, `${ORIGIN}${path}/json`];

function story(slug: string, locale: string, category_ids: number[]): AnnouncedStory {
  return { uuid: `uuid-${slug}`, slug, locale, title: slug, summary: '', category_ids, is_public: true };
}

test('an English story changes its own page, the unprefixed homepage and its category pages', () => {
  expect(changedPages(site(), [story('wind-farm', 'en', [1, 2])])).toEqual([
    `${ORIGIN}/wind-farm`,
    `${ORIGIN}/`,
    `${ORIGIN}/category/products`,
    `${ORIGIN}/category/company-news`,
  ]);
});

test('a French story changes the French homepage and the French pages of its categories (an untranslated category has none)', () => {
  expect(changedPages(site(), [story('parc-eolien', 'fr', [1, 2])])).toEqual([`${ORIGIN}/parc-eolien`, `${ORIGIN}/fr`, `${ORIGIN}/fr/category/produits`]);
});

test('a category without public stories in the language is not announced, nor is an unknown category id', () => {
  expect(changedPages(site(), [story('agenda', 'en', [3, 99])])).toEqual([`${ORIGIN}/agenda`, `${ORIGIN}/`]);
});

test('a story without categories changes its page and its homepage only', () => {
  expect(changedPages(site(), [story('arabic', 'ar', [])])).toEqual([`${ORIGIN}/arabic`, `${ORIGIN}/ar`]);
});

test('the default language is the flagged one, not the first listed', () => {
  const languages: Language[] = [
    { code: 'fr', is_default: false, public_stories_count: 1 },
    { code: 'en', is_default: true, public_stories_count: 1 },
  ];
  expect(changedPages(site(languages), [story('parc-eolien', 'fr', [1])])).toEqual([`${ORIGIN}/parc-eolien`, `${ORIGIN}/fr`, `${ORIGIN}/fr/category/produits`]);
  expect(changedFeeds(site(languages), [story('wind-farm', 'en', [])])).toEqual([`${ORIGIN}/feed`, `${ORIGIN}/feed/atom`, `${ORIGIN}/feed/json`]);
});

test('several stories going live together name each shared address once', () => {
  const pages = changedPages(site(), [story('one', 'en', [1]), story('two', 'en', [1, 2]), story('trois', 'fr', [1]), story('quatre', 'fr', [1])]);
  expect(pages).toEqual([
    `${ORIGIN}/one`,
    `${ORIGIN}/`,
    `${ORIGIN}/category/products`,
    `${ORIGIN}/two`,
    `${ORIGIN}/category/company-news`,
    `${ORIGIN}/trois`,
    `${ORIGIN}/fr`,
    `${ORIGIN}/fr/category/produits`,
    `${ORIGIN}/quatre`,
  ]);
  expect(new Set(pages).size).toBe(pages.length);
});

test('every address is absolute on the newsroom origin, with slugs percent-encoded', () => {
  const pages = changedPages(site(), [story('été 2027', 'en', [1])]);
  expect(pages[0]).toBe(`${ORIGIN}/%C3%A9t%C3%A9%202027`);
  for (const address of [...pages, ...changedFeeds(site(), [story('x', 'fr', [1])])]) expect(new URL(address).origin).toBe(ORIGIN);
});

test('an English story changes the RSS, Atom and JSON feeds of the language and of each of its categories', () => {
  expect(changedFeeds(site(), [story('wind-farm', 'en', [1, 2])])).toEqual([
    `${ORIGIN}/feed`,
    `${ORIGIN}/feed/atom`,
    `${ORIGIN}/feed/json`,
    `${ORIGIN}/category/products/feed`,
    `${ORIGIN}/category/products/feed/atom`,
    `${ORIGIN}/category/products/feed/json`,
    `${ORIGIN}/category/company-news/feed`,
    `${ORIGIN}/category/company-news/feed/atom`,
    `${ORIGIN}/category/company-news/feed/json`,
  ]);
});

test('a French story changes the French feeds under the /fr prefix', () => {
  expect(changedFeeds(site(), [story('parc-eolien', 'fr', [1, 2, 3])])).toEqual([
    ...feedFormats('/fr/feed'),
    ...feedFormats('/fr/category/produits/feed'),
  ]);
});

test('feeds shared by several stories are named once', () => {
  const feeds = changedFeeds(site(), [story('one', 'en', [1]), story('two', 'en', [1]), story('three', 'en', [])]);
  expect(feeds).toEqual([...feedFormats('/feed'), ...feedFormats('/category/products/feed')]);
});

test('no stories change no addresses', () => {
  expect(changedPages(site(), [])).toEqual([]);
  expect(changedFeeds(site(), [])).toEqual([]);
});
