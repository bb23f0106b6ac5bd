/**
 * The Workers entry point: the only default export, because the runtime requires one. Pages
 * through `fetch`; the minute cron through `scheduled` (go-live, src/jobs/go-live.ts, then
 * pre-rendering, src/page-cache/prerender.ts); go-live work through `queue` (alerts, IndexNow,
 * WebSub, the proof of a lift, src/jobs/queue.ts).
 */
import { createApp, pageCacheBuild } from './app';
import { configOf } from './env';
import { runGoLive } from './jobs/go-live';
import { depsOf, errorReporterOf } from './adapters';
import { inProcessProbe } from './jobs/lift-probe';
import { forgetOldRecipientRecords } from './jobs/recipient-retention';
import { forgetOldInquiries } from './jobs/inquiry-retention';
import { handleJobs } from './jobs/queue';
import { prerender } from './page-cache/prerender';
import { logEvent, logFailure } from './log';

const app = createApp();

/**
 * A job's failure sent through the worker's error reporter, as app.onError sends a request's:
 * every one (not the sample of visitors' errors), since a job reports a fault once, not per
 * visitor. Reporting off (no SENTRY_DSN): nothing. Never throws.
 */
function reportJobFailure(env: CloudflareBindings, ctx: ExecutionContext, error: Error, tags: Readonly<Record<string, string>>): void {
  try {
    const config = configOf(env);
    const request = new Request(new URL(`/__jobs/${tags.job ?? 'job'}`, config.siteUrl ?? 'https://jobs.invalid'));
    const reporter = errorReporterOf(env, config, { request, waitUntil: (work) => ctx.waitUntil(work) }, { sampleRate: 1 });
    if (!reporter) return;
    for (const [key, value] of Object.entries(tags)) reporter.setTag(key, value);
    reporter.captureException(error);
  } catch (failure) {
    logFailure('Error reporting failed', { error: String(failure) }, 'warn');
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
    await forgetOldInquiries(deps, now);
    // After go-live moved the revision (or an import did): the busiest pages, before visitors ask.
    await prerender(env, app.fetch, pageCacheBuild(configOf(env)));
  },
  async queue(batch, env, ctx) {
    // The proof of a lift asks this worker's own app (docs/decisions/0052-a-lift-that-proves-itself.md).
    const liftProbe = inProcessProbe(app.fetch, env, (error, tags) => reportJobFailure(env, ctx, error, tags));
    await handleJobs(depsOf(env), batch, { liftProbe });
  },
} satisfies ExportedHandler<CloudflareBindings>;
