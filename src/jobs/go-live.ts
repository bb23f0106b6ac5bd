/**
 * The minute cron (docs/decisions/0015-scheduled-publishing.md): makes due stories live and
 * releases due galleries (docs/decisions/0036-gallery-release-time.md), points
 * the page cache at the new content revision, and hands the go-live work recorded in D1 (by this
 * run, an earlier one, or an import) to the queue, with the search engine's push of the stories
 * it made live and any alert whose consumer died mid-send (ADR 0035). Every step is safe to
 * repeat: a late run catches up every overdue story, an overlapping run flips and claims nothing
 * twice, and work the queue refused stays in D1 for the next run.
 *
 * Publishing, read from here: an import (scripts/cli/import.ts over src/content/, written in one D1
 * transaction by src/platform/d1/import-statements.ts) or this cron (src/worker.ts `scheduled`,
 * the states' rules in src/domain/publishing.ts and src/domain/story.ts, the store
 * src/platform/d1/publishing-store.ts) moves the content revision; the queue's jobs
 * (src/jobs/queue.ts: alerts, IndexNow and WebSub, the search engine's push, the outbox's mail)
 * do the rest, and the page cache pre-renders the busiest pages (src/page-cache/prerender.ts).
 */
import type { PublishEvent, ReleasedGallery } from '#src/domain/publishing-ports';
import type { JobDeps } from '#src/deps';
import { sendJobs, type Job } from '#src/domain/job-messages';
import { queueAbandonedAlerts } from './alert-retries';
import { queueSearchPushes } from './search-push';
import { logFailure } from '#src/log';

/** Events handed to the queue per run; a backlog drains over the next minutes. */
export const EVENTS_PER_RUN = 50;

export interface GoLiveReport {
  readonly published: readonly { uuid: string; slug: string; locale: string }[];
  readonly releasedGalleries: readonly ReleasedGallery[];
  readonly revision: number | null;
  readonly enqueuedEvents: number;
}

export async function runGoLive(deps: JobDeps, now: number): Promise<GoLiveReport> {
  const { published, galleries, revision } = await deps.publishing.publishDue(now, crypto.randomUUID());
  try {
    await syncCacheRevision(deps, revision);
  } catch (error) {
    // KV down: pages keep their old revision until a later run; hand-offs must not wait for it.
    logFailure('Page-cache revision not updated', { error: String(error) });
  }
  const events = await deps.publishing.claimWaitingEvents(now, EVENTS_PER_RUN);
  const ids = events.map((event) => event.id);
  try {
    await sendJobs(deps.queue, jobsFor(events, deps));
  } catch (error) {
    await deps.publishing.releaseEvents(ids);
    throw error;
  }
  await deps.publishing.markHanded(ids, now);
  // Mail the queue was not told about (its send failed) is swept up here, and so are alerts
  // whose consumer died between claiming and sending them.
  if (deps.transport && (await deps.outbox.hasUnsent(now))) await deps.queue.send({ kind: 'deliver-mail' });
  await queueAbandonedAlerts(deps, now);
  // Stories made live by this run (or an earlier one whose hand-over was lost) reach the engine.
  await queueSearchPushes(deps, now);
  // The scheduled handler logs it (`go_live`, src/worker.ts): one line per run.
  return { published, releasedGalleries: galleries, revision, enqueuedEvents: events.length };
}

/**
 * The queue messages for claimed events: an alert run per story, one IndexNow and one WebSub job
 * for all, and the proof of each lift the cron made (docs/decisions/0052-a-lift-that-proves-itself.md):
 * handed over with the rest from the publish event, so it never touches the go-live transaction
 * and a proof the queue refused is sent by the next run like the alerts.
 */
export function jobsFor(events: readonly PublishEvent[], deps: Pick<JobDeps, 'config'>): Job[] {
  if (events.length === 0) return [];
  const storyUuids = events.map((event) => event.story_uuid);
  return [
    ...events.filter((event) => event.alerts).map((event): Job => ({ kind: 'alerts', storyUuid: event.story_uuid, afterId: 0 })),
    ...(deps.config.indexNow ? [{ kind: 'indexnow', storyUuids } satisfies Job] : []),
    ...(deps.config.webSubHub ? [{ kind: 'websub', storyUuids } satisfies Job] : []),
    ...events
      .filter((event) => event.source === 'schedule' && event.live_at !== undefined)
      .map((event): Job => ({ kind: 'lift-proof', storyUuid: event.story_uuid, liftedAt: event.live_at! })),
  ];
}

/**
 * The page cache keys on the revision it reads from KV (and serves no stale copy from before the
 * last withdrawal). After a go-live the new revision is written there; and every run repairs
 * pointers that an earlier write (a failed run, an import that could not reach KV) left behind,
 * so publishing shows within a minute whatever happened.
 */
async function syncCacheRevision(deps: JobDeps, wentLive: number | null): Promise<void> {
  const d1 = await deps.publishing.cachePointers();
  if (!d1) return;
  const kv = await deps.revision.read();
  if (wentLive === null && kv.revision === d1.revision && kv.lastWithdrawal === d1.lastWithdrawal) return;
  await deps.revision.write(d1);
}
