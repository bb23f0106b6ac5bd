/**
 * What the external search engines index: one document per heading-level section of a published,
 * public story, so a hit can deep-link to its `header-…` anchor (the lead section, before the
 * first heading, has no anchor and links to the story itself). Each document repeats the story's
 * fields (title, summary, categories, dates) because engines rank and filter per document.
 *
 * Also the index settings each engine needs to search these documents the way the D1 backend does:
 * title weighted over body, one hit per story (`story_uuid` as the distinct attribute), facets
 * on category id, year and month, newest first among equals.
 *
 * Pure: no engine client, no I/O. The import CLI (src/content/search-sync.ts) sends the bundle's;
 * the queue's go-live push (src/jobs/search-push.ts) builds a story's from D1, the same way.
 */
import type { Settings as MeilisearchSettings } from 'meilisearch';
import type { IndexSettings as AlgoliaIndexSettings } from 'algoliasearch';
import type { ContentBundle } from '#src/domain/content-bundle';
import type { SearchableStory } from '#src/domain/search';
import { imageAttributes, truncateUtf8, UploadedImage, utf8ByteLength } from '#src/domain/media/index';
import { HIGHLIGHT_END, HIGHLIGHT_START } from '#src/domain/search-query';

export interface SearchDocument {
  /** `${story uuid}-${n}`: stable across imports while the story's sections keep their order. */
  readonly objectID: string;
  readonly story_uuid: string;
  readonly slug: string;
  readonly title: string;
  readonly subtitle: string;
  readonly summary: string;
  /** The section's `header-…` anchor; null for the lead (text before the first heading). */
  readonly section_id: string | null;
  readonly section_title: string;
  /** Order within the story: ties in ranking prefer the earlier section. */
  readonly section_position: number;
  readonly text: string;
  /** The story's locale code. */
  readonly culture: string;
  /** Category names in the story's own language (searchable, and for facet-value search). */
  readonly categories: readonly string[];
  /** The D1 category ids: the facet and filter values every backend shares. */
  readonly category_ids: readonly number[];
  /** UTC, like D1's strftime over published_at. */
  readonly year: number;
  readonly month: number;
  /** Seconds since the epoch. */
  readonly published_at: number;
  readonly updated_at: number;
  readonly thumbnail: string | null;
}

/** Our facet dimensions and the document attribute each one counts. */
export const FACET_ATTRIBUTES = { category: 'category_ids', year: 'year', month: 'month' } as const;
export type FacetDimension = keyof typeof FACET_ATTRIBUTES;
export const FACET_DIMENSIONS = Object.keys(FACET_ATTRIBUTES) as FacetDimension[];

/** The attributes a hit needs to become a result (the rest stays in the index). */
export const RETRIEVED_ATTRIBUTES = [
  'objectID',
  'story_uuid',
  'slug',
  'title',
  'summary',
  'section_id',
  'section_title',
  'text',
  'culture',
  'published_at',
  'thumbnail',
] as const satisfies readonly (keyof SearchDocument)[];

/** Most important first: both engines rank a match in an earlier attribute higher. */
const SEARCHABLE = ['title', 'subtitle', 'summary', 'section_title', 'text', 'categories'] as const satisfies readonly (keyof SearchDocument)[];

/**
 * Algolia's smallest plans refuse records over 10 KB. Long sections are split into several
 * documents (same anchor) rather than cut, so every word stays findable.
 */
export const MAX_TEXT_BYTES = 6_000;

/** Cards show thumbnails at most this wide. */
const THUMBNAIL_WIDTH = 400;

export const MEILISEARCH_INDEX_SETTINGS = {
  searchableAttributes: [...SEARCHABLE],
  // story_uuid must be filterable for the search-time `distinct`; categories for facet-value search.
  filterableAttributes: ['culture', 'category_ids', 'categories', 'year', 'month', 'story_uuid'],
  sortableAttributes: ['published_at', 'section_position'],
  distinctAttribute: 'story_uuid',
  // `sort` last: relevance decides, the date only breaks ties (as in D1: bm25, then newest).
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness', 'sort'],
  faceting: { maxValuesPerFacet: 100 },
  pagination: { maxTotalHits: 1000 },
} satisfies MeilisearchSettings;

