/**
 * The queue consumer: one job per message, acknowledged when done, retried with exponential
 * back-off when it fails (the queue gives up after `max_retries` in wrangler.toml and moves the
 * message to the dead-letter queue, whose messages are logged as given up and acknowledged).
 */
import type { JobDeps } from './job-deps';
import { sendAlerts } from './alerts';
import { publishToWebSub, submitIndexNow } from './announce';
import { deliverOutbox } from './deliver-mail';
import { JobSchema, type Job } from './messages';

/** The dead-letter queue's name (wrangler.toml). */
export const DEAD_LETTER_QUEUE = 'newsroom-jobs-dlq';

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

export async function runJob(deps: JobDeps, job: Job, now: number): Promise<unknown> {
  switch (job.kind) {
    case 'alerts':
      return sendAlerts(deps, job, now);
    case 'indexnow':
      return submitIndexNow(deps, job.storyUuids);
    case 'websub':
      return publishToWebSub(deps, job.storyUuids);
    case 'deliver-mail':
      return deliverOutbox(deps, now);
  }
}

export async function handleJobs(deps: JobDeps, batch: { queue: string; messages: readonly QueueMessage[] }): Promise<void> {
  for (const message of batch.messages) {
    const parsed = JobSchema.safeParse(message.body);
    if (!parsed.success) {
      // Retrying cannot make it readable.
      console.error(JSON.stringify({ message: 'Unreadable job dropped', id: message.id, queue: batch.queue }));
      message.ack();
      continue;
    }
    if (batch.queue === DEAD_LETTER_QUEUE) {
      console.error(JSON.stringify({ message: 'Job given up after its retries', id: message.id, job: parsed.data }));
      message.ack();
      continue;
    }
    try {
      const result = await runJob(deps, parsed.data, Math.floor(Date.now() / 1000));
      console.log(JSON.stringify({ message: 'Job done', id: message.id, kind: parsed.data.kind, result }));
      message.ack();
    } catch (error) {
      const delaySeconds = retryDelaySeconds(message.attempts);
      console.error(JSON.stringify({ message: 'Job failed, will retry', id: message.id, kind: parsed.data.kind, attempts: message.attempts, delaySeconds, error: String(error) }));
      message.retry({ delaySeconds });
    }
  }
}
