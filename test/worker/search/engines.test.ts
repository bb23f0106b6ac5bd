// The search pages are the same whatever the backend: `/search` and `/api/search` rendered by the
// worker with D1 FTS5, then configured for Meilisearch and Algolia, whose adapters answer from the
// engines' stand-ins (engine-stand-ins.ts). What each backend answers is the conformance table
// (backend-conformance.test.ts); here, what the pages make of it: the configuration reaching the
// adapter, facet links that keep the other filters, the category finder, links to a body
// section, quick results. The stand-ins rank by the engines' tie-breaker only (newest first), so
// the queries are ones where D1's ranking ties too.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, test } from 'vitest';
import { createApp } from '#src/app';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';
import { cacheRules } from '#src/http/cache-rules';
import { FAKE_ALGOLIA_APP_ID, FAKE_SEARCH_KEY } from '../../fixtures/fake-search-engines';
import { ORIGIN } from '../request';
import { ALGOLIA_HOST, MEILISEARCH_HOST, SEARCH_INDEX as INDEX, searchesSent, startEngineStandIns as startEngines } from './engine-stand-ins';

type Backend = 'd1' | 'meilisearch' | 'algolia';

function envFor(backend: Backend): Record<string, unknown> {
  switch (backend) {
    case 'd1':
      return { ...env, SEARCH_BACKEND: 'd1' };
    case 'meilisearch':
      return { ...env, SEARCH_BACKEND: 'meilisearch', SEARCH_HOST: MEILISEARCH_HOST, SEARCH_API_KEY: FAKE_SEARCH_KEY, SEARCH_INDEX: INDEX };
    case 'algolia':
      return { ...env, SEARCH_BACKEND: 'algolia', SEARCH_APP_ID: FAKE_ALGOLIA_APP_ID, SEARCH_HOST: ALGOLIA_HOST, SEARCH_API_KEY: FAKE_SEARCH_KEY, SEARCH_INDEX: INDEX };
  }
}

/**
 * One request through the whole app with that backend. The page cache and the search result
 * cache live in KV and are keyed by content revision and query, not by backend: emptied first,
 * so each backend really answers.
 */
async function fetchWith(backend: Backend, path: string): Promise<Response> {
  const { keys } = await env.PAGE_CACHE.list();
  await Promise.all(keys.map((key) => env.PAGE_CACHE.delete(key.name)));
  const ctx = createExecutionContext();
  const response = await createApp().fetch(new Request(`${ORIGIN}${path}`), envFor(backend), ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

interface RenderedFacetValue {
  readonly label: string;
  readonly count: number;
  readonly active: boolean;
  readonly href: string;
}

/** What a visitor reads on a results page: the count line, the hits in order, the facets. */
interface RenderedResults {
  readonly summary: string;
  readonly titles: string[];
  /** Each hit's link: the story, or (engines) its matching section. */
  readonly links: string[];
  readonly facets: Record<string, RenderedFacetValue[]>;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .trim();

function readResults(html: string): RenderedResults {
  const summary = html.match(/<p class="search-summary" role="status">([\s\S]*?)<\/p>/)?.[1];
  expect(summary, 'a result count').toBeDefined();
  const hits = [...html.matchAll(/<h2 class="search-hit-title"><a href="([^"]+)">([\s\S]*?)<\/a><\/h2>/g)];
  const facets: Record<string, RenderedFacetValue[]> = {};
  for (const [, name, list] of html.matchAll(/<section class="search-facet"><h2>([^<]+)<\/h2><ul>([\s\S]*?)<\/ul>/g)) {
    facets[name!] = [...list!.matchAll(/<a href="([^"]+)"( aria-current="true")?[^>]*>([\s\S]*?)<span class="facet-count">\((\d+)\)<\/span><\/a>/g)].map(([, href, current, label, count]) => ({
      label: text(label!),
      count: Number(count),
      active: Boolean(current),
      href: text(href!),
    }));
  }
  return { summary: text(summary!), titles: hits.map((hit) => text(hit[2]!)), links: hits.map((hit) => text(hit[1]!)), facets };
}

async function renderResults(backend: Backend, path: string): Promise<RenderedResults> {
  const response = await fetchWith(backend, path);
  expect(response.status, `${backend} ${path}`).toBe(200);
  // Not the fallback (whose D1 answer would match D1 trivially): no notice, a cacheable page.
  expect(response.headers.get('Cache-Control'), `${backend} ${path}`).toBe(cacheRules.page);
  const html = await response.text();
  expect(html, `${backend} ${path}`).not.toContain('Our search service is unavailable right now');
  return readResults(html);
}

interface QuickResults {
  readonly hits: { readonly url: string; readonly highlightedTitle: string }[];
  readonly total: number;
  readonly url: string;
}

