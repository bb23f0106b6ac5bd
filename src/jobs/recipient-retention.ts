/**
 * Recipients' records outlive an embargo only as long as the newsroom says
 * (RECIPIENT_RECORDS_DAYS, docs/distribution.md): once a story has been public that long, each
 * journalist's link to it and its opening records are deleted. Run by the minute cron; a story
 * removed from the content folder takes its recipients' links with it at import.
 */
import type { JobDeps } from '#src/deps';
import { describeError } from '#src/domain/errors';
import type { RecipientLinkStore } from '#src/domain/ports';
import { logEvent } from '#src/log';

const DAY_SECONDS = 86_400;

export async function deleteExpiredRecipientRecords(store: RecipientLinkStore, days: number, now: number): Promise<number> {
  return store.deleteLinksOfStoriesPublicBefore(now - days * DAY_SECONDS);
}

/** Recipients' links of stories public for longer than RECIPIENT_RECORDS_DAYS, deleted; a failure waits for the next minute. */
export async function forgetOldRecipientRecords(deps: JobDeps, now: number): Promise<void> {
  try {
    const deleted = await deleteExpiredRecipientRecords(deps.recipientLinks, deps.config.recipientRecordsDays, now);
    if (deleted > 0) logEvent('recipient_records_deleted', { links: deleted, days: deps.config.recipientRecordsDays });
  } catch (error) {
    logEvent('recipient_records_deletion_failed', { error: describeError(error) }, 'warn');
  }
}
