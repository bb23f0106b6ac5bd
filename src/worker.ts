/**
 * The Workers entry point: the only default export, because the runtime requires one. Pages
 * through `fetch`; the minute cron through `scheduled` (go-live, src/jobs/go-live.ts); go-live
 * work through `queue` (alerts, IndexNow, WebSub, src/jobs/queue.ts).
 */
import { createApp } from './app';
import { runGoLive } from './jobs/go-live';
import { jobDeps } from './jobs/job-deps';
import { handleJobs } from './jobs/queue';
import { logEvent } from './log';

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, _ctx) {
    const startedAt = Date.now();
    try {
      // The trigger's own time, not the clock: a late run still publishes what was due by then
      // and everything before, and tests pin the time.
      const report = await runGoLive(jobDeps(env), Math.floor(controller.scheduledTime / 1000));
      // One line per run, idle ones included: a missing minute in the log is a cron that did not run.
      logEvent('go_live', {
        cron: controller.cron,
        scheduledTime: new Date(controller.scheduledTime).toISOString(),
        published: report.published.length,
        stories: report.published,
        revision: report.revision,
        enqueuedEvents: report.enqueuedEvents,
        durationMs: Date.now() - startedAt,
      });
    } catch (error) {
      console.error(JSON.stringify({ message: 'Go-live run failed', cron: controller.cron, error: String(error), stack: (error as Error)?.stack }));
      throw error;
    }
  },
  async queue(batch, env, _ctx) {
    await handleJobs(jobDeps(env), batch);
  },
} satisfies ExportedHandler<CloudflareBindings>;
