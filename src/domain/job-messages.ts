/**
 * The messages of the jobs queue (docs/decisions/0015-scheduled-publishing.md). Each names
 * stories by uuid, never by content, so a retry works from what D1 says at that moment (a story
 * withdrawn in between is not announced). Checked with zod when consumed: the queue is an edge.
 */
import * as z from 'zod/mini';

export const JobSchema = z.discriminatedUnion('kind', [
  /** Alert the story's subscribers whose id is above `afterId` (one page; the next page is its own message). */
  z.object({ kind: z.literal('alerts'), storyUuid: z.string(), afterId: z.number() }),
  /** Alert these subscribers once more: their deliveries were claimed by a consumer that died. */
  z.object({ kind: z.literal('alert-retries'), storyUuid: z.string(), subscriberIds: z.array(z.number()) }),
  /** Tell IndexNow which addresses these stories changed. */
  z.object({ kind: z.literal('indexnow'), storyUuids: z.array(z.string()) }),
  /** Tell the WebSub hub which feeds these stories changed. */
  z.object({ kind: z.literal('websub'), storyUuids: z.array(z.string()) }),
  /** Send these stories' documents to the search engine (or delete them, if withdrawn since). */
  z.object({ kind: z.literal('search-push'), storyUuids: z.array(z.string()) }),
  /**
   * Prove that a story the cron lifted at `liftedAt` (its publish event's `live_at`) is on every
   * public surface it should be on (docs/decisions/0052-a-lift-that-proves-itself.md).
   */
  z.object({ kind: z.literal('lift-proof'), storyUuid: z.string(), liftedAt: z.number() }),
  /** Hand the outbox's waiting mail (portal confirmations) to the email API. */
  z.object({ kind: z.literal('deliver-mail') }),
]);

export type Job = z.infer<typeof JobSchema>;

/** What the jobs need of a queue producer (the JOBS binding). */
export interface JobQueue {
  send(body: Job): Promise<unknown>;
  sendBatch(messages: Iterable<{ body: Job }>): Promise<unknown>;
}

/** A queue accepts at most 100 messages per sendBatch. */
export const MAX_MESSAGES_PER_SEND = 100;

export async function sendJobs(queue: JobQueue, jobs: readonly Job[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += MAX_MESSAGES_PER_SEND) {
    await queue.sendBatch(jobs.slice(start, start + MAX_MESSAGES_PER_SEND).map((body) => ({ body })));
  }
}
