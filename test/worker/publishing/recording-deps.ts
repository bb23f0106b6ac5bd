/** The jobs' real dependencies over the test's D1, with the queue recorded instead of sent (unless `overrides` say otherwise). */
import { env } from 'cloudflare:workers';
import { depsOf } from '#src/adapters';
import type { JobDeps } from '#src/deps';
import type { Job } from '#src/domain/job-messages';

export function recordingDeps(overrides: Partial<JobDeps> = {}): JobDeps & { sent: Job[] } {
  const sent: Job[] = [];
  return {
    ...depsOf(env),
    queue: {
      async send(body) {
        sent.push(body);
      },
      async sendBatch(messages) {
        for (const message of messages) sent.push(message.body);
      },
    },
    ...overrides,
    sent,
  };
}
