/**
 * The search query model shared by every backend, and the rules that make arbitrary visitor input
 * safe to search: bounded length, bounded word count, no query-language syntax passed through.
 */
import { DEFAULT_SEARCH_HITS_PER_PAGE } from './search';

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 12;
export const QUICK_SEARCH_HITS = 3;

export interface SearchQuery {
  readonly text: string;
  readonly locale: string;
  readonly categoryId: number | null;
  readonly year: number | null;
  /** 1-12 */
  readonly month: number | null;
  readonly page: number;
  readonly hitsPerPage: number;
}

export interface SearchResultHit {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  /** Title and snippet with matches between HIGHLIGHT_START and HIGHLIGHT_END markers. */
  readonly highlightedTitle: string;
  readonly snippet: string;
  readonly published_at: number;
  /** The body section (`header-…` anchor) the match is in, when the backend indexes sections. */
  readonly sectionId?: string | null;
}

export interface FacetValue {
  readonly value: number;
  readonly count: number;
}

export interface SearchResults {
  /** True when the configured engine failed and the built-in search answered instead. */
  readonly fellBack?: boolean;
  readonly hits: readonly SearchResultHit[];
  readonly total: number;
  readonly facets: { readonly category: readonly FacetValue[]; readonly year: readonly FacetValue[]; readonly month: readonly FacetValue[] };
}

/**
 * Highlight markers are control characters that cannot occur in content text, so a view can
 * split on them and wrap matches in <mark> without ever treating content as HTML.
 */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';

/** Splits highlighted text into plain and matched parts, in order. */
export function highlightParts(text: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [index, chunk] of text.split(HIGHLIGHT_START).entries()) {
    if (index === 0) {
      if (chunk) parts.push({ text: chunk, match: false });
      continue;
    }
    const end = chunk.indexOf(HIGHLIGHT_END);
    if (end === -1) {
      parts.push({ text: chunk, match: false });
      continue;
    }
    if (end > 0) parts.push({ text: chunk.slice(0, end), match: true });
    if (end < chunk.length - 1) parts.push({ text: chunk.slice(end + 1), match: false });
  }
  return parts;
}

/** The words of a query: letters and digits of any script, bounded in length and number. */
export function queryTerms(text: string): string[] {
  const words = text.slice(0, MAX_QUERY_LENGTH).normalize('NFKC').match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}_]*/gu) ?? [];
  return words.slice(0, MAX_QUERY_TERMS);
}

export function normaliseSearchQuery(input: Partial<SearchQuery> & { text: string; locale: string }): SearchQuery {
  return {
    text: input.text.trim().slice(0, MAX_QUERY_LENGTH),
    locale: input.locale,
    categoryId: input.categoryId ?? null,
    year: input.year ?? null,
    month: input.month ?? null,
    page: Math.max(1, input.page ?? 1),
    hitsPerPage: input.hitsPerPage ?? DEFAULT_SEARCH_HITS_PER_PAGE,
  };
}
