/**
 * Search `[/{locale}]/search?query=&category=&year=&month=&page=&category_query=`: the address's
 * filters (a malformed one is ignored, only a wrong page is a 404), then the page
 * (src/pages/search.ts). Answers from the fallback search are not kept by caches.
 *
 * The feature, read from here (docs/decisions/0005-search-on-d1-fts5.md, 0010-search-backends.md):
 * - the query's rules and the hits' shape: src/domain/search-query.ts, src/domain/search.ts;
 * - the page: its model src/pages/search.ts, its view src/views/screens/search-page.tsx;
 * - the search box's quick results: /api/search (src/routes/api.ts, its answer
 *   src/pages/api-answers.ts), drawn by src/ui/search-box.tsx and mounted in the browser by
 *   src/client/islands/mount-search-box.tsx;
 * - the backends, built in src/adapters.ts: D1's full-text index (src/platform/d1/search-backend.ts),
 *   Algolia or Meilisearch (src/platform/search/), the fallback to D1 when an engine fails
 *   (src/platform/search/fallback.ts), results cached in KV per content revision
 *   (src/platform/kv/search-cache.ts);
 * - the documents: written at import (src/content/search-sync.ts) and pushed when the cron makes
 *   a story live (src/jobs/search-push.ts, src/platform/search/document-writer.ts).
 */
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '#src/http/app-env';
import { MAX_FACET_QUERY_LENGTH } from '#src/domain/search-query';
import { cacheRules } from '#src/http/cache-rules';
import { requireSite } from '#src/http/require-site';
import { documentShell } from '#src/pages/layout';
import { loadSearch, type SearchParams } from '#src/pages/search';
import { SearchPage } from '#src/views/screens/search-page';
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
  const site = requireSite(c);
  const { locale, deps } = c.var;
  const params = c.req.valid('query');
  const headers = { 'X-Robots-Tag': 'noindex' };
  // With D1's full-text index there is no fallback, so the headers are known; the first page always
  // exists (no hits is an answer too), so its status is known as well: it streams. A later page
  // exists only if the index says so: its status waits for the hits.
  if (deps.config.search.searchBackend === 'd1' && params.page === 1) {
    const document = loadSearch(deps, site, locale, params).then((model) => c.render(<SearchPage model={model} />));
    return renderPage(c, { shell: documentShell(site, locale), document, streamable: true, headers });
  }
  // An engine's page waits for its answer too: one from the fallback search must not outlive the
  // engine's outage in a cache, and says so in its headers.
  const model = await loadSearch(deps, site, locale, params);
  return renderPage(c, { shell: model.layout.shell, document: c.render(<SearchPage model={model} />), headers: { ...headers, ...(model.notice ? { 'Cache-Control': cacheRules.error } : {}) } });
});
