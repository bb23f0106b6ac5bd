/**
 * The Workers entry point: the only default export, because the runtime requires one. Pages
 * through `fetch`; the minute cron through `scheduled` (go-live, src/jobs/go-live.ts, then
 * pre-rendering, src/page-cache/prerender.ts); go-live work through `queue` (alerts, IndexNow,
 * WebSub, src/jobs/queue.ts).
 */
import { createApp, pageCacheBuild } from './app';
import { configOf } from './env';
import { runGoLive } from './jobs/go-live';
import { depsOf, pageCacheStoreOf, type JobDeps } from './adapters';
import { deleteExpiredRecipientRecords } from './jobs/recipient-retention';
import { handleJobs } from './jobs/queue';
import { warmPageCache } from './page-cache/prerender';
import { describeError } from './domain/errors';
import { logEvent, logFailure } from './log';
import { cacheFillRequest } from './page-cache/page-cache';

const app = createApp();

/** Renders an address through the app into the page cache, waiting for the copy to be stored. */
async function renderIntoCache(env: CloudflareBindings, url: string): Promise<number> {
  const stored: Promise<unknown>[] = [];
  const ctx = { waitUntil: (work: Promise<unknown>) => void stored.push(work), passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
  const response = await app.fetch(cacheFillRequest(url), env, ctx);
  await response.arrayBuffer();
  await Promise.all(stored);
  return response.status;
}

/** Recipients' links of stories public for longer than RECIPIENT_RECORDS_DAYS, deleted; a failure waits for the next minute. */
async function forgetOldRecipientRecords(deps: JobDeps, now: number): Promise<void> {
  try {
    const deleted = await deleteExpiredRecipientRecords(deps.recipientLinks, deps.config.recipientRecordsDays, now);
    if (deleted > 0) logEvent('recipient_records_deleted', { links: deleted, days: deps.config.recipientRecordsDays });
  } catch (error) {
    logEvent('recipient_records_deletion_failed', { error: describeError(error) }, 'warn');
  }
}

async function prerender(env: CloudflareBindings): Promise<void> {
  const startedAt = Date.now();
  const store = pageCacheStoreOf(env);
  try {
    const report = await warmPageCache(
      {
        content: depsOf(env).content,
        revision: () => store.readRevision(),
        marker: { read: () => store.readPrerendered(), write: (value) => store.writePrerendered(value) },
        render: (url) => renderIntoCache(env, url),
      },
      pageCacheBuild(configOf(env)),
    );
    if (report) logEvent('prerender', { ...report, durationMs: Date.now() - startedAt });
  } catch (error) {
    // A cold cache is slower, not broken: the next run tries again.
    logEvent('prerender_failed', { error: describeError(error) }, 'warn');
  }
}

export default {
  fetch: app.fetch,
  async scheduled(controller, env, _ctx) {
    const startedAt = Date.now();
    const deps = depsOf(env);
    const now = Math.floor(controller.scheduledTime / 1000);
    try {
      // The trigger's own time, not the clock: a late run still publishes what was due by then
      // and everything before, and tests pin the time.
      const report = await runGoLive(deps, now);
      // One line per run, idle ones included: a missing minute in the log is a cron that did not run.
      logEvent('go_live', {
        cron: controller.cron,
        scheduledTime: new Date(controller.scheduledTime).toISOString(),
        published: report.published.length,
        stories: report.published,
        galleries: report.releasedGalleries,
        revision: report.revision,
        enqueuedEvents: report.enqueuedEvents,
        durationMs: Date.now() - startedAt,
      });
    } catch (error) {
      logFailure('Go-live run failed', { cron: controller.cron, error: String(error), stack: (error as Error)?.stack });
      throw error;
    }
    await forgetOldRecipientRecords(deps, now);
    // After go-live moved the revision (or an import did): the busiest pages, before visitors ask.
    await prerender(env);
  },
  async queue(batch, env, _ctx) {
    await handleJobs(depsOf(env), batch);
  },
} satisfies ExportedHandler<CloudflareBindings>;
