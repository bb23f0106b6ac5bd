// A lift that proves itself (docs/decisions/0052-a-lift-that-proves-itself.md), inside workerd with
// real local D1 and KV: the minute cron makes a scheduled story live at a fixed time, hands the
// proof's job to the queue with the rest of its go-live work, and the job asks the worker's own
// app (in-process, on the newsroom's origin, through the page cache) for every public surface the
// story should now be on, recording when it first saw it there. A surface broken on purpose is
// checked again inside the window, then logged and reported once. The clock is the trigger's.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import worker from '#src/worker';
import { createApp } from '#src/app';
import type { JobDeps } from '#src/deps';
import type { Job } from '#src/domain/job-messages';
import { PROOF_WINDOW_SECONDS, RecheckLater, proofLineText } from '#src/domain/lift-proof';
import { runGoLive } from '#src/jobs/go-live';
import { inProcessProbe, type AppFetch } from '#src/jobs/lift-probe';
import { handleJobs, runJob, type QueueMessage } from '#src/jobs/queue';
import { runAtomically } from '#src/platform/d1/import-statements';
import { liftProofStoreOf } from '#src/adapters';
import { ACCESS_HEADER } from '#src/admin/admin-door';
import { OFFICE_TEXTS } from '#src/admin/press/press-office-texts';
import { createFakeAccess } from '../../fixtures/fake-access';
import { ORIGIN } from '../request';
import { recordingDeps } from './recording-deps';

/**
 * The minute the story is due: the start of this minute, so the news sitemap (stories of the last
 * two days by the real clock) lists it as it would in production.
 */
const T = Math.floor(Date.now() / 60_000) * 60;
const SLUG = 'draft-story';

/** The surfaces the fixture's draft story (English, category products, tags "wind power" and "secret plans") should be on. */
const EXPECTED_SURFACES = [
  'page',
  'markdown',
  'json',
  'feed:rss',
  'feed:atom',
  'feed:json',
  'category-feed:products:rss',
  'category-feed:products:atom',
  'category-feed:products:json',
  'tag-feed:secret plans:rss',
  'tag-feed:secret plans:atom',
  'tag-feed:secret plans:json',
  'tag-feed:wind power:rss',
  'tag-feed:wind power:atom',
  'tag-feed:wind power:json',
  'sitemap',
  'news-sitemap',
  'search',
  'llms',
  'api-stories',
  'alerts',
];

async function schedule(slug: string, at: number) {
  await env.DB.prepare("UPDATE stories SET status = 'scheduled', visibility = 'public', published_at = ?2 WHERE slug = ?1").bind(slug, at).run();
}

/** The worker's app as the queue consumer holds it, with the reports it would send recorded. */
function probe(appFetch: AppFetch = createApp().fetch) {
  const reports: { error: Error; tags: Readonly<Record<string, string>> }[] = [];
  return { reports, liftProbe: inProcessProbe(appFetch, env, (error, tags) => void reports.push({ error, tags })) };
}

/** Lifts the story by the cron at T and returns its proof job, as the queue would deliver it. */
async function liftAtT(): Promise<{ deps: JobDeps; job: Extract<Job, { kind: 'lift-proof' }> }> {
  await schedule(SLUG, T);
  const deps = recordingDeps();
  await runGoLive(deps, T);
  const job = deps.sent.find((sent) => sent.kind === 'lift-proof');
  if (!job || job.kind !== 'lift-proof') throw new Error('no lift-proof job was queued');
  return { deps, job };
}

beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM publish_events'), env.DB.prepare('DELETE FROM lift_proofs'), env.DB.prepare('DELETE FROM subscribers')]);
  await runAtomically(env.DB, env.TEST_SEED);
});

