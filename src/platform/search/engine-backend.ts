/**
 * The shape every external engine adapter shares (Meilisearch, Algolia): the same question, asked
 * the same way, read back the same way (hits.ts). One search is one multi-query request: the hits
 * query (the words D1 searches, the locale and filters, every facet, the page) plus one
 * facets-only query per filtered dimension, because a dimension's counts leave out its own
 * filter, as D1's do (disjunctive facets). Text with no searchable word answers empty without a
 * request. Facet-value search asks for category names under the current search with its
 * category filter left out. Whatever a client throws becomes a SearchEngineError.
 *
 * An adapter supplies only what differs between engines: how a filter clause is written, the
 * request objects of its API, how it sends them and reads one result back (`EngineAnswer`).
 */
import type { SearchBackend } from '#src/domain/ports';
import { matchFacetValues, MAX_FACET_QUERY_LENGTH, queryTerms, type FacetValueHit, type FacetValueQuery, type SearchQuery } from '#src/domain/search-query';
import { FACET_ATTRIBUTES, FACET_DIMENSIONS, type FacetDimension } from './documents';
import { describeClientError, SearchEngineError } from './errors';
import { EMPTY_RESULTS, toEngineSearchResults, type EngineAnswer, type EngineSearchResults } from './hits';

/** The hits query of a search, in engine-neutral terms. */
export interface HitsQuestion {
  readonly text: string;
  readonly filter: string;
  /** The document attributes to count (every facet). */
  readonly facets: readonly string[];
  /** Ours count from 1. */
  readonly page: number;
  readonly hitsPerPage: number;
}

/** A facets-only query: one dimension's counts under every filter but its own. */
export interface FacetCountsQuestion {
  readonly text: string;
  readonly filter: string;
  readonly facet: string;
}

/** Facet-value search: names of `facet` starting with `facetQuery` among the search's results. */
export interface FacetValuesQuestion {
  readonly facet: FacetValueQuery['facet'];
  readonly facetQuery: string;
  /** Null when the search has no searchable word: every story of the language counts. */
  readonly text: string | null;
  readonly filter: string;
}

/** A facet value as an engine answers it; `highlighted` when the engine marks the typed letters. */
export interface EngineFacetValue {
  readonly value: string;
  readonly count: number;
  readonly highlighted?: string;
}

export abstract class EngineSearchBackend<TRequest> implements SearchBackend {
  abstract readonly name: SearchEngineError['backend'];

  /** One clause of the engine's filter language; string values are to be quoted. */
  protected abstract filterClause(attribute: string, value: string | number): string;
  protected abstract hitsRequest(question: HitsQuestion): TRequest;
  protected abstract facetCountsRequest(question: FacetCountsQuestion): TRequest;
  /** Sends the requests as one multi-query call: one answer per request, in their order. */
  protected abstract multiSearch(requests: TRequest[]): Promise<readonly EngineAnswer[]>;
  protected abstract facetValueSearch(question: FacetValuesQuestion): Promise<readonly EngineFacetValue[]>;

  /** The multi-query request for a query: public, so tests can read it against the engine's docs. */
  buildRequests(query: SearchQuery, text: string): TRequest[] {
    const hits = this.hitsRequest({
      text,
      filter: this.filter(query, null),
      facets: FACET_DIMENSIONS.map((dimension) => FACET_ATTRIBUTES[dimension]),
      page: query.page,
      hitsPerPage: query.hitsPerPage,
    });
    const facetCounts = facetQueriesNeeded(query).map((dimension) => this.facetCountsRequest({ text, filter: this.filter(query, dimension), facet: FACET_ATTRIBUTES[dimension] }));
    return [hits, ...facetCounts];
  }

  async search(query: SearchQuery): Promise<EngineSearchResults> {
    const text = engineQueryText(query.text);
    if (text === null) return EMPTY_RESULTS;
    const [main, ...facetOnly] = await this.call(() => this.multiSearch(this.buildRequests(query, text)));
    if (!main) throw new SearchEngineError(this.name, 'the multi-query request was answered without results');
    const ownCounts = facetQueriesNeeded(query);
    return toEngineSearchResults(main, (dimension) => {
      const own = ownCounts.indexOf(dimension);
      return own === -1 ? main : facetOnly[own];
    });
  }

  /** Category names matching what the visitor typed; the typed letters marked when the engine did not. */
  async searchFacetValues(input: FacetValueQuery): Promise<FacetValueHit[]> {
    const facetQuery = input.facetQuery.slice(0, MAX_FACET_QUERY_LENGTH);
    const values = await this.call(() =>
      this.facetValueSearch({ facet: input.facet, facetQuery, text: engineQueryText(input.query.text), filter: this.filter(input.query, 'category') }),
    );
    return values.map(({ value, count, highlighted }) => ({
      value,
      count,
      highlighted: highlighted ?? matchFacetValues([{ value, count }], facetQuery, input.query.locale)[0]?.highlighted ?? value,
    }));
  }

  /** The query's language and filters, without one dimension when its own counts are wanted. */
  private filter(query: SearchQuery, except: FacetDimension | null): string {
    return [this.filterClause('culture', query.locale), ...activeFilters(query, except).map(({ attribute, value }) => this.filterClause(attribute, value))].join(' AND ');
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      const { message, status, code } = describeClientError(error);
      // Algolia's RetryError lists every host tried; the first line is what a log needs.
      throw new SearchEngineError(this.name, message.split('\n')[0]!, status, code, { cause: error });
    }
  }
}

/** The words sent to an engine, or null when there is nothing to search (D1 answers empty then). */
export function engineQueryText(text: string): string | null {
  const terms = queryTerms(text);
  return terms.length > 0 ? terms.join(' ') : null;
}

/**
 * Facets are disjunctive, as in D1: a dimension's counts leave out its own filter, so choosing a
 * year still shows what the other years hold. Each filtered dimension costs one extra
 * facets-only query in the same multi-query request.
 */
export function facetQueriesNeeded(query: SearchQuery): FacetDimension[] {
  const dimensions: FacetDimension[] = [];
  if (query.categoryId !== null) dimensions.push('category');
  if (query.year !== null) dimensions.push('year');
  if (query.month !== null) dimensions.push('month');
  return dimensions;
}

/** The filter values of a query, without one dimension when its own counts are wanted. */
export function activeFilters(query: SearchQuery, except: FacetDimension | null = null): { attribute: string; value: number }[] {
  const filters: { attribute: string; value: number }[] = [];
  if (query.categoryId !== null && except !== 'category') filters.push({ attribute: FACET_ATTRIBUTES.category, value: query.categoryId });
  if (query.year !== null && except !== 'year') filters.push({ attribute: FACET_ATTRIBUTES.year, value: query.year });
  if (query.month !== null && except !== 'month') filters.push({ attribute: FACET_ATTRIBUTES.month, value: query.month });
  return filters;
}

/** A double-quoted filter string value, escaped the way both engines' filter grammars read it. */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
}
