/**
 * Search `[/{locale}]/search?query=&category=&year=&month=&page=&category_query=`: the address's
 * filters (a malformed one is ignored, only a wrong page is a 404), then the page
 * (src/pages/search.ts). Answers from the fallback search are not kept by caches.
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import { MAX_FACET_QUERY_LENGTH } from '#src/domain/search-query';
import { cacheRules } from '#src/http/cache-rules';
import { requireSite } from '#src/http/require-site';
import { loadSearch, type SearchParams } from '#src/pages/search';
import { SearchPage } from '#src/views/pages/search-page';
import { pageParam } from '#src/http/page-param';
import { renderPage } from '#src/http/render-page';
import { firstValue, validate, wrongAddress } from '#src/http/validate';

/** A whole number from `min` to `max`, else null: a malformed filter is ignored rather than failing the page. */
const numberFilter = (min: number, max: number) =>
  firstValue(
    z.transform((value: unknown) => {
      const number = Number(value);
      return Number.isInteger(number) && number >= min && number <= max ? number : null;
    }),
  );
const text = (maxLength: number) => firstValue(z.pipe(z.catch(z.string(), ''), z.transform((value: string) => value.slice(0, maxLength))));

/** The URL's filters; only a wrong `page` fails the page (404). */
export const SearchParamsSchema = z.pipe(
  z.object({
    query: text(1000),
    category: firstValue(z.transform((value: unknown) => (typeof value === 'string' && value !== '' ? value : null))),
    year: numberFilter(1970, 9999),
    month: numberFilter(1, 12),
    page: pageParam,
    category_query: firstValue(z.pipe(z.catch(z.string(), ''), z.transform((value: string) => value.trim().slice(0, MAX_FACET_QUERY_LENGTH)))),
  }),
  z.transform(({ category_query, ...params }): SearchParams => ({ ...params, categoryQuery: category_query })),
);

export const search = new Hono<AppEnv>().get('/search', validate('query', SearchParamsSchema, wrongAddress), async (c) => {
  const model = await loadSearch(c.var.deps, requireSite(c), c.var.locale, c.req.valid('query'));
  return renderPage(<SearchPage model={model} />, {
    // A page answered by the fallback search must not outlive the engine's outage in a cache.
    headers: { ...(model.notice ? { 'Cache-Control': cacheRules.error } : {}), 'X-Robots-Tag': 'noindex' },
  });
});