describe('the proof of a lift', () => {
  test('the cron queues one proof per lift, named by story and the run\'s time, beside the alerts', async () => {
    const { deps, job } = await liftAtT();
    const uuid = (await env.DB.prepare('SELECT uuid FROM stories WHERE slug = ?1').bind(SLUG).first<{ uuid: string }>())!.uuid;
    expect(job).toEqual({ kind: 'lift-proof', storyUuid: uuid, liftedAt: T });
    expect((deps as JobDeps & { sent: Job[] }).sent.map((sent) => sent.kind).sort()).toEqual(['alerts', 'lift-proof']);
    // The next run hands nothing over again.
    const next = recordingDeps();
    await runGoLive(next, T + 60);
    expect(next.sent).toEqual([]);
  });

  test('at the lift, every surface is seen within 60 s, through the worker itself, and recorded once', async () => {
    const { deps, job } = await liftAtT();
    const { liftProbe, reports } = probe();

    const result = await runJob(deps, job, T + 4, { liftProbe }, 1);

    expect(result).toEqual({ seen: EXPECTED_SURFACES.length, missing: 0 });
    const [proof, ...others] = await liftProofStoreOf(env).proofsOf(SLUG);
    expect(others).toEqual([]);
    expect(proof).toMatchObject({ slug: SLUG, locale: 'en', liftedAt: T });
    expect(proof!.lines.map((line) => line.surface)).toEqual(EXPECTED_SURFACES);
    for (const line of proof!.lines) {
      expect(line.secondsAfter, line.surface).toBeLessThanOrEqual(PROOF_WINDOW_SECONDS);
      expect(line).toMatchObject({ firstSeenAt: T + 4, secondsAfter: 4, late: false });
    }
    expect(proof!.lines.find((line) => line.surface === 'feed:atom')!.address).toBe('https://news.test.example/feed/atom');
    expect(reports).toEqual([]);

    // A redelivered message finds everything seen: nothing is asked again, the times stay.
    expect(await runJob(deps, job, T + 30, { liftProbe }, 2)).toEqual({ seen: 0, missing: 0 });
    expect((await liftProofStoreOf(env).proofsOf(SLUG))[0]!.lines.every((line) => line.firstSeenAt === T + 4)).toBe(true);
  });

  test('a surface broken on purpose is checked again inside the window, then logged and reported once, and shown missing', async () => {
    const { deps, job } = await liftAtT();
    const app = createApp();
    // The category's Atom feed answers, but without the story (a feed stuck on an old copy).
    const stubbed: AppFetch = (request, bindings, ctx) =>
      new URL(request.url).pathname === '/category/products/feed/atom'
        ? new Response('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>', { headers: { 'Content-Type': 'application/atom+xml' } })
        : app.fetch(request, bindings, ctx);
    const { liftProbe, reports } = probe(stubbed);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

    // Inside the window: the queue is asked to deliver again (15 s, then what is left of the minute).
    const first = await runJob(deps, job, T + 4, { liftProbe }, 1).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(RecheckLater);
    expect(first).toMatchObject({ delaySeconds: 15, missing: ['category-feed:products:atom'] });
    const third = await runJob(deps, job, T + 50, { liftProbe }, 3).catch((error: unknown) => error);
    expect(third).toMatchObject({ delaySeconds: 10 });
    expect(errors).not.toHaveBeenCalled();

    // After the window: concluded, logged once and reported once.
    expect(await runJob(deps, job, T + 61, { liftProbe }, 4)).toEqual({ seen: 0, missing: 1 });
    expect(await runJob(deps, job, T + 62, { liftProbe }, 5)).toEqual({ seen: 0, missing: 1 });
    const lines = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ message: 'Lift not proven: surfaces missing 60 s after the lift', slug: SLUG, liftedAt: T, missing: ['category-feed:products:atom'] })]);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.error.message).toContain('category-feed:products:atom');
    expect(reports[0]!.tags).toMatchObject({ job: 'lift-proof' });

    const [proof] = await liftProofStoreOf(env).proofsOf(SLUG);
    const atom = proof!.lines.find((line) => line.surface === 'category-feed:products:atom')!;
    expect(atom).toMatchObject({ firstSeenAt: null, secondsAfter: null, late: true });
    expect(proofLineText(atom)).toBe('category-feed:products:atom\tmissing (reported after 60 s)\thttps://news.test.example/category/products/feed/atom');
    expect(proof!.lines.filter((line) => line.firstSeenAt === null)).toHaveLength(1);
  });

  test('the queue consumer delivers the proof again after the delay, not as a failure', async () => {
    const { deps, job } = await liftAtT();
    const app = createApp();
    const broken: AppFetch = (request, bindings, ctx) => (new URL(request.url).pathname === '/llms.txt' ? new Response('nothing', { status: 503 }) : app.fetch(request, bindings, ctx));
    const { liftProbe } = probe(broken);
    const retried: unknown[] = [];
    const message: QueueMessage = { id: 'm1', body: { ...job, liftedAt: Math.floor(Date.now() / 1000) }, attempts: 1, ack: () => retried.push('ack'), retry: (options) => retried.push(options) };
    const errors = vi.spyOn(console, 'error');

    const summary = await handleJobs(deps, { queue: 'newsroom-jobs', messages: [message] }, { liftProbe });

    expect(summary.retried).toEqual({ 'lift-proof': 1 });
    expect(retried).toEqual([{ delaySeconds: 15 }]);
    expect(errors).not.toHaveBeenCalled();
  });

  test('the Cron Trigger and the queue entry points run it with the worker\'s own app', async () => {
    await schedule(SLUG, T);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: T * 1000, cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const event = await env.DB.prepare('SELECT story_uuid, live_at FROM publish_events').first<{ story_uuid: string; live_at: number }>();
    expect(event).toMatchObject({ live_at: T });
    const acked: string[] = [];
    const message: QueueMessage = { id: 'm2', body: { kind: 'lift-proof', storyUuid: event!.story_uuid, liftedAt: T }, attempts: 1, ack: () => acked.push('ack'), retry: () => acked.push('retry') };
    const queueCtx = createExecutionContext();
    await worker.queue({ queue: 'newsroom-jobs', messages: [message] } as unknown as MessageBatch, env, queueCtx);
    await waitOnExecutionContext(queueCtx);
    expect(acked).toEqual(['ack']);
    const [proof] = await liftProofStoreOf(env).proofsOf(SLUG);
    expect(proof!.lines.map((line) => line.surface)).toEqual(EXPECTED_SURFACES);
    expect(proof!.lines.every((line) => line.firstSeenAt !== null)).toBe(true);
  });

  test('the press office view shows the proof: each surface with its time and seconds after the lift, the broken one missing', async () => {
    const { deps, job } = await liftAtT();
    const app = createApp();
    const stubbed: AppFetch = (request, bindings, ctx) => (new URL(request.url).pathname === '/feed/json' ? new Response('{"items":[]}', { headers: { 'Content-Type': 'application/feed+json' } }) : app.fetch(request, bindings, ctx));
    const { liftProbe } = probe(stubbed);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await runJob(deps, job, T + 7, { liftProbe }, 1).catch(() => undefined);
    await runJob(deps, job, T + 61, { liftProbe }, 5);

    const access = await createFakeAccess();
    const ctx = createExecutionContext();
    const response = await createApp({ accessFetch: access.fetch }).fetch(
      new Request(`${ORIGIN}/admin/press`, { headers: { [ACCESS_HEADER]: await access.token() } }),
      { ...env, ACCESS_TEAM_DOMAIN: access.teamDomain, ACCESS_AUD: access.audience },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(html).toContain(OFFICE_TEXTS.liftsHeading);
    const table = html.slice(html.indexOf(`data-lift="${SLUG}"`));
    expect(table).toContain(`${SLUG} (en), lifted `);
    expect(table).toContain(`1 of ${EXPECTED_SURFACES.length} surfaces missing`);
    const row = (surface: string) => table.slice(table.indexOf(`data-surface="${surface}"`)).split('</tr>')[0]!;
    for (const surface of EXPECTED_SURFACES.filter((name) => name !== 'feed:json')) expect(row(surface), surface).toContain('<td>7 s</td>');
    expect(row('feed:json')).toContain(OFFICE_TEXTS.missing(true));
    expect(row('feed:json')).toContain('https://news.test.example/feed/json');
  });
});
