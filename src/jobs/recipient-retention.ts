/**
 * Recipients' records outlive an embargo only as long as the newsroom says
 * (RECIPIENT_RECORDS_DAYS, docs/distribution.md): once a story has been public that long, each
 * journalist's link to it and its opening records are deleted. Run by the minute cron; a story
 * removed from the content folder takes its recipients' links with it at import.
 */
import type { RecipientLinkStore } from '#src/domain/ports';

const DAY_SECONDS = 86_400;

export async function deleteExpiredRecipientRecords(store: RecipientLinkStore, days: number, now: number): Promise<number> {
  return store.deleteLinksOfStoriesPublicBefore(now - days * DAY_SECONDS);
}
