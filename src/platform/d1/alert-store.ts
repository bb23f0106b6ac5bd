/**
 * AlertStore over D1: one `alert_deliveries` row per (story, subscriber), claimed ('sending')
 * before the mail is sent and marked ('sent', 'failed') after it
 * (docs/decisions/0035-exactly-once-alerts-and-search-push.md). Every claim is one conditional
 * statement, so two consumers never hold the same delivery; a claim left 'sending' longer than
 * ABANDONED_CLAIM_SECONDS is taken over, since its consumer cannot still be running.
 */
import { ABANDONED_CLAIM_SECONDS } from '#src/domain/mail-delivery';
import type { AbandonedDelivery, AlertRecipient, AlertStore } from '#src/domain/publishing-ports';
import { guardD1 } from './guard';

export class D1AlertStore implements AlertStore {
  constructor(private readonly db: D1Database) {}

  async recipients(input: { locale: string; categoryIds: readonly number[]; afterId: number; limit: number }): Promise<AlertRecipient[]> {
    const result = await guardD1(() =>
      this.db
        .prepare(
          `SELECT id, email, token FROM subscribers
           WHERE status = 'confirmed' AND locale = ?1 AND id > ?2
             AND (json_array_length(categories) = 0
                  OR EXISTS (SELECT 1 FROM json_each(subscribers.categories) chosen WHERE chosen.value IN (SELECT value FROM json_each(?3))))
           ORDER BY id LIMIT ?4`,
        )
        .bind(input.locale, input.afterId, JSON.stringify(input.categoryIds), input.limit)
        .all<AlertRecipient>(),
    );
    return result.results;
  }

  async recipientsByIds(ids: readonly number[]): Promise<AlertRecipient[]> {
    if (ids.length === 0) return [];
    const result = await guardD1(() =>
      this.db
        .prepare(`SELECT id, email, token FROM subscribers WHERE status = 'confirmed' AND id IN (SELECT value FROM json_each(?1)) ORDER BY id`)
        .bind(JSON.stringify(ids))
        .all<AlertRecipient>(),
    );
    return result.results;
  }

  async claimDelivery(storyUuid: string, subscriberId: number, now: number): Promise<boolean> {
    const claimed = await guardD1(() =>
      this.db
        .prepare(
          `INSERT INTO alert_deliveries (story_uuid, subscriber_id, status, claimed_at) VALUES (?1, ?2, 'sending', ?3)
           ON CONFLICT (story_uuid, subscriber_id) DO UPDATE SET claimed_at = excluded.claimed_at
             WHERE alert_deliveries.status = 'sending' AND alert_deliveries.claimed_at <= excluded.claimed_at - ?4
           RETURNING subscriber_id`,
        )
        .bind(storyUuid, subscriberId, now, ABANDONED_CLAIM_SECONDS)
        .first(),
    );
    return claimed !== null;
  }

  async completeDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void> {
    await guardD1(() =>
      this.db.prepare(`UPDATE alert_deliveries SET status = 'sent', sent_at = ?3 WHERE story_uuid = ?1 AND subscriber_id = ?2`).bind(storyUuid, subscriberId, now).run(),
    );
  }

  async releaseDelivery(storyUuid: string, subscriberId: number, claimedAt: number): Promise<void> {
    // Only this consumer's own claim: one that took over an abandoned claim since keeps it.
    await guardD1(() =>
      this.db
        .prepare(`DELETE FROM alert_deliveries WHERE story_uuid = ?1 AND subscriber_id = ?2 AND status = 'sending' AND claimed_at = ?3`)
        .bind(storyUuid, subscriberId, claimedAt)
        .run(),
    );
  }

  async failDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void> {
    await guardD1(() =>
      this.db.prepare(`UPDATE alert_deliveries SET status = 'failed', sent_at = ?3 WHERE story_uuid = ?1 AND subscriber_id = ?2`).bind(storyUuid, subscriberId, now).run(),
    );
  }

  async finishAlerts(storyUuid: string, now: number): Promise<void> {
    await guardD1(() => this.db.prepare('UPDATE publish_events SET alerts_done_at = COALESCE(alerts_done_at, ?2) WHERE story_uuid = ?1').bind(storyUuid, now).run());
  }

  async abandonedDeliveries(now: number, limit: number): Promise<AbandonedDelivery[]> {
    // The partial index alert_deliveries_abandoned: most minutes this finds nothing, at once.
    const result = await guardD1(() =>
      this.db
        .prepare(`SELECT story_uuid, subscriber_id FROM alert_deliveries WHERE status = 'sending' AND claimed_at <= ?1 - ?2 ORDER BY claimed_at, story_uuid, subscriber_id LIMIT ?3`)
        .bind(now, ABANDONED_CLAIM_SECONDS, limit)
        .all<AbandonedDelivery>(),
    );
    return result.results;
  }

  async dropAbandoned(storyUuid: string, subscriberIds: readonly number[], now: number): Promise<void> {
    if (subscriberIds.length === 0) return;
    await guardD1(() =>
      this.db
        .prepare(
          `DELETE FROM alert_deliveries WHERE story_uuid = ?1 AND subscriber_id IN (SELECT value FROM json_each(?2))
             AND status = 'sending' AND claimed_at <= ?3 - ?4`,
        )
        .bind(storyUuid, JSON.stringify(subscriberIds), now, ABANDONED_CLAIM_SECONDS)
        .run(),
    );
  }
}
