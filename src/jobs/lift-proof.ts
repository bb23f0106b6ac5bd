/**
 * A lift that proves itself (docs/decisions/0052-a-lift-that-proves-itself.md): the `lift-proof`
 * job, queued by the minute cron with the rest of a story's go-live work (src/jobs/go-live.ts),
 * asks the worker itself (./lift-probe.ts) for every public surface the story should now be on
 * (./lift-surfaces.ts), reads each answer for the story (./lift-checks.ts), and records in D1 when
 * it first saw the story on each (D1's `lift_proofs`, one row per story, lift and surface).
 *
 * Surfaces still missing inside the window are checked again: the job answers RecheckLater and
 * the queue delivers the message again after the delay (src/jobs/queue.ts), so no consumer sits
 * waiting and the other jobs of its batch (alerts first) are not held up. At the end of the
 * window the surfaces still missing are claimed once (a conditional UPDATE), logged, and reported
 * through the worker's error reporter once: a redelivered message finds nothing left to report.
 * A story withdrawn since its lift has nothing to prove.
 */
import type { JobDeps } from '#src/deps';
import { nextStep, RecheckLater, type LiftedStory, type Surface } from '#src/domain/lift-proof';
import { urls } from '#src/i18n/urls';
import { logFailure } from '#src/log';
import { listsStory, storySitemaps, targetOf, type Answer, type Target } from './lift-checks';
import type { LiftProbe } from './lift-probe';
import { surfacesFor } from './lift-surfaces';

export interface LiftProofResult {
  /** Surfaces first seen by this check. */
  readonly seen: number;
  /** Surfaces missing after it. */
  readonly missing: number;
}

/** What a browser, feed reader or crawler would send; the page cache keys some answers on Accept. */
const ACCEPT: Partial<Record<Surface['check'], string>> = {
  page: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'api-stories': 'application/json',
  search: 'application/json',
};

function requestFor(surface: Surface, address: string, story: LiftedStory): Request {
  const headers = new Headers({ Accept: ACCEPT[surface.check] ?? '*/*', 'User-Agent': 'newsroom-lift-proof' });
  if (surface.check !== 'api-stories') return new Request(address, { headers });
  headers.set('Content-Type', 'application/json');
  headers.set('Origin', new URL(address).origin);
  return new Request(address, { method: 'POST', headers, body: JSON.stringify({ localeCode: story.locale }) });
}

/** An engine's fallback answer (D1 answering in its place) is marked uncacheable (src/routes/api.ts). */
const fellBack = (answer: Answer) => /no-store/.test(answer.headers.get('Cache-Control') ?? '');

async function isOn(surface: Surface, story: LiftedStory, origin: string, target: Target, probe: LiftProbe, engineConfigured: boolean): Promise<boolean> {
  if (surface.check === 'alerts') return story.alerts_handed_at !== null;
  const address = urls.absolute(origin, surface.path);
  const answer = await probe.ask(requestFor(surface, address, story), { d1Search: surface.backend === 'd1' });
  if (surface.check === 'sitemap-index') {
    if (answer.status !== 200) return false;
    for (const sitemap of storySitemaps(answer.body, story.locale)) {
      if (new URL(sitemap).origin !== new URL(origin).origin) continue;
      if (listsStory('sitemap', await probe.ask(new Request(sitemap, { headers: { Accept: '*/*', 'User-Agent': 'newsroom-lift-proof' } })), target)) return true;
    }
    return false;
  }
  if (surface.check === 'search' && surface.backend === 'configured' && engineConfigured && fellBack(answer)) return false;
  return listsStory(surface.check, answer, target);
}

export async function proveLift(deps: Pick<JobDeps, 'content' | 'config' | 'liftProofs'>, job: { storyUuid: string; liftedAt: number }, now: number, attempt: number, probe: LiftProbe): Promise<LiftProofResult> {
  const [story, site] = await Promise.all([deps.liftProofs.liftedStory(job.storyUuid), deps.content.getSiteContext()]);
  // Withdrawn (or removed) since the lift: it should be on no public surface.
  if (!story || !story.is_public || !site) return { seen: 0, missing: 0 };
  const origin = site.newsroom.url;
  const surfaces = surfacesFor(story, site, { searchBackend: deps.config.search.searchBackend, now });
  const rows = await deps.liftProofs.start(
    story.uuid,
    job.liftedAt,
    surfaces.map((surface) => ({ name: surface.name, address: surface.check === 'alerts' ? surface.path : urls.absolute(origin, surface.path) })),
  );
  const seenBefore = new Set(rows.filter((row) => row.first_seen_at !== null).map((row) => row.surface));
  const waiting = surfaces.filter((surface) => !seenBefore.has(surface.name));
  const target = targetOf(story, origin, site.newsroom.is_indexable);
  const engineConfigured = deps.config.search.searchBackend !== 'd1';
  const found = await Promise.all(
    waiting.map(async (surface) => {
      try {
        return await isOn(surface, story, origin, target, probe, engineConfigured);
      } catch (error) {
        // An answer that could not be had is a surface not seen (yet), not a failed job.
        logFailure('Lift proof check failed', { story: story.uuid, surface: surface.name, error: String(error) }, 'warn');
        return false;
      }
    }),
  );
  const seen = waiting.filter((_, index) => found[index]).map((surface) => surface.name);
  await deps.liftProofs.markSeen(story.uuid, job.liftedAt, seen, now);
  const missing = waiting.filter((_, index) => !found[index]).map((surface) => surface.name);
  if (missing.length === 0) return { seen: seen.length, missing: 0 };

  const step = nextStep({ now, liftedAt: job.liftedAt, attempt });
  if (step.kind === 'recheck') throw new RecheckLater(step.delaySeconds, missing);
  const late = await deps.liftProofs.claimMissing(story.uuid, job.liftedAt, now);
  if (late.length > 0) {
    const fields = { story: story.uuid, slug: story.slug, locale: story.locale, liftedAt: job.liftedAt, missing: late.map((row) => row.surface), addresses: late.map((row) => row.address) };
    logFailure('Lift not proven: surfaces missing 60 s after the lift', fields);
    probe.report(new Error(`Lift not proven: ${story.slug} (${story.locale}) missing on ${late.map((row) => row.surface).join(', ')} after the lift at ${new Date(job.liftedAt * 1000).toISOString()}`), {
      job: 'lift-proof',
      story: story.uuid,
    });
  }
  return { seen: seen.length, missing: missing.length };
}
