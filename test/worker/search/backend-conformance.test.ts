// What every search backend must do, as one table run against each: D1's FTS5 index (the seeded
// database), and the Meilisearch and Algolia adapters with their official clients answering from
// stand-ins of the engines' APIs (engine-stand-ins.ts) that hold the documents the index sync
// builds from the same content. The same question must get the same answer from all three: the
// hits in order, the total, facet counts that leave out their own filter, the marked words, and
// the categories a visitor finds by name.
//
// The stand-ins rank by the engines' tie-breaker only (newest first), so the rows ask questions
// where D1's ranking ties too. What the engines do alone (one request per search, errors, links
// to a body section) is the second table; their request shapes, timeouts and retries are unit
// tests of each adapter (test/unit/platform/search/).
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, test } from 'vitest';
import type { SearchBackend } from '#src/domain/ports';
import { HIGHLIGHT_END as E, HIGHLIGHT_START as S, normaliseSearchQuery, type FacetValueHit, type SearchQuery, type SearchResults } from '#src/domain/search-query';
import { D1SearchBackend } from '#src/platform/d1/search-backend';
import { AlgoliaSearchBackend } from '#src/platform/search/algolia-backend';
import { createHostStateCache } from '#src/platform/search/host-state-cache';
import type { SectionSearchResultHit } from '#src/platform/search/hits';
import { MeilisearchSearchBackend } from '#src/platform/search/meilisearch-backend';
import { FAKE_ALGOLIA_APP_ID, FAKE_SEARCH_KEY } from '../../fixtures/fake-search-engines';
import { ALGOLIA_HOST, MEILISEARCH_HOST, SEARCH_INDEX, searchesSent, startEngineStandIns, type EngineStandIns } from './engine-stand-ins';

const engineBackends = {
  meilisearch: (apiKey = FAKE_SEARCH_KEY) => new MeilisearchSearchBackend({ host: MEILISEARCH_HOST, apiKey, indexName: SEARCH_INDEX }),
  // A hosts cache of its own: no host state leaks between tests.
  algolia: (apiKey = FAKE_SEARCH_KEY) => new AlgoliaSearchBackend({ appId: FAKE_ALGOLIA_APP_ID, apiKey, host: ALGOLIA_HOST, indexName: SEARCH_INDEX, hostsCache: createHostStateCache() }),
};

const backends: [string, () => SearchBackend][] = [
  ['d1', () => new D1SearchBackend(env.DB)],
  ['meilisearch', () => engineBackends.meilisearch()],
  ['algolia', () => engineBackends.algolia()],
];

/** Category ids: positions in the fixture's categories.yaml, as the import assigns them. */
const PRODUCTS = 1;
const COMPANY = 2;
const PARTNERS = 6;

const NO_FACETS: SearchResults['facets'] = { category: [], year: [], month: [] };
/** "story" finds the 15 English stories (all Products, five with a second category) and one more. */
const STORY_CATEGORIES = [{ value: PRODUCTS, count: 15 }, ...[2, 3, 4, 5, 6].map((value) => ({ value, count: 1 }))];
const newestEnglishStories = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, index) => `english-story-${String(from - index).padStart(2, '0')}`);

/** What a row checks: always the total and the hits in order; the rest when the row states it. */
interface Outcome {
  readonly total: number;
  readonly slugs: readonly string[];
  readonly facets?: SearchResults['facets'];
  readonly highlightedTitles?: readonly string[];
  /** The words marked in each hit's snippet. */
  readonly snippetMarks?: readonly (readonly string[])[];
}

interface SearchCase {
  readonly behaviour: string;
  readonly query: Partial<SearchQuery> & { text: string };
  readonly expected: Outcome;
}

