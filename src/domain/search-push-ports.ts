/**
 * The go-live push to an external search engine (docs/decisions/0035-exactly-once-alerts-and-search-push.md):
 * stories the minute cron made live are handed to the queue, whose job sends their documents to
 * the engine (or deletes them, for a story withdrawn before the job ran). D1 implements it in
 * src/platform/d1/search-push-store.ts.
 */
import type { SearchableStory } from './search';

/** A story as its search documents are built, and whether it may be in the index now. */
export interface PushableStory extends SearchableStory {
  readonly is_public: boolean;
}

export interface SearchPushStore {
  /**
   * Takes up to `limit` stories the cron made live whose push is neither done nor under way (each
   * taken by one caller), including those taken more than SEARCH_PUSH_CLAIM_SECONDS ago and
   * never marked pushed (the message was lost or the job gave up): their uuids.
   */
  claimWaiting(now: number, limit: number): Promise<string[]>;
  /** Gives claimed stories back when the queue refused them, for the next run. */
  release(storyUuids: readonly string[]): Promise<void>;
  /** The stories named, public or not, as documents are built from them (unknown uuids are left out). */
  pushableStories(storyUuids: readonly string[]): Promise<PushableStory[]>;
  /** Records that the engine took these stories' documents (or their deletion). */
  markPushed(storyUuids: readonly string[], now: number): Promise<void>;
}

/**
 * The engine's index as the push writes it, with the documents-only key (src/platform/search/document-writer.ts):
 * a story's documents (built by src/platform/search/documents.ts, the engine's shape) in, a
 * withdrawn story's out. Here a document is only what every engine keys it by.
 */
export interface SearchIndexWriter {
  readonly backend: 'meilisearch' | 'algolia';
  readonly indexName: string;
  /** Adds the documents, replacing any of the same objectID. */
  addDocuments(documents: readonly { readonly objectID: string }[]): Promise<void>;
  /** Deletes these objectIDs; one the index does not hold is no error. */
  deleteDocuments(objectIds: readonly string[]): Promise<void>;
}
