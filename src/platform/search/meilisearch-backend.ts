/**
 * The Meilisearch adapter of the SearchBackend port, on the official `meilisearch` client (fetch
 * based, so it runs in Workers as it is). What every engine adapter shares (the multi-query
 * search, disjunctive facets, reading the answer) is engine-backend.ts; this file says how
 * Meilisearch is asked: one `POST /multi-search`, filters as `culture = "en" AND year = 2026`,
 * matches and crops in `_formatted`, and facet-value search at `POST /indexes/{uid}/facet-search`.
 *
 * Documents are story sections; `distinct: story_uuid` makes the engine keep each story's best
 * section, so totals, pages and facet counts count stories, as D1 does.
 */
import { Meilisearch, MeilisearchApiError, type Hit, type MultiSearchQuery, type MultiSearchResponse } from 'meilisearch';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';
import { SEARCH_CLIENT_TIMEOUTS, SNIPPET_ELLIPSIS, SNIPPET_WORDS } from './constants';
import { RETRIEVED_ATTRIBUTES, type SearchDocument } from './documents';
import { EngineSearchBackend, quoteFilterValue, type EngineFacetValue, type FacetCountsQuestion, type FacetValuesQuestion, type HitsQuestion } from './engine-backend';
import { geoPoint, stringFields, type EngineAnswer, type SearchHit } from './hits';

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

export class MeilisearchSearchBackend extends EngineSearchBackend<MultiSearchQuery> {
  readonly name = 'meilisearch';
  private readonly client: Meilisearch;

  constructor(private readonly options: MeilisearchBackendOptions) {
    super();
    this.client = createMeilisearchClient(options);
  }

  protected filterClause(attribute: string, value: string | number): string {
    return `${attribute} = ${typeof value === 'string' ? quoteFilterValue(value) : value}`;
  }

  protected hitsRequest({ text, filter, facets, page, hitsPerPage }: HitsQuestion): MultiSearchQuery {
    return {
      indexUid: this.options.indexName,
      q: text,
      // Every word required, as in D1: the default (`last`) drops words from the end of the query
      // when too few documents hold them all, so "solar farm" would also list every "solar" story.
      matchingStrategy: 'all',
      filter,
      facets: [...facets],
      // The ranking rules put `sort` last: relevance first, newest first among equals.
      sort: ['published_at:desc'],
      distinct: 'story_uuid',
      hitsPerPage,
      page,
      attributesToRetrieve: [...RETRIEVED_ATTRIBUTES],
      attributesToHighlight: ['title', 'section_title', 'text'],
      highlightPreTag: HIGHLIGHT_START,
      highlightPostTag: HIGHLIGHT_END,
      attributesToCrop: ['text'],
      cropLength: SNIPPET_WORDS,
      cropMarker: SNIPPET_ELLIPSIS,
      showMatchesPosition: true,
    };
  }

  protected facetCountsRequest({ text, filter, facet }: FacetCountsQuestion): MultiSearchQuery {
    // No hits, only the exhaustive counts.
    return { indexUid: this.options.indexName, q: text, matchingStrategy: 'all', filter, facets: [facet], distinct: 'story_uuid', hitsPerPage: 0, page: 1 };
  }

  protected async multiSearch(queries: MultiSearchQuery[]): Promise<EngineAnswer[]> {
    const response = (await this.client.multiSearch<{ queries: MultiSearchQuery[] }, Record<string, unknown>>({ queries })) as MultiSearchResponse<Record<string, unknown>>;
    return response.results.map((result) => ({
      hits: result.hits.map((hit) => normaliseMeilisearchHit(hit)),
      total: result.totalHits ?? result.estimatedTotalHits ?? 0,
      facetCounts: result.facetDistribution ?? {},
    }));
  }

  /** Meilisearch's facet search answers plain values: the typed letters are marked by the caller. */
  protected async facetValueSearch({ facet, facetQuery, text, filter }: FacetValuesQuestion): Promise<EngineFacetValue[]> {
    const response = await this.client.index(this.options.indexName).searchForFacetValues({
      facetName: facet,
      facetQuery,
      ...(text === null ? {} : { q: text, matchingStrategy: 'all' as const }),
      filter,
    });
    return response.facetHits;
  }
}
