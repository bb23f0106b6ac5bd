/**
 * The JSON the browser's islands ask for: the search box's quick results (`/api/search`) and the
 * next cards of load more (`/api/fetch-stories`, `/api/fetch-galleries`), as allowlisted view models
 * (./json-form.ts). A request the answer cannot serve (an unknown language or category) is an
 * InvalidInputError; a page past the end is answered from the counts kept with the content.
 */
import type { Deps } from '#src/deps';
import { InvalidInputError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import { DEFAULT_PAGE_SIZE, GALLERY_PAGE_SIZE, pageCount } from '#src/domain/paging';
import type { SiteContext } from '#src/domain/ports';
import { QUICK_SEARCH_HITS } from '#src/domain/search-query';
import type { StorySummary } from '#src/domain/story';
import { isFiltered, parseStoryFilter } from '#src/domain/story-filter';
import { isoDate } from '#src/i18n/translate';
import { urls, urlContextOf } from '#src/i18n/urls';
import { galleryCardJson, storyCardJson, type OptionalCardField } from './json-form';
import { toSearchQuery } from './search';
import { toStoryCard } from './story-cards';

/** The language a request names (the newsroom's default when none), one the newsroom has. */
function requestedLocale(site: SiteContext, localeCode: string | undefined): string {
  const locale = localeCode ?? defaultLanguage(site.languages).code;
  if (!site.languages.some((language) => language.code === locale)) throw new InvalidInputError(`localeCode: unknown locale "${locale}"`);
  return locale;
}

/** The search box's quick results: the top hits, the total, and the results page's address; `fellBack` when the engine failed. */
export async function loadQuickSearch(deps: Deps, site: SiteContext, input: { query: string; localeCode?: string }) {
  const locale = requestedLocale(site, input.localeCode);
  const params = { query: input.query, category: null, year: null, month: null, page: 1 };
  const results = await deps.search(site.revision).search(toSearchQuery(site, locale, params, QUICK_SEARCH_HITS));
  return {
    json: {
      hits: results.hits.map((hit) => ({ uuid: hit.uuid, title: hit.title, highlightedTitle: hit.highlightedTitle, url: urls.story(hit.slug), published_at: isoDate(hit.published_at) })),
      total: results.total,
      url: urls.search(urlContextOf(site), locale, { query: input.query }),
    },
    fellBack: results.fellBack,
  };
}

export interface StoryCardsRequest {
  readonly page?: number;
  readonly pageSize?: number;
  readonly withHighlightedStory?: boolean;
  readonly category?: { id: number } | string | null;
  readonly include?: readonly OptionalCardField[];
  readonly localeCode?: string;
  readonly filterQuery?: Record<string, unknown> | null;
}

/** The next story cards of a list (the homepage's, a category's, or a filter's). */
export async function loadStoryCards(deps: Deps, site: SiteContext, input: StoryCardsRequest) {
  const locale = requestedLocale(site, input.localeCode);
  const filter = parseStoryFilter(input.filterQuery);
  const unknownLocale = filter.locales?.find((code) => !site.languages.some((language) => language.code === code));
  if (unknownLocale !== undefined) throw new InvalidInputError(`filterQuery.locale: unknown locale "${unknownLocale}"`);
  let categoryId: number | null = null;
  if (input.category != null) {
    const wanted = input.category;
    const category = site.categories.find((candidate) => (typeof wanted === 'string' ? candidate.i18n[locale]?.slug === wanted : candidate.id === wanted.id));
    if (!category) throw new InvalidInputError('category: unknown category');
    categoryId = category.id;
  }
  const { content, config } = deps;
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE;
  const cards = (stories: readonly StorySummary[]) => stories.map((story) => storyCardJson(toStoryCard(site, story), config.mediaRoot, input.include ?? null));
  if (isFiltered(filter)) {
    const list = await content.listMatchingStories({
      locales: filter.locales ?? [locale],
      categoryGroups: [...(filter.categoryIds ? [filter.categoryIds] : []), ...(categoryId !== null ? [[categoryId]] : [])],
      tags: filter.tags,
      page: input.page ?? 1,
      pageSize,
    });
    return { stories: cards(list.stories), total: list.total };
  }
  // A page past the end is answered from the counts kept with the content: no query at all.
  const total =
    categoryId === null
      ? (site.languages.find((language) => language.code === locale)?.public_stories_count ?? 0)
      : (site.categories.find((category) => category.id === categoryId)?.public_stories_count[locale] ?? 0);
  const withHighlightedStory = Boolean(input.withHighlightedStory) && categoryId === null && total > 0;
  if ((input.page ?? 1) > pageCount({ total, pageSize, withHighlightedStory })) return { stories: [], total };
  // The highlighted story sits above the homepage grid; the grid's pages leave it out.
  const excludeUuid = input.withHighlightedStory && categoryId === null ? ((await content.getHomepage(locale, 1, 1)).highlighted?.uuid ?? null) : null;
  const list = await content.listStories({ locale, page: input.page ?? 1, pageSize, categoryId, excludeUuid });
  return { stories: cards(list.stories), total: list.total };
}

/** The next gallery cards of the media index, linked in the visitor's language. */
export async function loadGalleryCards(deps: Deps, site: SiteContext, input: { page?: number; pageSize?: number; localeCode?: string }) {
  const ctx = urlContextOf(site);
  const locale = requestedLocale(site, input.localeCode);
  const pageSize = input.pageSize ?? GALLERY_PAGE_SIZE;
  if ((input.page ?? 1) > pageCount({ total: site.galleries_count, pageSize })) return { galleries: [], total: site.galleries_count };
  const list = await deps.content.listGalleries(input.page ?? 1, pageSize);
  return {
    galleries: list.galleries.map((gallery) => galleryCardJson(gallery, urls.gallery(ctx, locale, gallery.uuid), deps.config.mediaRoot)),
    total: list.total,
  };
}
