/**
 * Inquiries are personal data kept only as long as the newsroom says (INQUIRY_RETENTION_DAYS,
 * 180 days by default; docs/decisions/0054-the-inquiry-inbox.md, the privacy policy): the minute
 * cron deletes every inquiry received longer ago than that, with its answers. A failure waits for
 * the next minute.
 */
import type { Deps } from '#src/deps';
import { describeError } from '#src/domain/errors';
import { logEvent } from '#src/log';

const DAY_SECONDS = 86_400;

export async function forgetOldInquiries(deps: Pick<Deps, 'inquiries' | 'config'>, now: number): Promise<number> {
  const days = deps.config.inquiries.retentionDays;
  try {
    const deleted = await deps.inquiries.deleteReceivedBefore(now - days * DAY_SECONDS);
    if (deleted > 0) logEvent('inquiries_deleted', { inquiries: deleted, days });
    return deleted;
  } catch (error) {
    logEvent('inquiries_deletion_failed', { error: describeError(error) }, 'warn');
    return 0;
  }
}
