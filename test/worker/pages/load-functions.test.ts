// Each page kind's load function (src/pages/) as a plain function on the real local D1 the test
// seed fills (test/fixtures/content/basic): what a page shows, which page of a list, and which
// requests are a 404 before anything is rendered. The routes only add the HTTP around them.
//
// The seed, in short: 16 public English stories (15 numbered, story 03 pinned, and one with a
// hostile body), 2 French, 1 Arabic; a draft, an embargoed and a private story; the galleries "Launch day" (public),
// "Upcoming launch photos" (released later) and an empty one; 12 cards to a list page.
import { env } from 'cloudflare:workers';
import { beforeAll, expect, test } from 'vitest';
import { depsOf } from '#src/adapters';
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';
import type { SiteContext } from '#src/domain/ports';
import { loadCategory } from '#src/pages/category';
import { loadGallery, loadGalleryIndex } from '#src/pages/galleries';
import { loadHomepage } from '#src/pages/home';
import { loadSearch, type SearchParams } from '#src/pages/search';
import { loadStory } from '#src/pages/story';
import { loadTag } from '#src/pages/tag';

let deps: Deps;
let site: SiteContext;

beforeAll(async () => {
  deps = depsOf(env);
  site = (await deps.content.getSiteContext())!;
});

const titles = (cards: readonly { story: { title: string } }[]) => cards.map((card) => card.story.title);
const storyNumber = (n: number) => `English story number ${String(n).padStart(2, '0')}`;
const search = (params: Partial<SearchParams>, locale = 'en') => loadSearch(deps, site, locale, { query: '', category: null, year: null, month: null, page: 1, categoryQuery: '', ...params });

test('the homepage highlights the pinned story above a grid of the next twelve, newest first, and pages the rest', async () => {
  const first = await loadHomepage(deps, site, 'en', 1);
  expect(first.highlighted?.story.title).toBe(storyNumber(3));
  expect(titles(first.stories)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map(storyNumber));
  expect([first.page, first.pages, first.previousPageHref, first.nextPageHref]).toEqual([1, 2, null, '/?page=2']);

  const second = await loadHomepage(deps, site, 'en', 2);
  expect(second.highlighted).toBeNull();
  expect(titles(second.stories)).toEqual([storyNumber(2), storyNumber(1), 'A story with a hostile body']);
  expect([second.page, second.pages, second.previousPageHref, second.nextPageHref]).toEqual([2, 2, '/', null]);
});

test.each([
  ['en', 3],
  ['en', 99],
  ['ar', 2],
])('the homepage in %s has no page %i: a 404, not an empty list', async (locale, page) => {
  await expect(loadHomepage(deps, site, locale, page)).rejects.toBeInstanceOf(NotFoundError);
});

test('a language’s homepage lists only that language’s public stories', async () => {
  const french = await loadHomepage(deps, site, 'fr', 1);
  const all = [french.highlighted, ...french.stories].filter((card) => card !== null);
  expect(all).toHaveLength(2);
  for (const card of all) expect(card.story.locale).toBe('fr');
});

test('a category page lists its stories newest first, in pages, under the language’s own slug', async () => {
  const products = await loadCategory(deps, site, 'en', 'products', 1);
  expect(products.name).toBe('Products');
  expect(products.stories.length).toBe(12);
  for (const card of products.stories) expect(card.categories.map((category) => category.name)).toContain('Products');
  expect(products.stories.map((card) => card.story.published_at)).toEqual([...products.stories.map((card) => card.story.published_at)].sort((a, b) => b - a));
  expect([products.pages, products.nextPageHref]).toEqual([2, '/category/products?page=2']);

  const produits = await loadCategory(deps, site, 'fr', 'produits', 1);
  expect(produits.name).toBe('Produits');
});

test.each([
  ['en', 'no-such-category', 1],
  ['fr', 'products', 1], // the English slug under /fr
  ['en', 'products', 3],
])('the category %s/%s page %i is a 404', async (locale, slug, page) => {
  await expect(loadCategory(deps, site, locale, slug, page)).rejects.toBeInstanceOf(NotFoundError);
});

test('a tag page lists the public stories with that tag, whatever its case, and never a hidden one', async () => {
  const tagged = await loadTag(deps, site, 'en', 'wind power', 1);
  expect(tagged.stories.length).toBeGreaterThan(0);
  // The draft, embargoed and private stories carry the same tag.
  for (const slug of ['draft-story', 'embargoed-story', 'private-story']) expect(tagged.stories.map((card) => card.story.slug)).not.toContain(slug);
  await expect(loadTag(deps, site, 'en', 'secret plans', 1)).rejects.toBeInstanceOf(NotFoundError);
  await expect(loadTag(deps, site, 'en', 'no such tag', 1)).rejects.toBeInstanceOf(NotFoundError);
});

test('a public story loads with its categories and tags; a story not public is a 404 here', async () => {
  const story = await loadStory(deps, site, 'english-story-01');
  expect(story.story.title).toBe(storyNumber(1));
  expect(story.story.locale).toBe('en');
  expect(JSON.stringify(story.categories)).toContain('Products');
  expect(JSON.stringify(story.tags)).toContain('Wind Power');
  for (const slug of ['draft-story', 'embargoed-story', 'private-story', 'no-such-story']) {
    await expect(loadStory(deps, site, slug), slug).rejects.toBeInstanceOf(NotFoundError);
  }
});

test('the media index lists the released galleries that hold something; a gallery released later is a 404', async () => {
  const index = await loadGalleryIndex(deps, site, 'en', 1);
  expect(index.galleries.map((entry) => entry.gallery.title)).toEqual(['Launch day']);
  expect(index.galleries[0]!.href).toBe('/media/album/6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');

  const launch = await loadGallery(deps, site, 'en', '6a0f3b1e-1c2d-4e5f-8a9b-0c1d2e3f4a5b');
  expect(launch.gallery.title).toBe('Launch day');
  await expect(loadGallery(deps, site, 'en', '8c2e4d6f-1a3b-4c5d-9e7f-0a1b2c3d4e5f')).rejects.toBeInstanceOf(NotFoundError);
  await expect(loadGallery(deps, site, 'en', '00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
});

test('search finds the language’s public stories, highlighted, and filters them by category', async () => {
  const all = await search({ query: 'story' });
  expect(all.total).toBe(16);
  const english = [...Array.from({ length: 15 }, (_, n) => `english-story-${String(n + 1).padStart(2, '0')}`), 'hostile-body'];
  expect(all.hits.map((hit) => hit.slug).sort()).toEqual(english.sort());
  expect(all.hits[0]!.highlightedTitle).toContain(`${HIGHLIGHT_START}story${HIGHLIGHT_END}`);
  expect(all.hits.every((hit) => hit.locale === 'en')).toBe(true);
  expect(all.hits.map((hit) => hit.slug)).not.toContain('draft-story');

  const products = await search({ query: 'story', category: 'products' });
  expect(products.total).toBeGreaterThan(0);
  expect(products.total).toBeLessThan(all.total);

  expect((await search({ query: 'story', category: 'no-such-category' })).total).toBe(0);
  expect((await search({ query: 'story' }, 'ar')).hits.every((hit) => hit.locale === 'ar')).toBe(true);
});
