/**
 * The Meilisearch adapter of the SearchBackend port, on the official `meilisearch` client (fetch
 * based, so it runs in Workers as it is). One search is one `POST /multi-search`: the hits query
 * (text, locale and filters, facets, page, highlight and crop) plus one facets-only query per
 * filtered dimension, because facet counts leave out their own filter (see hits.ts).
 *
 * Documents are story sections; `distinct: story_uuid` makes the engine keep each story's best
 * section, so totals, pages and facet counts count stories, as D1 does.
 */
import { Meilisearch, MeilisearchApiError, type Hit, type MultiSearchQuery, type MultiSearchResponse } from 'meilisearch';
import type { SearchBackend } from '#src/domain/ports';
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchQuery, type FacetValueHit, type FacetValueQuery } from '#src/domain/search-query';
import { SEARCH_CLIENT_TIMEOUTS, SNIPPET_ELLIPSIS, SNIPPET_WORDS } from './constants';
import { FACET_ATTRIBUTES, FACET_DIMENSIONS, RETRIEVED_ATTRIBUTES, type FacetDimension, type SearchDocument } from './documents';
import { describeClientError, SearchEngineError } from './errors';
import {
  activeFilters,
  EMPTY_RESULTS,
  engineQueryText,
  facetQueriesNeeded,
  geoPoint,
  quoteFilterValue,
  stringFields,
  toFacetValues,
  toResultHits,
  type EngineSearchResults,
  type SearchHit,
} from './hits';

export interface MeilisearchClientOptions {
  readonly host: string;
  readonly apiKey: string;
  /** Replaces the global fetch (tests' fake transport); the client's timeout still applies. */
  readonly fetch?: typeof fetch;
  /** Per-request timeout in milliseconds; searches use the read timeout. */
  readonly timeoutMs?: number;
  /** How long to wait for the server to answer at all (its response headers); default 1 s. */
  readonly connectTimeoutMs?: number;
}

export interface MeilisearchBackendOptions extends MeilisearchClientOptions {
  readonly indexName: string;
}

/**
 * The official client, over the global fetch (Workers, Node) or another one. The client has one
 * timeout for a whole request; docs/spec-coverage.md section 9 also gives a connect timeout (1 s), which fetch
 * does not know, so every request goes through our `httpClient` (the hook is marked deprecated
 * in 0.62, still supported): it aborts when the server has not begun to answer (no response
 * headers) within the connect timeout, as Algolia's fetch requester does, while the client's own
 * timeout still bounds the whole request. API errors are raised as the MeilisearchApiError the
 * client itself would raise, so statuses and codes read the same.
 */
export function createMeilisearchClient(options: MeilisearchClientOptions): Meilisearch {
  const transport = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const connectTimeoutMs = options.connectTimeoutMs ?? SEARCH_CLIENT_TIMEOUTS.connect;
  return new Meilisearch({
    host: options.host,
    apiKey: options.apiKey,
    timeout: options.timeoutMs ?? SEARCH_CLIENT_TIMEOUTS.read,
    httpClient: async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await withConnectTimeout(transport, input, init, connectTimeoutMs);
      const text = await response.text();
      const body = text === '' ? undefined : JSON.parse(text);
      if (!response.ok) throw new MeilisearchApiError(response, body);
      return body;
    },
  });
}

/** fetch, given up (aborted) when no response has begun within `connectTimeoutMs`. */
async function withConnectTimeout(transport: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, connectTimeoutMs: number): Promise<Response> {
  const connect = new AbortController();
  const signal = init?.signal ? AbortSignal.any([init.signal, connect.signal]) : connect.signal;
  const timer = setTimeout(() => connect.abort(new Error(`no answer within the connect timeout of ${connectTimeoutMs}ms`)), connectTimeoutMs);
  try {
    return await transport(input, { ...init, signal });
  } finally {
    clearTimeout(timer);
  }
}

/** A Meilisearch hit in our normalised shape; the underscore fields leave the document. */
export function normaliseMeilisearchHit(raw: Hit<Record<string, unknown>>): SearchHit<Partial<SearchDocument>> {
  // Ranking details are dropped with the rest: no view shows them.
  const { _formatted, _matchesPosition, _geo, _rankingScore: _score, _rankingScoreDetails: _details, _federation: _origin, ...document } = raw as Record<string, unknown>;
  const geo = geoPoint(_geo);
  return {
    objectID: String(document.objectID ?? ''),
    ...(geo ? { _geo: geo } : {}),
    _formatted: stringFields(_formatted),
    _matchesPosition: (_matchesPosition ?? {}) as SearchHit['_matchesPosition'],
    document: document as Partial<SearchDocument>,
  };
}

