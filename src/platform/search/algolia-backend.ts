/**
 * The Algolia adapter of the SearchBackend port, on the official v5 client. The worker uses the
 * lite search client with Algolia's fetch requester: the lite build picked for Workers otherwise
 * sends requests with XMLHttpRequest, which Workers lack, and the full client would add ~150 KB
 * of admin APIs to the bundle for nothing (the import CLI, in Node, uses the full client).
 *
 * One search is one `POST /1/indexes/*\/queries`: the hits query plus one facets-only query per
 * filtered dimension (disjunctive facets, see hits.ts). Timeouts follow docs/spec-coverage.md section 9, and a
 * host that failed is skipped or tried last for 120 s (host-state-cache.ts): that cache lives at
 * module level so the memory outlasts one request inside an isolate.
 */
import { liteClient, type LiteClient, type SearchForHits, type SearchResponse } from 'algoliasearch/lite';
import { createNullCache, type Cache, type Host, type Requester } from '@algolia/client-common';
import { createFetchRequester } from '@algolia/requester-fetch';
import type { SearchBackend } from '#src/domain/ports';
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchQuery, type FacetValueHit, type FacetValueQuery } from '#src/domain/search-query';
import { SEARCH_CLIENT_TIMEOUTS, SNIPPET_ELLIPSIS, SNIPPET_WORDS } from './constants';
import { FACET_ATTRIBUTES, FACET_DIMENSIONS, RETRIEVED_ATTRIBUTES, type FacetDimension, type SearchDocument } from './documents';
import { describeClientError, SearchEngineError } from './errors';
import { createHostStateCache } from './host-state-cache';
import {
  activeFilters,
  EMPTY_RESULTS,
  engineQueryText,
  facetQueriesNeeded,
  geoPoint,
  matchesFromMarkers,
  quoteFilterValue,
  stringFields,
  toFacetValues,
  toResultHits,
  type EngineSearchResults,
  type SearchHit,
} from './hits';

/** Hosts' up/down states, shared by every client of this isolate (see the purpose paragraph). */
const sharedHostsCache = createHostStateCache();

export interface AlgoliaClientOptions {
  readonly appId: string;
  readonly apiKey: string;
  /** One host instead of Algolia's default list (a proxy, or a local stub in tests). */
  readonly host?: string | null;
  /** Replaces the fetch requester (tests' fake transport). */
  readonly requester?: Requester;
  /** Replaces the isolate-wide hosts cache (tests that must not share host states). */
  readonly hostsCache?: Cache;
}

export interface AlgoliaBackendOptions extends AlgoliaClientOptions {
  readonly indexName: string;
}

/** `https://host:port` → the transporter's host shape. */
export function algoliaHost(url: string): Host {
  const parsed = new URL(url);
  return { url: parsed.host, protocol: parsed.protocol === 'http:' ? 'http' : 'https', accept: 'readWrite' };
}

export function createAlgoliaSearchClient(options: AlgoliaClientOptions): LiteClient {
  return liteClient(options.appId, options.apiKey, {
    requester: options.requester ?? createFetchRequester(),
    timeouts: { ...SEARCH_CLIENT_TIMEOUTS },
    // Keys in headers, not in the URL, where logs and traces would keep them.
    authMode: 'WithinHeaders',
    hostsCache: options.hostsCache ?? sharedHostsCache,
    // Results are cached in KV per query and content revision; an in-isolate copy would outlive
    // a publish.
    responsesCache: createNullCache(),
    requestsCache: createNullCache(),
    // Spread only when set: `hosts: undefined` would replace the client's default host list.
    ...(options.host ? { hosts: [algoliaHost(options.host)] } : {}),
  });
}

/** An Algolia hit in our normalised shape: highlight and snippet values become `_formatted`. */
export function normaliseAlgoliaHit(raw: Record<string, unknown>): SearchHit<Partial<SearchDocument>> {
  const { _highlightResult, _snippetResult, _geoloc, _rankingInfo: _ranking, _distinctSeqID: _seq, ...document } = raw;
  const highlighted = valuesOf(_highlightResult);
  const formatted = { ...highlighted, ...valuesOf(_snippetResult) };
  const positions: Record<string, { start: number; length: number }[]> = {};
  // Snippets are cut from the text, so only full highlighted values give true positions.
  for (const [attribute, value] of Object.entries(highlighted)) {
    const matches = matchesFromMarkers(value);
    if (matches.length > 0) positions[attribute] = matches;
  }
  const geo = geoPoint(_geoloc);
  return {
    objectID: String(document.objectID ?? ''),
    ...(geo ? { _geo: geo } : {}),
    _formatted: formatted,
    _matchesPosition: positions,
    document: document as Partial<SearchDocument>,
  };
}

