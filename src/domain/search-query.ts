/**
 * The search query model shared by every backend, and the rules that make arbitrary visitor input
 * safe to search: bounded length, bounded word count, no query-language syntax passed through.
 */
import { DEFAULT_SEARCH_HITS_PER_PAGE } from './search';

export const MAX_QUERY_LENGTH = 200;
export const MAX_QUERY_TERMS = 12;
export const QUICK_SEARCH_HITS = 3;
/**
 * The category facet lists this many values (the most frequent, and the chosen one); when the
 * results span more, the page offers facet-value search to find the others by name.
 */
export const CATEGORY_FACET_VALUES_SHOWN = 5;
/** Longest category name prefix a visitor can type into the facet's finder. */
export const MAX_FACET_QUERY_LENGTH = 100;

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

/** A category found by name among the current search's results (facet-value search). */
export interface FacetValueHit {
  /** The category's name in the search's language. */
  readonly value: string;
  readonly count: number;
  /** The name with the typed letters between HIGHLIGHT_START and HIGHLIGHT_END. */
  readonly highlighted: string;
}

export interface FacetValueQuery {
  /** Only category names are worth typing into; ids, years and months are listed whole. */
  readonly facet: 'categories';
  readonly facetQuery: string;
  /** The current search, so the values offered are the ones that would still give results. */
  readonly query: SearchQuery;
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

/**
 * Facet-value search over a complete list of names with counts (the built-in search's answer):
 * a name matches when one of its words starts with the typed letters, ignoring case and accents
 * the way the visitor's language compares them, as the engines' facet search does. Most
 * frequent first, the match highlighted.
 */
export function matchFacetValues(values: readonly { value: string; count: number }[], typed: string, locale: string): FacetValueHit[] {
  const wanted = typed.trim().normalize('NFC').slice(0, MAX_FACET_QUERY_LENGTH);
  if (!wanted) return [];
  const hits: FacetValueHit[] = [];
  for (const { value, count } of values) {
    const name = value.normalize('NFC');
    const start = wordStarts(name).find((index) => name.slice(index, index + wanted.length).localeCompare(wanted, locale, { sensitivity: 'base' }) === 0);
    if (start === undefined) continue;
    const end = start + wanted.length;
    hits.push({ value, count, highlighted: `${name.slice(0, start)}${HIGHLIGHT_START}${name.slice(start, end)}${HIGHLIGHT_END}${name.slice(end)}` });
  }
  return hits.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, locale));
}

function wordStarts(name: string): number[] {
  return [...name.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => match.index);
}
