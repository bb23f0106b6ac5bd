/**
 * Go-live reaches search (docs/decisions/0035-exactly-once-alerts-and-search-push.md): with
 * Meilisearch or Algolia configured and a documents-only key (SEARCH_WRITE_KEY), the minute cron
 * hands the stories it made live to the queue, and this job sends their documents, built from D1
 * exactly as the import's `--sync-search` builds them from the folder. A story withdrawn before the
 * job ran has its documents deleted instead. Writes are idempotent (same objectIDs), so a message
 * delivered twice or re-queued after a lost one does no harm. With the D1 backend nothing is
 * needed: FTS5 reads the stories table, so a story the cron made public is found at once.
 */
import { storySearchDocuments } from '#src/platform/search/documents';
import type { JobDeps } from '#src/deps';

/** Stories handed to the queue per cron run (one message); a backlog drains over the next minutes. */
export const SEARCH_PUSHES_PER_RUN = 50;

/** Queues the stories whose push is waiting; returns how many. */
export async function queueSearchPushes(deps: Pick<JobDeps, 'searchIndex' | 'searchPushes' | 'queue'>, now: number): Promise<number> {
  if (!deps.searchIndex) return 0;
  const storyUuids = await deps.searchPushes.claimWaiting(now, SEARCH_PUSHES_PER_RUN);
  if (storyUuids.length === 0) return 0;
  try {
    await deps.queue.send({ kind: 'search-push', storyUuids });
  } catch (error) {
    await deps.searchPushes.release(storyUuids);
    throw error;
  }
  return storyUuids.length;
}

/** Sends the public stories' documents and deletes those of the others; counts of each. */
export async function pushToSearch(deps: JobDeps, job: { storyUuids: readonly string[] }, now: number): Promise<{ indexed: number; deleted: number }> {
  // No engine any more (configuration changed since): the import fills whatever comes next.
  if (!deps.searchIndex) return { indexed: 0, deleted: 0 };
  const stories = await deps.searchPushes.pushableStories(job.storyUuids);
  const options = { cdnRoot: deps.config.mediaRoot };
  const documents = stories.filter((story) => story.is_public).flatMap((story) => storySearchDocuments(story, options));
  const withdrawn = stories.filter((story) => !story.is_public).flatMap((story) => storySearchDocuments(story, options).map((document) => document.objectID));
  if (documents.length > 0) await deps.searchIndex.addDocuments(documents);
  if (withdrawn.length > 0) await deps.searchIndex.deleteDocuments(withdrawn);
  await deps.searchPushes.markPushed(job.storyUuids, now);
  return { indexed: documents.length, deleted: withdrawn.length };
}