/** `{title: {value, matchLevel}}` → `{title: value}`, string values only. */
function valuesOf(results: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (results === null || typeof results !== 'object') return values;
  for (const [attribute, result] of Object.entries(results)) {
    const value = stringFields(result).value;
    if (value !== undefined) values[attribute] = value;
  }
  return values;
}

export class AlgoliaSearchBackend implements SearchBackend {
  readonly name = 'algolia';
  private readonly client: LiteClient;

  constructor(private readonly options: AlgoliaBackendOptions) {
    this.client = createAlgoliaSearchClient(options);
  }

  /** The multi-query body for a query: exported shape, so tests can read it against the docs. */
  buildRequests(query: SearchQuery, text: string): SearchForHits[] {
    const main: SearchForHits = {
      indexName: this.options.indexName,
      query: text,
      filters: this.filters(query, null),
      facets: FACET_DIMENSIONS.map((dimension) => FACET_ATTRIBUTES[dimension]),
      // One record per story; counts after distinct count stories (all its records share facets).
      distinct: true,
      facetingAfterDistinct: true,
      hitsPerPage: query.hitsPerPage,
      // Algolia pages count from 0, ours from 1.
      page: query.page - 1,
      attributesToRetrieve: [...RETRIEVED_ATTRIBUTES],
      attributesToHighlight: ['title', 'section_title'],
      attributesToSnippet: [`text:${SNIPPET_WORDS}`],
      highlightPreTag: HIGHLIGHT_START,
      highlightPostTag: HIGHLIGHT_END,
      snippetEllipsisText: SNIPPET_ELLIPSIS,
    };
    const facetOnly = facetQueriesNeeded(query).map(
      (dimension): SearchForHits => ({
        indexName: this.options.indexName,
        query: text,
        filters: this.filters(query, dimension),
        facets: [FACET_ATTRIBUTES[dimension]],
        distinct: true,
        facetingAfterDistinct: true,
        hitsPerPage: 0,
        attributesToRetrieve: [],
        attributesToHighlight: [],
        attributesToSnippet: [],
        // Helper queries are not searches a visitor made: keep them out of the analytics.
        analytics: false,
      }),
    );
    return [main, ...facetOnly];
  }

  async search(query: SearchQuery): Promise<EngineSearchResults> {
    const text = engineQueryText(query.text);
    if (text === null) return EMPTY_RESULTS;
    const requests = this.buildRequests(query, text);
    const response = await this.call(() => this.client.search<Record<string, unknown>>({ requests }));
    const [main, ...facetOnly] = response.results as SearchResponse<Record<string, unknown>>[];
    if (!main || !Array.isArray(main.hits)) throw new SearchEngineError('algolia', 'multi-query answered without hits');
    const distribution = (dimension: FacetDimension) => {
      const own = facetQueriesNeeded(query).indexOf(dimension);
      const source = own === -1 ? main : facetOnly[own];
      return source?.facets?.[FACET_ATTRIBUTES[dimension]];
    };
    return {
      hits: toResultHits(main.hits.map((hit) => normaliseAlgoliaHit(hit as Record<string, unknown>))),
      total: main.nbHits ?? 0,
      facets: {
        category: toFacetValues('category', distribution('category')),
        year: toFacetValues('year', distribution('year')),
        month: toFacetValues('month', distribution('month')),
      },
    };
  }

  /** Facet-value search as a `type: 'facet'` query of the same multi-query endpoint. */
  async searchFacetValues(input: FacetValueQuery): Promise<FacetValueHit[]> {
    const text = engineQueryText(input.query.text);
    const response = await this.call(() =>
      this.client.search({
        requests: [
          {
            indexName: this.options.indexName,
            type: 'facet',
            facet: input.facet,
            facetQuery: input.facetQuery.slice(0, 100),
            query: text ?? '',
            filters: this.filters(input.query, 'category'),
            // Counts of stories, not of their section records, as in the facet lists.
            distinct: true,
            facetingAfterDistinct: true,
            highlightPreTag: HIGHLIGHT_START,
            highlightPostTag: HIGHLIGHT_END,
          },
        ],
      }),
    );
    const result = response.results[0] as { facetHits?: { value: string; highlighted?: string; count: number }[] } | undefined;
    return (result?.facetHits ?? []).map((hit) => ({ value: hit.value, count: hit.count, highlighted: hit.highlighted ?? hit.value }));
  }

  private filters(query: SearchQuery, except: FacetDimension | null): string {
    return [`culture:${quoteFilterValue(query.locale)}`, ...activeFilters(query, except).map(({ attribute, value }) => `${attribute}=${value}`)].join(' AND ');
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const { message, status, code } = describeClientError(error);
      // RetryError lists every host tried; the first line is what a log needs.
      throw new SearchEngineError('algolia', message.split('\n')[0]!, status, code, { cause: error });
    }
  }
}