export class MeilisearchSearchBackend implements SearchBackend {
  readonly name = 'meilisearch';
  private readonly client: Meilisearch;

  constructor(private readonly options: MeilisearchBackendOptions) {
    this.client = createMeilisearchClient(options);
  }

  /** The multi-search body for a query: exported shape, so tests can read it against the docs. */
  buildQueries(query: SearchQuery, q: string): MultiSearchQuery[] {
    const main: MultiSearchQuery = {
      indexUid: this.options.indexName,
      q,
      // Every word required, as in D1: the default (`last`) drops words from the end of the query
      // when too few documents hold them all, so "solar farm" would also list every "solar" story.
      matchingStrategy: 'all',
      filter: this.filter(query, null),
      facets: FACET_DIMENSIONS.map((dimension) => FACET_ATTRIBUTES[dimension]),
      // The ranking rules put `sort` last: relevance first, newest first among equals.
      sort: ['published_at:desc'],
      distinct: 'story_uuid',
      hitsPerPage: query.hitsPerPage,
      page: query.page,
      attributesToRetrieve: [...RETRIEVED_ATTRIBUTES],
      attributesToHighlight: ['title', 'section_title', 'text'],
      highlightPreTag: HIGHLIGHT_START,
      highlightPostTag: HIGHLIGHT_END,
      attributesToCrop: ['text'],
      cropLength: SNIPPET_WORDS,
      cropMarker: SNIPPET_ELLIPSIS,
      showMatchesPosition: true,
    };
    const facetOnly = facetQueriesNeeded(query).map(
      (dimension): MultiSearchQuery => ({
        indexUid: this.options.indexName,
        q,
        matchingStrategy: 'all',
        filter: this.filter(query, dimension),
        facets: [FACET_ATTRIBUTES[dimension]],
        distinct: 'story_uuid',
        // No hits, only the exhaustive counts.
        hitsPerPage: 0,
        page: 1,
      }),
    );
    return [main, ...facetOnly];
  }

  async search(query: SearchQuery): Promise<EngineSearchResults> {
    const q = engineQueryText(query.text);
    if (q === null) return EMPTY_RESULTS;
    const queries = this.buildQueries(query, q);
    const response = await this.call(() => this.client.multiSearch<{ queries: MultiSearchQuery[] }, Record<string, unknown>>({ queries }));
    const [main, ...facetOnly] = (response as MultiSearchResponse<Record<string, unknown>>).results;
    if (!main) throw new SearchEngineError('meilisearch', 'multi-search answered without results');
    const distribution = (dimension: FacetDimension) => {
      const own = facetQueriesNeeded(query).indexOf(dimension);
      const source = own === -1 ? main : facetOnly[own];
      return source?.facetDistribution?.[FACET_ATTRIBUTES[dimension]];
    };
    return {
      hits: toResultHits(main.hits.map((hit) => normaliseMeilisearchHit(hit))),
      total: main.totalHits ?? main.estimatedTotalHits ?? 0,
      facets: {
        category: toFacetValues('category', distribution('category')),
        year: toFacetValues('year', distribution('year')),
        month: toFacetValues('month', distribution('month')),
      },
    };
  }

  /** `POST /indexes/{index}/facet-search`: category names matching what the visitor typed. */
  async searchFacetValues(input: FacetValueQuery): Promise<FacetValueHit[]> {
    const q = engineQueryText(input.query.text);
    const response = await this.call(() =>
      this.client.index(this.options.indexName).searchForFacetValues({
        facetName: input.facet,
        facetQuery: input.facetQuery.slice(0, 100),
        ...(q === null ? {} : { q, matchingStrategy: 'all' as const }),
        filter: this.filter(input.query, 'category'),
      }),
    );
    const typed = input.facetQuery.trim().toLowerCase();
    return response.facetHits.map((hit) => ({ value: hit.value, count: hit.count, highlighted: highlightPrefix(hit.value, typed) }));
  }

  private filter(query: SearchQuery, except: FacetDimension | null): string {
    return [`culture = ${quoteFilterValue(query.locale)}`, ...activeFilters(query, except).map(({ attribute, value }) => `${attribute} = ${value}`)].join(' AND ');
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const { message, status, code } = describeClientError(error);
      throw new SearchEngineError('meilisearch', message, status, code, { cause: error });
    }
  }
}

/** Meilisearch's facet search returns plain values; mark the typed prefix the way Algolia does. */
function highlightPrefix(value: string, typed: string): string {
  if (!typed || !value.toLowerCase().startsWith(typed)) return value;
  return `${HIGHLIGHT_START}${value.slice(0, typed.length)}${HIGHLIGHT_END}${value.slice(typed.length)}`;
}
