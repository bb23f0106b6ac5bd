/**
 * Load-more endpoints (docs/spec-coverage.md section 7): POST /api/fetch-stories and /api/fetch-galleries.
 * Bodies are validated; anything wrong is a 400 with `{message}`, never a 500. Answers are
 * allowlisted view models (src/pages/json-form.ts).
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import { requireSite } from '#src/http/require-site';
import { InvalidInputError } from '#src/domain/errors';
import { defaultLanguage } from '#src/domain/newsroom';
import { DEFAULT_PAGE_SIZE, GALLERY_PAGE_SIZE, MAX_PAGE_SIZE, pageCount } from '#src/domain/paging';
import { urls, urlContextOf } from '#src/i18n/urls';
import { galleryCardJson, OPTIONAL_CARD_FIELDS, storyCardJson } from '#src/pages/json-form';
import { QUICK_SEARCH_HITS } from '#src/domain/search-query';
import { isoDate } from '#src/i18n/translate';
import { cacheRules } from '#src/http/cache-rules';
import { toSearchQuery } from '#src/pages/search';
import { toStoryCard } from '#src/pages/story-cards';
import { badRequest, jsonBody, firstValue, validate } from '#src/http/validate';
import { isFiltered, parseStoryFilter } from '#src/domain/story-filter';
import type { StorySummary } from '#src/domain/story';

const MAX_PAGE = 10_000;
const page = z.optional(z.int().check(z.minimum(1), z.maximum(MAX_PAGE)));
// Oversized pages are capped rather than refused: a client asking for 500 gets MAX_PAGE_SIZE.
const pageSize = z.optional(z.pipe(z.int().check(z.minimum(1)), z.transform((size: number) => Math.min(size, MAX_PAGE_SIZE))));

const FetchStoriesSchema = z.strictObject({
  page,
  pageSize,
  withHighlightedStory: z.optional(z.boolean()),
  category: z.optional(z.nullable(z.union([z.strictObject({ id: z.int() }), z.string().check(z.maxLength(200))]))),
  include: z.optional(z.array(z.enum(OPTIONAL_CARD_FIELDS))),
  localeCode: z.optional(z.string().check(z.maxLength(16))),
  filterQuery: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});

// the spec names {page, pageSize} (docs/spec-coverage.md section 7); localeCode (optional, as for stories) makes the cards' links
// point at the visitor's language.
const FetchGalleriesSchema = z.strictObject({ page, pageSize, localeCode: z.optional(z.string().check(z.maxLength(16))) });

export const QuickSearchSchema = z.object({
  query: firstValue(z._default(z.string().check(z.maxLength(1000)), '')),
  localeCode: firstValue(z.optional(z.string().check(z.maxLength(16)))),
});

export const api = new Hono<AppEnv>()
  // Quick results for the search box: the top hits and the total, for "show all results".
  .get('/search', validate('query', QuickSearchSchema, badRequest), async (c) => {
    const input = c.req.valid('query');
    const site = requireSite(c);
    const locale = input.localeCode ?? defaultLanguage(site.languages).code;
    if (!site.languages.some((language) => language.code === locale)) throw new InvalidInputError(`localeCode: unknown locale "${locale}"`);
    const params = { query: input.query, category: null, year: null, month: null, page: 1 };
    const results = await c.var.deps.search(site.revision).search(toSearchQuery(site, locale, params, QUICK_SEARCH_HITS));
    return c.json(
      {
        hits: results.hits.map((hit) => ({ uuid: hit.uuid, title: hit.title, highlightedTitle: hit.highlightedTitle, url: urls.story(hit.slug), published_at: isoDate(hit.published_at) })),
        total: results.total,
        url: urls.search(urlContextOf(site), locale, { query: input.query }),
      },
      200,
      // Answers of the fallback search must not outlive the engine's outage in a cache.
      { 'Cache-Control': results.fellBack ? cacheRules.error : cacheRules.page },
    );
  })
  .post('/fetch-stories', jsonBody(FetchStoriesSchema), async (c) => {
    const input = c.req.valid('json');
    const site = requireSite(c);
    const locale = input.localeCode ?? defaultLanguage(site.languages).code;
    if (!site.languages.some((language) => language.code === locale)) throw new InvalidInputError(`localeCode: unknown locale "${locale}"`);
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
    const { content, config } = c.var.deps;
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
      return c.json({ stories: cards(list.stories), total: list.total });
    }
    // A page past the end is answered from the counts kept with the content: no query at all.
    const total =
      categoryId === null
        ? (site.languages.find((language) => language.code === locale)?.public_stories_count ?? 0)
        : (site.categories.find((category) => category.id === categoryId)?.public_stories_count[locale] ?? 0);
    const withHighlightedStory = Boolean(input.withHighlightedStory) && categoryId === null && total > 0;
    if ((input.page ?? 1) > pageCount({ total, pageSize, withHighlightedStory })) return c.json({ stories: [], total });
    // The highlighted story sits above the homepage grid; the grid's pages leave it out.
    const excludeUuid = input.withHighlightedStory && categoryId === null ? ((await content.getHomepage(locale, 1, 1)).highlighted?.uuid ?? null) : null;
    const list = await content.listStories({ locale, page: input.page ?? 1, pageSize, categoryId, excludeUuid });
    return c.json({ stories: cards(list.stories), total: list.total });
  })
  .post('/fetch-galleries', jsonBody(FetchGalleriesSchema), async (c) => {
    const input = c.req.valid('json');
    const site = requireSite(c);
    const ctx = urlContextOf(site);
    const locale = input.localeCode ?? defaultLanguage(site.languages).code;
    if (!site.languages.some((language) => language.code === locale)) throw new InvalidInputError(`localeCode: unknown locale "${locale}"`);
    const pageSize = input.pageSize ?? GALLERY_PAGE_SIZE;
    if ((input.page ?? 1) > pageCount({ total: site.galleries_count, pageSize })) return c.json({ galleries: [], total: site.galleries_count });
    const list = await c.var.deps.content.listGalleries(input.page ?? 1, pageSize);
    return c.json({
      galleries: list.galleries.map((gallery) => galleryCardJson(gallery, urls.gallery(ctx, locale, gallery.uuid), c.var.deps.config.mediaRoot)),
      total: list.total,
    });
  });