export const ALGOLIA_INDEX_SETTINGS = {
  searchableAttributes: ['title', 'subtitle', 'summary', 'section_title', 'unordered(text)', 'categories'],
  attributesForFaceting: ['filterOnly(culture)', 'filterOnly(story_uuid)', 'category_ids', 'searchable(categories)', 'year', 'month'],
  attributeForDistinct: 'story_uuid',
  customRanking: ['desc(published_at)', 'asc(section_position)'],
  // Records of one story share every facet value, so counting after distinct counts stories.
  attributesToRetrieve: [...RETRIEVED_ATTRIBUTES],
} satisfies AlgoliaIndexSettings;

export interface DocumentOptions {
  /** The media root of this import (Uploadcare CDN or `/media`), as for story bodies. */
  readonly cdnRoot: string;
}

/**
 * D1 category ids are assigned by position in categories.yaml (src/platform/d1/import-statements.ts):
 * the engines must filter and count with the same numbers the routes ask for.
 */
export function categoryIdsByKey(bundle: Pick<ContentBundle, 'categories'>): Map<string, number> {
  return new Map(bundle.categories.map((category, index) => [category.key, index + 1]));
}

/** Every document for the bundle's published, public stories, in story then section order. */
export function buildSearchDocuments(bundle: Pick<ContentBundle, 'categories' | 'stories'>, options: DocumentOptions): SearchDocument[] {
  const ids = categoryIdsByKey(bundle);
  return bundle.stories
    .filter((story) => story.is_public)
    .flatMap((story) =>
      storySearchDocuments(
        {
          ...story,
          categories: story.category_keys
            .filter((key) => ids.has(key))
            .map((key) => ({ id: ids.get(key)!, name: bundle.categories.find((category) => category.key === key)?.i18n[story.locale]?.name ?? key })),
        },
        options,
      ),
    );
}

/**
 * One story's documents, one per section (long sections split), whether or not it is public:
 * the import sends those of public stories; the go-live job (src/jobs/search-push.ts) builds the
 * same from D1, to send or, for a story withdrawn since, to delete by objectID.
 */
export function storySearchDocuments(story: SearchableStory, options: DocumentOptions): SearchDocument[] {
  const published = new Date(story.published_at * 1000);
  const shared = {
    story_uuid: story.uuid,
    slug: story.slug,
    title: clean(story.title),
    subtitle: clean(story.subtitle),
    summary: clean(story.summary),
    culture: story.locale,
    categories: story.categories.map((category) => clean(category.name)),
    category_ids: story.categories.map((category) => category.id),
    year: published.getUTCFullYear(),
    month: published.getUTCMonth() + 1,
    published_at: story.published_at,
    updated_at: story.updated_at,
    thumbnail: story.cover ? thumbnailUrl(story.cover, options.cdnRoot) : null,
  };
  // A story with an empty body is still found by its title and summary.
  const sections = story.sections.length > 0 ? story.sections : [{ id: '', title: '', text: '' }];
  const documents: SearchDocument[] = [];
  let position = 0;
  for (const section of sections) {
    for (const text of splitText(clean(section.text), MAX_TEXT_BYTES)) {
      documents.push({
        objectID: `${story.uuid}-${position}`,
        ...shared,
        section_id: section.id || null,
        section_title: clean(section.title),
        section_position: position,
        text,
      });
      position += 1;
    }
  }
  return documents;
}

/**
 * Our highlight markers are control characters that content never holds; stripping them at index
 * time keeps it so, whatever a content file contains, so a view can trust every marker it sees.
 */
function clean(text: string): string {
  return text.replaceAll(HIGHLIGHT_START, '').replaceAll(HIGHLIGHT_END, '');
}

/** Whole words per chunk, each chunk at most maxBytes of UTF-8; one oversized word is cut. */
export function splitText(text: string, maxBytes: number): string[] {
  if (utf8ByteLength(text) <= maxBytes) return [text];
  const chunks: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const piece = utf8ByteLength(word) > maxBytes ? truncateUtf8(word, maxBytes) : word;
    const candidate = current ? `${current} ${piece}` : piece;
    if (utf8ByteLength(candidate) > maxBytes) {
      chunks.push(current);
      current = piece;
    } else {
      current = candidate;
    }
  }
  if (current) chunks.push(current);
  return chunks;
}

function thumbnailUrl(cover: NonNullable<SearchableStory['cover']>, cdnRoot: string): string {
  return imageAttributes(UploadedImage.fromJSON(cover, { cdn: cdnRoot }), THUMBNAIL_WIDTH, `${THUMBNAIL_WIDTH}px`).src;
}
