/**
 * Delivers the outbox: mail that visitors' requests wrote in the same transaction as their rows
 * (confirmations), handed to the email API. Each mail is claimed (one at a time) just before it
 * is sent and marked sent after, and goes with an idempotency key (its own, else one made from its
 * row): two runs never send it twice, a failure strands nothing (a transient failure gives the
 * claim back and fails the job, the queue retries), and a mail whose consumer died between the
 * claim and the mark is claimed again by a later run and sent under the same key, so the email
 * API keeps it to one mail. An address the API refuses for good is marked failed and the rest go
 * on. Without an email API the outbox is where mail stays (the dev server shows it): nothing to do.
 */
import { MailRefusedError } from '#src/domain/errors';
import { outboxIdempotencyKey } from '#src/domain/mail-delivery';
import type { JobDeps } from '#src/deps';
import { logFailure } from '#src/log';

/** Mails per job; a longer outbox is drained by the next job the cron queues. */
export const MAILS_PER_DELIVERY = 50;

export async function deliverOutbox(deps: JobDeps, now: number): Promise<{ sent: number }> {
  if (!deps.transport) return { sent: 0 };
  let sent = 0;
  for (let n = 0; n < MAILS_PER_DELIVERY; n++) {
    const [mail] = await deps.outbox.claimUnsent(1, now);
    if (!mail) break;
    try {
      await deps.transport.send({ to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers, idempotencyKey: mail.idempotencyKey ?? (await outboxIdempotencyKey(mail)) });
    } catch (error) {
      if (error instanceof MailRefusedError && error.permanent) {
        logFailure('Mail refused by the email API', { id: mail.id, status: error.status });
        await deps.outbox.markFailed(mail.id, now);
        continue;
      }
      await deps.outbox.release(mail.id);
      throw error;
    }
    await deps.outbox.markSent(mail.id, now);
    sent += 1;
  }
  return { sent };
}
