/**
 * Alerts whose consumer died between claiming a delivery and marking it
 * (docs/decisions/0035-exactly-once-alerts-and-search-push.md). The minute cron finds deliveries
 * claimed more than ABANDONED_CLAIM_SECONDS ago and never marked, and queues them by story; the
 * job claims each again and sends it with the same idempotency key as the first attempt, so the
 * subscriber gets the mail once whether or not the first attempt's had left.
 */
import type { JobDeps } from '#src/deps';
import { ALERT_PAGE_SIZE, alertContext, deliverClaimedAlert } from './alerts';
import { sendJobs, type Job } from '#src/domain/job-messages';

/** Abandoned deliveries handed to the queue per cron run; more wait for the next minute. */
export const ABANDONED_PER_RUN = 500;

/** Queues the abandoned deliveries, at most ALERT_PAGE_SIZE per message; returns how many. */
export async function queueAbandonedAlerts(deps: Pick<JobDeps, 'alerts' | 'queue'>, now: number): Promise<number> {
  const abandoned = await deps.alerts.abandonedDeliveries(now, ABANDONED_PER_RUN);
  const byStory = new Map<string, number[]>();
  for (const delivery of abandoned) byStory.set(delivery.story_uuid, [...(byStory.get(delivery.story_uuid) ?? []), delivery.subscriber_id]);
  const jobs: Job[] = [];
  for (const [storyUuid, ids] of byStory) {
    for (let start = 0; start < ids.length; start += ALERT_PAGE_SIZE) jobs.push({ kind: 'alert-retries', storyUuid, subscriberIds: ids.slice(start, start + ALERT_PAGE_SIZE) });
  }
  await sendJobs(deps.queue, jobs);
  return abandoned.length;
}

/** Sends the story's alerts to these subscribers once more, if each is still unsent and still wanted. */
export async function retryAlerts(deps: JobDeps, job: { storyUuid: string; subscriberIds: readonly number[] }, now: number): Promise<{ sent: number }> {
  const context = await alertContext(deps, job.storyUuid);
  const recipients = context ? await deps.alerts.recipientsByIds(job.subscriberIds) : [];
  // A story withdrawn since, or a subscriber who left: nothing will be sent, and the claims are
  // forgotten so that the cron stops finding them.
  const reachable = new Set(recipients.map((recipient) => recipient.id));
  await deps.alerts.dropAbandoned(job.storyUuid, job.subscriberIds.filter((id) => !reachable.has(id)), now);
  let sent = 0;
  for (const recipient of recipients) {
    // False when another consumer has it now, or it was marked since.
    if (!(await deps.alerts.claimDelivery(job.storyUuid, recipient.id, now))) continue;
    if (await deliverClaimedAlert(deps, context!, recipient, now)) sent += 1;
  }
  return { sent };
}
