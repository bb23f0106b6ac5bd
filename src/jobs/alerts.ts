/**
 * One page of a story's alerts. Each delivery is claimed in D1 before its mail is sent, so a page
 * delivered twice (a retry after a crash, an at-least-once redelivery) mails nobody twice; a send
 * that fails gives its claim back and fails the message, and the queue's retry sends the rest.
 * A full page queues the next one, so a large list is sent in many small messages. An address
 * the email API refuses for good is recorded as failed and skipped, not retried.
 */
import { MailRefusedError } from '#src/domain/errors';
import type { JobDeps } from './job-deps';
import { alertMail } from './alert-mail';

/** Subscribers mailed per message. */
export const ALERT_PAGE_SIZE = 50;

export async function sendAlerts(deps: JobDeps, job: { storyUuid: string; afterId: number }, now: number): Promise<{ sent: number }> {
  const [story] = await deps.publishing.announcedStories([job.storyUuid]);
  const site = await deps.content.getSiteContext();
  // Withdrawn (or re-imported away) since it went live: there is nothing to announce any more.
  if (!story || !story.is_public || !site) return { sent: 0 };
  const recipients = await deps.alerts.recipients({ locale: story.locale, categoryIds: story.category_ids, afterId: job.afterId, limit: ALERT_PAGE_SIZE });
  let sent = 0;
  for (const recipient of recipients) {
    if (!(await deps.alerts.claimDelivery(story.uuid, recipient.id, now))) continue;
    try {
      await deps.mailer.send(alertMail(site, story, recipient));
    } catch (error) {
      // An address the email API refuses for good (suppressed, invalid) must not hold up the
      // subscribers after it: recorded as failed, and the page goes on.
      if (error instanceof MailRefusedError && error.permanent) {
        console.error(JSON.stringify({ message: 'Alert refused by the email API', story: story.uuid, subscriber: recipient.id, status: error.status }));
        await deps.alerts.failDelivery(story.uuid, recipient.id, now);
        continue;
      }
      await deps.alerts.releaseDelivery(story.uuid, recipient.id);
      throw error;
    }
    await deps.alerts.completeDelivery(story.uuid, recipient.id, now);
    sent += 1;
  }
  const last = recipients.at(-1);
  if (recipients.length === ALERT_PAGE_SIZE && last) await deps.queue.sendBatch([{ body: { kind: 'alerts', storyUuid: story.uuid, afterId: last.id } }]);
  else await deps.alerts.finishAlerts(story.uuid, now);
  return { sent };
}