const searchCases: SearchCase[] = [
  {
    behaviour: 'every word of the query is required, and each one found is marked',
    query: { text: 'number 03' },
    expected: {
      total: 1,
      slugs: ['english-story-03'],
      highlightedTitles: [`English story ${S}number${E} ${S}03${E}`],
      facets: { category: [{ value: PRODUCTS, count: 1 }, { value: COMPANY, count: 1 }], year: [{ value: 2026, count: 1 }], month: [{ value: 3, count: 1 }] },
    },
  },
  { behaviour: 'a word no story holds leaves nothing, and no counts', query: { text: 'number zebra' }, expected: { total: 0, slugs: [], facets: NO_FACETS } },
  { behaviour: 'the last word matches as a prefix, newest first among equals', query: { text: 'numb', hitsPerPage: 3 }, expected: { total: 15, slugs: newestEnglishStories(15, 13) } },
  { behaviour: 'only the last word is a prefix', query: { text: 'numb 03' }, expected: { total: 0, slugs: [] } },
  {
    behaviour: 'a category filter keeps its stories; the category counts leave that filter out',
    query: { text: 'story', categoryId: COMPANY },
    expected: { total: 1, slugs: ['english-story-03'], facets: { category: STORY_CATEGORIES, year: [{ value: 2026, count: 1 }], month: [{ value: 3, count: 1 }] } },
  },
  {
    behaviour: 'year and month filters; each dimension counted under the other filters only',
    query: { text: 'story', year: 2026, month: 2 },
    expected: {
      total: 1,
      slugs: ['hostile-body'],
      facets: { category: [], year: [{ value: 2026, count: 1 }], month: [{ value: 2, count: 1 }, { value: 3, count: 15 }] },
    },
  },
  {
    behaviour: 'a year with no story finds nothing but still counts the other years',
    query: { text: 'story', year: 2025 },
    expected: { total: 0, slugs: [], facets: { category: [], year: [{ value: 2026, count: 16 }], month: [] } },
  },
  { behaviour: 'a page is the next slice of the same order, with the whole total', query: { text: 'number', page: 2, hitsPerPage: 5 }, expected: { total: 15, slugs: newestEnglishStories(10, 6) } },
  { behaviour: 'a page past the end is empty, with the whole total', query: { text: 'number', page: 4, hitsPerPage: 5 }, expected: { total: 15, slugs: [] } },
  {
    behaviour: 'a match in the body is marked in the snippet, the title left plain',
    query: { text: 'paragraph' },
    expected: { total: 1, slugs: ['english-story-03'], highlightedTitles: ['English story number 03'], snippetMarks: [['paragraph']] },
  },
  { behaviour: 'text with no searchable word answers empty', query: { text: '"" - * ()' }, expected: { total: 0, slugs: [], facets: NO_FACETS } },
  { behaviour: 'draft, embargoed and private stories are never found', query: { text: 'hidden' }, expected: { total: 0, slugs: [] } },
  { behaviour: 'nor are their words in the body', query: { text: 'secret' }, expected: { total: 0, slugs: [] } },
  { behaviour: 'only stories of the query’s language: French', query: { text: 'corps', locale: 'fr' }, expected: { total: 1, slugs: ['histoire-francaise-03'] } },
  { behaviour: 'only stories of the query’s language: a French word in English', query: { text: 'histoire' }, expected: { total: 0, slugs: [] } },
  {
    behaviour: 'accents are folded: "francaise" finds and marks "française"',
    query: { text: 'francaise', locale: 'fr' },
    expected: { total: 1, slugs: ['histoire-francaise-03'], highlightedTitles: [`Histoire ${S}française${E} numéro 03`] },
  },
  { behaviour: 'Arabic words are found', query: { text: 'القصة', locale: 'ar' }, expected: { total: 1, slugs: ['arabic-story-03'] } },
];

interface FacetValueCase {
  readonly behaviour: string;
  readonly typed: string;
  readonly query: Partial<SearchQuery> & { text: string };
  readonly expected: readonly FacetValueHit[];
}

