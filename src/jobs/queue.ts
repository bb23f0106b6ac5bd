/**
 * The queue consumer: one job per message, acknowledged when done, retried with exponential
 * back-off when it fails (the queue gives up after `max_retries` in wrangler.toml and moves the
 * message to the dead-letter queue, whose messages are logged as given up and acknowledged).
 * Each batch ends with one `jobs` line saying what it did (ADR 0028).
 */
import { logEvent, logFailure } from '#src/log';
import type { JobDeps } from '#src/deps';
import { sendAlerts } from './alerts';
import { retryAlerts } from './alert-retries';
import { publishToWebSub, submitIndexNow } from './announce';
import { deliverOutbox } from './deliver-mail';
import { JobSchema, type Job } from '#src/domain/job-messages';
import { pushToSearch } from './search-push';
import { proveLift } from './lift-proof';
import type { LiftProbe } from './lift-probe';
import { RecheckLater } from '#src/domain/lift-proof';

/**
 * What some jobs need beyond the dependencies: the worker's own app, for the proof of a lift
 * (src/worker.ts builds it; docs/decisions/0052-a-lift-that-proves-itself.md).
 */
export interface JobExtras {
  readonly liftProbe?: LiftProbe;
}

/**
 * How a dead-letter queue is named in wrangler.toml: after its queue (`newsroom-jobs-dlq`,
 * `newsroom-jobs-staging-dlq`), in every environment. The consumer recognises one by this rule
 * from the batch's own queue name, so no environment's name is written here
 * (test/cli/wrangler-environments.test.ts checks the configuration keeps to it).
 */
export const DEAD_LETTER_SUFFIX = '-dlq';

export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith(DEAD_LETTER_SUFFIX);
}

/** 30 s, 60 s, 2 min, 4 min … capped at an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface QueueMessage {
  readonly id: string;
  readonly body: unknown;
  readonly attempts: number;
  ack(): void;
  retry(options?: { delaySeconds?: number }): void;
}

/** Runs one job; `attempt` is the message's delivery count (1 for the first). */
export async function runJob(deps: JobDeps, job: Job, now: number, extras: JobExtras = {}, attempt = 1): Promise<unknown> {
  switch (job.kind) {
    case 'alerts':
      return sendAlerts(deps, job, now);
    case 'alert-retries':
      return retryAlerts(deps, job, now);
    case 'indexnow':
      return submitIndexNow(deps, job.storyUuids);
    case 'websub':
      return publishToWebSub(deps, job.storyUuids);
    case 'deliver-mail':
      return deliverOutbox(deps, now);
    case 'search-push':
      return pushToSearch(deps, job, now);
    case 'lift-proof':
      if (!extras.liftProbe) throw new Error('The proof of a lift needs the worker\'s app (JobExtras.liftProbe)');
      return proveLift(deps, job, now, attempt, extras.liftProbe);
  }
}

type CountsByKind = Partial<Record<Job['kind'], number>>;

/** What one batch did, logged as its `jobs` line. */
export interface BatchSummary {
  readonly queue: string;
  readonly messages: number;
  /** Jobs done (acknowledged), by kind. */
  readonly done: CountsByKind;
  /**
   * What the done jobs sent, by kind: the sum of their results' counts (mails for alerts and
   * deliver-mail, addresses for IndexNow, feeds for WebSub).
   */
  readonly sent: CountsByKind;
  readonly retried: CountsByKind;
  /** Messages of the dead-letter queue, given up and acknowledged. */
  readonly deadLettered: CountsByKind;
  /** Unreadable messages, acknowledged without running. */
  readonly dropped: number;
}

function add(counts: CountsByKind, kind: Job['kind'], amount = 1): void {
  counts[kind] = (counts[kind] ?? 0) + amount;
}

/** The counts a job's result reports (`{ sent: 3 }` → 3), summed; 0 for anything else. */
export function resultCount(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  return Object.values(result).reduce<number>((sum, value) => sum + (typeof value === 'number' && Number.isFinite(value) ? value : 0), 0);
}

export async function handleJobs(deps: JobDeps, batch: { queue: string; messages: readonly QueueMessage[] }, extras: JobExtras = {}): Promise<BatchSummary> {
  const startedAt = Date.now();
  const done: CountsByKind = {};
  const sent: CountsByKind = {};
  const retried: CountsByKind = {};
  const deadLettered: CountsByKind = {};
  let dropped = 0;
  for (const message of batch.messages) {
    const parsed = JobSchema.safeParse(message.body);
    if (!parsed.success) {
      // Retrying cannot make it readable.
      logFailure('Unreadable job dropped', { id: message.id, queue: batch.queue });
      message.ack();
      dropped += 1;
      continue;
    }
    if (isDeadLetterQueue(batch.queue)) {
      logFailure('Job given up after its retries', { id: message.id, job: parsed.data });
      message.ack();
      add(deadLettered, parsed.data.kind);
      continue;
    }
    try {
      const result = await runJob(deps, parsed.data, Math.floor(Date.now() / 1000), extras, message.attempts);
      logFailure('Job done', { id: message.id, kind: parsed.data.kind, result }, 'info');
      message.ack();
      add(done, parsed.data.kind);
      add(sent, parsed.data.kind, resultCount(result));
    } catch (error) {
      // Not a failure: the job wants to look again later (the proof of a lift, inside its window).
      if (error instanceof RecheckLater) {
        logFailure('Job checks again later', { id: message.id, kind: parsed.data.kind, attempts: message.attempts, delaySeconds: error.delaySeconds, missing: error.missing }, 'info');
        message.retry({ delaySeconds: error.delaySeconds });
        add(retried, parsed.data.kind);
        continue;
      }
      const delaySeconds = retryDelaySeconds(message.attempts);
      logFailure('Job failed, will retry', { id: message.id, kind: parsed.data.kind, attempts: message.attempts, delaySeconds, error: String(error) });
      message.retry({ delaySeconds });
      add(retried, parsed.data.kind);
    }
  }
  const summary: BatchSummary = { queue: batch.queue, messages: batch.messages.length, done, sent, retried, deadLettered, dropped };
  logEvent('jobs', { ...summary, durationMs: Date.now() - startedAt });
  return summary;
}
