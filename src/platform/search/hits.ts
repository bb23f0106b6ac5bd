/**
 * How an engine's answer becomes the domain's search result, the same for every engine adapter
 * (engine-backend.ts asks; this reads back): each adapter turns one result of its multi-query
 * answer into an `EngineAnswer` (hits normalised to docs/spec-coverage.md section 3's shape:
 * objectID, _geo, _formatted, _matchesPosition; its total; its facet counts), and from there
 * the hits become result hits, one per story, and the counts the D1 backend's facet order.
 */
import { HIGHLIGHT_END, HIGHLIGHT_START, type FacetValue, type SearchResultHit, type SearchResults } from '#src/domain/search-query';
import { SNIPPET_ELLIPSIS, SNIPPET_WORDS } from './constants';
import { FACET_ATTRIBUTES, type FacetDimension, type SearchDocument } from './documents';

/** One hit, in the shape both engines' hits are normalised to (docs/spec-coverage.md section 3's Search hit). */
export interface SearchHit<TDocument = Record<string, unknown>> {
  readonly objectID: string;
  readonly _geo?: { readonly lat: number; readonly lng: number };
  /** The document's fields with matches wrapped in highlight tags. */
  readonly _formatted?: Partial<Record<keyof TDocument & string, string>>;
  readonly _matchesPosition?: Readonly<Record<string, readonly { start: number; length: number }[]>>;
  readonly document: TDocument;
}

/**
 * A result hit with the section it came from, so a link can jump to `#header-…`. Extra fields
 * are ignored by code that only knows SearchResultHit.
 */
export interface SectionSearchResultHit extends SearchResultHit {
  /** The `header-…` anchor of the best matching section; null when it was the lead. */
  readonly sectionId: string | null;
  readonly sectionTitle: string;
  readonly thumbnail: string | null;
}

export interface EngineSearchResults extends SearchResults {
  readonly hits: readonly SectionSearchResultHit[];
}

export const EMPTY_RESULTS: EngineSearchResults = { hits: [], total: 0, facets: { category: [], year: [], month: [] } };

/** One result of an engine's multi-query answer, read by its adapter into the shape both share. */
export interface EngineAnswer {
  readonly hits: readonly SearchHit<Partial<SearchDocument>>[];
  readonly total: number;
  /** Counts by facet attribute, then value, as the engine sends them (`{category_ids: {"3": 12}}`). */
  readonly facetCounts: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/**
 * The domain's result from the hits answer and, per dimension, the answer holding its counts:
 * the hits answer itself, or the facets-only answer that left the dimension's own filter out.
 * A missing answer gives no counts rather than wrong ones.
 */
export function toEngineSearchResults(hitsAnswer: EngineAnswer, countsOf: (dimension: FacetDimension) => EngineAnswer | undefined): EngineSearchResults {
  const facetValues = (dimension: FacetDimension) => toFacetValues(dimension, countsOf(dimension)?.facetCounts[FACET_ATTRIBUTES[dimension]]);
  return {
    hits: toResultHits(hitsAnswer.hits),
    total: hitsAnswer.total,
    facets: { category: facetValues('category'), year: facetValues('year'), month: facetValues('month') },
  };
}

type Document = Partial<SearchDocument> & { objectID?: unknown };

/**
 * One result per story, in the engine's order: the first hit of a story is its best section, and
 * the engines' distinct attribute should already have removed the others; this is the safety net
 * for an index whose settings were not applied.
 */
export function toResultHits(hits: readonly SearchHit<Document>[]): SectionSearchResultHit[] {
  const seen = new Set<string>();
  const results: SectionSearchResultHit[] = [];
  for (const hit of hits) {
    const doc = hit.document;
    if (typeof doc.story_uuid !== 'string' || typeof doc.slug !== 'string' || seen.has(doc.story_uuid)) continue;
    seen.add(doc.story_uuid);
    const title = doc.title ?? '';
    results.push({
      uuid: doc.story_uuid,
      slug: doc.slug,
      locale: doc.culture ?? '',
      title,
      highlightedTitle: hit._formatted?.title ?? title,
      snippet: snippetOf(hit),
      published_at: doc.published_at ?? 0,
      sectionId: doc.section_id ?? null,
      sectionTitle: hit._formatted?.section_title ?? doc.section_title ?? '',
      thumbnail: doc.thumbnail ?? null,
    });
  }
  return results;
}

/** The section's cropped, highlighted text; its summary when the section has no text. */
function snippetOf(hit: SearchHit<Document>): string {
  const text = hit.document.text ?? '';
  if (text === '') return hit._formatted?.summary ?? hit.document.summary ?? '';
  return hit._formatted?.text ?? cropWords(text, SNIPPET_WORDS);
}

export function cropWords(text: string, words: number): string {
  const all = text.split(/\s+/).filter(Boolean);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')}${SNIPPET_ELLIPSIS}`;
}

/**
 * Engines return facet values as strings (`{"3": 12}`); D1 returns numbers in a fixed order:
 * categories by count then id, years newest first, months in calendar order.
 */
export function toFacetValues(dimension: FacetDimension, distribution: Readonly<Record<string, number>> | undefined): FacetValue[] {
  const values = Object.entries(distribution ?? {})
    .map(([value, count]) => ({ value: Number(value), count }))
    .filter((facet) => Number.isInteger(facet.value) && facet.count > 0);
  if (dimension === 'category') return values.sort((a, b) => b.count - a.count || a.value - b.value);
  if (dimension === 'year') return values.sort((a, b) => b.value - a.value);
  return values.sort((a, b) => a.value - b.value);
}

/**
 * Match positions of a highlighted value, measured in the value without markers: Algolia returns
 * no positions, and this gives both engines' hits the same `_matchesPosition` shape.
 */
export function matchesFromMarkers(highlighted: string): { start: number; length: number }[] {
  const matches: { start: number; length: number }[] = [];
  let plainLength = 0;
  let index = 0;
  while (index < highlighted.length) {
    const start = highlighted.indexOf(HIGHLIGHT_START, index);
    if (start === -1) break;
    plainLength += start - index;
    const end = highlighted.indexOf(HIGHLIGHT_END, start + 1);
    if (end === -1) break;
    const length = end - start - 1;
    if (length > 0) matches.push({ start: plainLength, length });
    plainLength += length;
    index = end + 1;
  }
  return matches;
}

/** Keeps only the string values of a formatted-fields object (engines also format numbers). */
export function stringFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (value === null || typeof value !== 'object') return fields;
  for (const [key, field] of Object.entries(value)) if (typeof field === 'string') fields[key] = field;
  return fields;
}

/** A `{lat, lng}` point, or undefined: both engines accept strings and arrays we do not want. */
export function geoPoint(value: unknown): { lat: number; lng: number } | undefined {
  const point = Array.isArray(value) ? value[0] : value;
  if (point === null || typeof point !== 'object') return undefined;
  const { lat, lng } = point as { lat?: unknown; lng?: unknown };
  const latitude = Number(lat);
  const longitude = Number(lng);
  return Number.isFinite(latitude) && Number.isFinite(longitude) && lat !== null && lng !== null ? { lat: latitude, lng: longitude } : undefined;
}