const facetValueCases: FacetValueCase[] = [
  { behaviour: 'a category found by the start of its name, the typed letters marked', typed: 'par', query: { text: 'story' }, expected: [{ value: 'Partner programmes', count: 1, highlighted: `${S}Par${E}tner programmes` }] },
  { behaviour: 'case does not matter, the name keeps its own', typed: 'PROD', query: { text: 'story' }, expected: [{ value: 'Products', count: 15, highlighted: `${S}Prod${E}ucts` }] },
  { behaviour: 'the search’s other filters are kept', typed: 'res', query: { text: 'story', year: 2025 }, expected: [] },
  {
    behaviour: 'its own category filter is left out, as in the facet',
    typed: 'com',
    query: { text: 'story', categoryId: PARTNERS },
    expected: [{ value: 'Company', count: 1, highlighted: `${S}Com${E}pany` }],
  },
  { behaviour: 'names in the search’s language', typed: 'prod', query: { text: 'histoire', locale: 'fr' }, expected: [{ value: 'Produits', count: 1, highlighted: `${S}Prod${E}uits` }] },
  { behaviour: 'letters no name starts with find nothing', typed: 'zzz', query: { text: 'story' }, expected: [] },
];

const searchQuery = (query: SearchCase['query']) => normaliseSearchQuery({ locale: 'en', ...query });

/** The parts of an answer a row states. */
function outcomeOf(results: SearchResults, expected: Outcome): Outcome {
  return {
    total: results.total,
    slugs: results.hits.map((hit) => hit.slug),
    ...(expected.facets ? { facets: results.facets } : {}),
    ...(expected.highlightedTitles ? { highlightedTitles: results.hits.map((hit) => hit.highlightedTitle) } : {}),
    ...(expected.snippetMarks ? { snippetMarks: results.hits.map((hit) => [...hit.snippet.matchAll(new RegExp(`${S}(.*?)${E}`, 'g'))].map((match) => match[1]!)) } : {}),
  };
}

describe.each(backends)('the %s search backend', (_name, backend) => {
  beforeEach(() => {
    startEngineStandIns();
  });

  test.each(searchCases)('$behaviour', async ({ query, expected }) => {
    expect(outcomeOf(await backend().search(searchQuery(query)), expected)).toEqual(expected);
  });

  test.each(facetValueCases)('facet-value search: $behaviour', async ({ typed, query, expected }) => {
    expect(await backend().searchFacetValues({ facet: 'categories', facetQuery: typed, query: searchQuery(query) })).toEqual(expected);
  });
});

describe.each(Object.entries(engineBackends))('the %s engine adapter', (name, backend) => {
  let engines: EngineStandIns;
  beforeEach(() => {
    engines = startEngineStandIns();
  });
  const engine = () => engines[name as keyof EngineStandIns];

  test('asks the engine nothing when the text has no searchable word', async () => {
    await backend().search(searchQuery({ text: '"" - *' }));
    expect(engine().requests).toEqual([]);
  });

  test('asks for the hits and each filtered dimension’s counts in one request, with the search-only key', async () => {
    await backend().search(searchQuery({ text: 'story', year: 2026, month: 3 }));
    expect(searchesSent(engine()).map((queries) => queries.length)).toEqual([3]);
    expect(JSON.stringify(engine().requests[0]!.headers)).toContain(FAKE_SEARCH_KEY);
  });

  test('links a hit in a body section to that section', async () => {
    const { hits } = await backend().search(searchQuery({ text: 'speed' }));
    expect(hits.map((hit) => [hit.slug, (hit as SectionSearchResultHit).sectionId])).toEqual([['english-story-03', 'header-key-facts']]);
  });

  test('a key the engine refuses is a SearchEngineError with the engine’s status', async () => {
    await expect(backend('not-a-key').search(searchQuery({ text: 'story' }))).rejects.toMatchObject({ name: 'SearchEngineError', backend: name, status: 403 });
  });
});