const withoutSection = (href: string) => href.replace(/#.*$/, '');

test('a filtered results page renders the same hits, total and facets from Meilisearch and Algolia as from D1', async () => {
  const engines = startEngines();
  const path = '/search?query=subtitle&year=2026&month=3';

  const d1 = await renderResults('d1', path);
  const meilisearch = await renderResults('meilisearch', path);
  const algolia = await renderResults('algolia', path);

  expect(d1.titles).toHaveLength(14);
  expect(d1.facets).toEqual({
    Category: [
      { label: 'Products', count: 14, active: false, href: '/search?query=subtitle&category=products&year=2026&month=3' },
      ...['events', 'awards', 'research', 'partners'].map((slug) => ({ label: expect.any(String), count: 1, active: false, href: `/search?query=subtitle&category=${slug}&year=2026&month=3` })),
    ],
    Year: [{ label: '2026', count: 14, active: true, href: '/search?query=subtitle&month=3' }],
    Month: [{ label: 'March', count: 14, active: true, href: '/search?query=subtitle&year=2026' }],
  });
  for (const [engine, rendered] of [
    ['meilisearch', meilisearch],
    ['algolia', algolia],
  ] as const) {
    // The page was the engine's: one search request reached it.
    expect(searchesSent(engines[engine]), engine).toHaveLength(1);
    expect({ ...rendered, links: rendered.links.map(withoutSection) }, engine).toEqual(d1);
  }
});

test.each([
  // Six categories among the results, five listed: the finder is offered.
  ['/search?query=story', ['Products', 'Company', 'Events', 'Awards', 'Research']],
  // Letters typed into the finder: each backend's facet-value search, the search's filters kept.
  ['/search?query=story&year=2026&category_query=RES', ['Research']],
])('%s: the category finder offers the same categories from Meilisearch and Algolia as from D1', async (path, categories) => {
  const engines = startEngines();

  // One after another: each request empties the page cache the others would share.
  for (const backend of ['d1', 'meilisearch', 'algolia'] as const) {
    const page = await renderFinderPage(backend, path);
    expect(page.categories, backend).toEqual(categories);
    expect(page.html, backend).toContain('<label for="category-query">Find a category</label>');
    expect(page.html, backend).toContain('<input type="hidden" name="query" value="story"/>');
  }
  const typed = new URL(path, ORIGIN).searchParams.get('category_query');
  for (const engine of ['meilisearch', 'algolia'] as const) {
    const facetSearches = engines[engine].requests.filter((request) => JSON.stringify(request.body ?? '').includes('facetQuery'));
    expect(facetSearches.length, engine).toBe(typed ? 1 : 0);
  }
});

/** The category facet's labels (typed letters unmarked) and the page, from one backend. */
async function renderFinderPage(backend: Backend, path: string): Promise<{ categories: string[]; html: string }> {
  const response = await fetchWith(backend, path);
  expect(response.status, `${backend} ${path}`).toBe(200);
  const html = await response.text();
  expect(html, `${backend} ${path}`).not.toContain('Our search service is unavailable right now');
  const facet = html.match(/<section class="search-facet"><h2>Category<\/h2>([\s\S]*?)<\/section>/)?.[1] ?? '';
  const categories = [...facet.matchAll(/<a href="[^"]*category=[^"]*"[^>]*>([\s\S]*?)<span class="facet-count">/g)].map(([, label]) => text(label!));
  return { categories, html };
}

test('an engine hit in a body section links to that section’s anchor on the story page; D1 links to the story', async () => {
  startEngines();
  const path = '/search?query=speed';

  const d1 = await renderResults('d1', path);
  const meilisearch = await renderResults('meilisearch', path);
  const algolia = await renderResults('algolia', path);

  expect(d1.links).toEqual(['/english-story-03']);
  expect(meilisearch.links).toEqual(['/english-story-03#header-key-facts']);
  expect(algolia.links).toEqual(['/english-story-03#header-key-facts']);
  // The anchor exists where the link lands.
  const story = await (await fetchWith('d1', '/english-story-03')).text();
  expect(story).toMatch(/<h2 id="header-key-facts"[^>]*>Key facts<\/h2>/);
});

test('quick results give the same top hits, highlights, total and full results address from every backend', async () => {
  const engines = startEngines();
  // 15 titles hold "number"; the three newest tie at the top of D1's ranking.
  const path = '/api/search?query=number&localeCode=en';

  const d1 = (await (await fetchWith('d1', path)).json()) as QuickResults;
  const meilisearch = await (await fetchWith('meilisearch', path)).json();
  const algolia = await (await fetchWith('algolia', path)).json();

  expect(d1).toMatchObject({ total: 15, url: '/search?query=number' });
  expect(d1.hits.map((hit) => hit.url)).toEqual(['/english-story-15', '/english-story-14', '/english-story-13']);
  expect(d1.hits[0]!.highlightedTitle).toBe(`English story ${HIGHLIGHT_START}number${HIGHLIGHT_END} 15`);
  expect(meilisearch).toEqual(d1);
  expect(algolia).toEqual(d1);
  // Three hits asked for, with the search-only key.
  const [meilisearchQuery] = searchesSent(engines.meilisearch)[0] as { hitsPerPage: number }[];
  expect(meilisearchQuery!.hitsPerPage).toBe(3);
  expect(engines.meilisearch.requests.at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_SEARCH_KEY}`);
  const [algoliaQuery] = searchesSent(engines.algolia)[0] as { hitsPerPage: number }[];
  expect(algoliaQuery!.hitsPerPage).toBe(3);
  expect(engines.algolia.requests.at(-1)!.headers['x-algolia-api-key']).toBe(FAKE_SEARCH_KEY);
});
