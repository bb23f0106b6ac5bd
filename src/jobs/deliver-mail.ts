/**
 * Delivers the outbox: mail that visitors' requests wrote in the same transaction as their rows
 * (confirmations), handed to the email API. Each mail is claimed before it is sent, so two runs
 * never send it twice; a failed send gives its claim back and fails the job (the queue retries).
 * Without an email API the outbox is where mail stays (the dev server shows it): nothing to do.
 */
import type { JobDeps } from './job-deps';

/** Mails per job; a longer outbox is drained by the next job the cron queues. */
export const MAILS_PER_DELIVERY = 50;

export async function deliverOutbox(deps: JobDeps, now: number): Promise<{ sent: number }> {
  if (!deps.transport) return { sent: 0 };
  let sent = 0;
  for (const mail of await deps.outbox.claimUnsent(MAILS_PER_DELIVERY, now)) {
    try {
      await deps.transport.send(mail);
    } catch (error) {
      await deps.outbox.release(mail.id);
      throw error;
    }
    sent += 1;
  }
  return { sent };
}
