/**
 * The Algolia adapter of the SearchBackend port, on the official v5 client. The worker uses the
 * lite search client with Algolia's fetch requester: the lite build picked for Workers otherwise
 * sends requests with XMLHttpRequest, which Workers lack, and the full client would add ~150 KB
 * of admin APIs to the bundle for nothing (the import CLI, in Node, uses the full client).
 *
 * What every engine adapter shares (the multi-query search, disjunctive facets, reading the
 * answer) is engine-backend.ts; this file says how Algolia is asked: one
 * `POST /1/indexes/*\/queries`, filters as `culture:"en" AND year=2026`, highlights and snippets
 * in `_highlightResult`/`_snippetResult`, facet-value search as a `type: 'facet'` query. Timeouts
 * follow docs/spec-coverage.md section 9, and a host that failed is skipped or tried last for
 * 120 s (host-state-cache.ts): that cache lives at module level so the memory outlasts one
 * request inside an isolate.
 */
import { liteClient, type LiteClient, type SearchForHits, type SearchResponse } from 'algoliasearch/lite';
import { createNullCache, type Cache, type Host, type Requester } from '@algolia/client-common';
import { createFetchRequester } from '@algolia/requester-fetch';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';
import { SEARCH_CLIENT_TIMEOUTS, SNIPPET_ELLIPSIS, SNIPPET_WORDS } from './constants';
import { RETRIEVED_ATTRIBUTES, type SearchDocument } from './documents';
import { EngineSearchBackend, quoteFilterValue, type EngineFacetValue, type FacetCountsQuestion, type FacetValuesQuestion, type HitsQuestion } from './engine-backend';
import { createHostStateCache } from './host-state-cache';
import { geoPoint, matchesFromMarkers, stringFields, type EngineAnswer, type SearchHit } from './hits';

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

export class AlgoliaSearchBackend extends EngineSearchBackend<SearchForHits> {
  readonly name = 'algolia';
  private readonly client: LiteClient;

  constructor(private readonly options: AlgoliaBackendOptions) {
    super();
    this.client = createAlgoliaSearchClient(options);
  }

  /** Strings are facet filters (`culture:"en"`), numbers numeric filters (`year=2026`). */
  protected filterClause(attribute: string, value: string | number): string {
    return typeof value === 'string' ? `${attribute}:${quoteFilterValue(value)}` : `${attribute}=${value}`;
  }

  protected hitsRequest({ text, filter, facets, page, hitsPerPage }: HitsQuestion): SearchForHits {
    return {
      indexName: this.options.indexName,
      query: text,
      filters: filter,
      facets: [...facets],
      // One record per story; counts after distinct count stories (all its records share facets).
      distinct: true,
      facetingAfterDistinct: true,
      hitsPerPage,
      // Algolia pages count from 0, ours from 1.
      page: page - 1,
      attributesToRetrieve: [...RETRIEVED_ATTRIBUTES],
      attributesToHighlight: ['title', 'section_title'],
      attributesToSnippet: [`text:${SNIPPET_WORDS}`],
      highlightPreTag: HIGHLIGHT_START,
      highlightPostTag: HIGHLIGHT_END,
      snippetEllipsisText: SNIPPET_ELLIPSIS,
    };
  }

  protected facetCountsRequest({ text, filter, facet }: FacetCountsQuestion): SearchForHits {
    return {
      indexName: this.options.indexName,
      query: text,
      filters: filter,
      facets: [facet],
      distinct: true,
      facetingAfterDistinct: true,
      hitsPerPage: 0,
      attributesToRetrieve: [],
      attributesToHighlight: [],
      attributesToSnippet: [],
      // Helper queries are not searches a visitor made: keep them out of the analytics.
      analytics: false,
    };
  }

  protected async multiSearch(requests: SearchForHits[]): Promise<EngineAnswer[]> {
    const response = await this.client.search<Record<string, unknown>>({ requests });
    return (response.results as SearchResponse<Record<string, unknown>>[]).map((result) => ({
      hits: (result.hits ?? []).map((hit) => normaliseAlgoliaHit(hit as Record<string, unknown>)),
      total: result.nbHits ?? 0,
      facetCounts: result.facets ?? {},
    }));
  }

  /** A `type: 'facet'` query of the same multi-query endpoint; Algolia marks the typed letters. */
  protected async facetValueSearch({ facet, facetQuery, text, filter }: FacetValuesQuestion): Promise<EngineFacetValue[]> {
    const response = await this.client.search({
      requests: [
        {
          indexName: this.options.indexName,
          type: 'facet',
          facet,
          facetQuery,
          query: text ?? '',
          filters: filter,
          // Counts of stories, not of their section records, as in the facet lists.
          distinct: true,
          facetingAfterDistinct: true,
          highlightPreTag: HIGHLIGHT_START,
          highlightPostTag: HIGHLIGHT_END,
        },
      ],
    });
    const result = response.results[0] as { facetHits?: EngineFacetValue[] } | undefined;
    return result?.facetHits ?? [];
  }
}
