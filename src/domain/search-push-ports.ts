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
