/**
 * Search rules every backend shares. The engines' own shapes (the settings that pick and reach an
 * engine, the normalised hit) are adapters' business: src/platform/search/.
 */

import type { StoredImagePayload } from './media-payload';
import type { StorySection } from './story';

/**
 * A story as the external engines' documents are made from it (src/platform/search/documents.ts),
 * from a content bundle at import or from D1 when the cron makes it live.
 */
export interface SearchableStory {
  readonly uuid: string;
  readonly slug: string;
  readonly title: string;
  readonly subtitle: string;
  readonly summary: string;
  readonly locale: string;
  readonly published_at: number;
  readonly updated_at: number;
  readonly cover: StoredImagePayload | null;
  readonly sections: readonly StorySection[];
  /** Its categories as D1 numbers them, named in the story's language, in the story's order. */
  readonly categories: readonly { readonly id: number; readonly name: string }[];
}

/** Default number of hits on the full results page (docs/spec-coverage.md section 9). */
export const DEFAULT_SEARCH_HITS_PER_PAGE = 20;
