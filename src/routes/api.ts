/**
 * The islands' JSON: GET /api/search (quick results) and the load-more endpoints
 * (docs/spec-coverage.md section 7), POST /api/fetch-stories and /api/fetch-galleries. Bodies are
 * validated; anything wrong is a 400 with `{message}`, never a 500. The answers:
 * src/pages/api-answers.ts.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import { requireSite } from '#src/http/require-site';
import { MAX_PAGE_SIZE } from '#src/domain/paging';
import { loadGalleryCards, loadQuickSearch, loadStoryCards } from '#src/pages/api-answers';
import { OPTIONAL_CARD_FIELDS } from '#src/pages/json-form';
import { cacheRules } from '#src/http/cache-rules';
import { badRequest, jsonBody, firstValue, validate } from '#src/http/validate';

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
    const { json, fellBack } = await loadQuickSearch(c.var.deps, requireSite(c), c.req.valid('query'));
    // Answers of the fallback search must not outlive the engine's outage in a cache.
    return c.json(json, 200, { 'Cache-Control': fellBack ? cacheRules.error : cacheRules.page });
  })
  .post('/fetch-stories', jsonBody(FetchStoriesSchema), async (c) => c.json(await loadStoryCards(c.var.deps, requireSite(c), c.req.valid('json'))))
  .post('/fetch-galleries', jsonBody(FetchGalleriesSchema), async (c) => c.json(await loadGalleryCards(c.var.deps, requireSite(c), c.req.valid('json'))));
