/**
 * One page of a story's alerts, exactly once per subscriber
 * (docs/decisions/0035-exactly-once-alerts-and-search-push.md). Each delivery is claimed in D1,
 * sent with its idempotency key, then marked sent: a page delivered twice (an at-least-once
 * redelivery) mails nobody twice, and a delivery whose consumer died between the claim and the
 * mark is claimed again later (src/jobs/alert-retries.ts), the key keeping the email API from
 * sending a mail that had left. A send that fails gives its claim back and fails the message, and
 * the queue's retry sends the rest. A full page queues the next one, so a large list is sent in
 * many small messages. An address the email API refuses for good is recorded as failed and
 * skipped, not retried.
 */
import { MailRefusedError } from '#src/domain/errors';
import { alertIdempotencyKey } from '#src/domain/mail-delivery';
import type { SiteContext } from '#src/domain/ports';
import type { AlertRecipient, AnnouncedStory } from '#src/domain/publishing-ports';
import type { JobDeps } from '#src/deps';
import { alertMail } from './alert-mail';
import { logFailure } from '#src/log';

/** Subscribers mailed per message. */
export const ALERT_PAGE_SIZE = 50;

/** What every alert of a story is made from; null when there is nothing to announce any more. */
export interface AlertContext {
  readonly site: SiteContext;
  readonly story: AnnouncedStory;
}

export async function alertContext(deps: JobDeps, storyUuid: string): Promise<AlertContext | null> {
  const [story] = await deps.publishing.announcedStories([storyUuid]);
  const site = await deps.content.getSiteContext();
  // Withdrawn (or re-imported away) since it went live: there is nothing to announce any more.
  if (!story || !story.is_public || !site) return null;
  return { site, story };
}

export async function sendAlerts(deps: JobDeps, job: { storyUuid: string; afterId: number }, now: number): Promise<{ sent: number }> {
  const context = await alertContext(deps, job.storyUuid);
  if (!context) return { sent: 0 };
  const { story } = context;
  const recipients = await deps.alerts.recipients({ locale: story.locale, categoryIds: story.category_ids, afterId: job.afterId, limit: ALERT_PAGE_SIZE });
  let sent = 0;
  for (const recipient of recipients) {
    if (!(await deps.alerts.claimDelivery(story.uuid, recipient.id, now))) continue;
    if (await deliverClaimedAlert(deps, context, recipient, now)) sent += 1;
  }
  const last = recipients.at(-1);
  if (recipients.length === ALERT_PAGE_SIZE && last) await deps.queue.sendBatch([{ body: { kind: 'alerts', storyUuid: story.uuid, afterId: last.id } }]);
  else await deps.alerts.finishAlerts(story.uuid, now);
  return { sent };
}

/**
 * Sends one alert whose delivery this consumer claimed at `claimedAt`, and marks it: true once
 * sent; false when the email API refused the address for good (marked failed). A passing failure
 * gives the claim back and throws, so the queue retries the message.
 */
export async function deliverClaimedAlert(deps: JobDeps, { site, story }: AlertContext, recipient: AlertRecipient, claimedAt: number): Promise<boolean> {
  try {
    await deps.mailer.send({ ...alertMail(site, story, recipient), idempotencyKey: await alertIdempotencyKey(story.uuid, recipient.token) });
  } catch (error) {
    // An address the email API refuses for good (suppressed, invalid) must not hold up the
    // subscribers after it: recorded as failed, and the page goes on.
    if (error instanceof MailRefusedError && error.permanent) {
      logFailure('Alert refused by the email API', { story: story.uuid, subscriber: recipient.id, status: error.status });
      await deps.alerts.failDelivery(story.uuid, recipient.id, claimedAt);
      return false;
    }
    await deps.alerts.releaseDelivery(story.uuid, recipient.id, claimedAt);
    throw error;
  }
  await deps.alerts.completeDelivery(story.uuid, recipient.id, claimedAt);
  return true;
}
