/**
 * SubscriptionStore and the outbox Mailer over D1; a D1 failure is an UnavailableError
 * (./guard.ts). Each visitor request is one batch: quota, row and mail together or not at all.
 */
import type { ClaimedMail, Mailer, MailMessage, OperatorDataRequest, OutboxMessage, OutboxQueue } from '#src/domain/mail-ports';
import { ABANDONED_CLAIM_SECONDS } from '#src/domain/mail-delivery';
import type { ConfirmationRequest, DataRequestOutcome, SubscriptionStore } from '#src/domain/subscription-ports';
import { DATA_REQUEST_MAILBOX_DAILY_LIMIT, MAILBOX_DAILY_LIMIT, MAILBOX_WINDOW_SECONDS } from '#src/domain/subscriber';
import type { SqlValue } from './import-statements';
import { guardD1 } from './guard';
import type { D1Queryable } from './sessions';

/** This request's quota row: every statement after the quota check depends on it. */
const QUOTA_GRANTED = 'EXISTS (SELECT 1 FROM mailbox_sends WHERE request_id = ?2)';

/** Each kind of confirmation mail has its own daily quota per mailbox, so one never spends the other's. */
const QUOTAS = {
  subscription: MAILBOX_DAILY_LIMIT,
  'data-request': DATA_REQUEST_MAILBOX_DAILY_LIMIT,
} as const;
type QuotaPurpose = keyof typeof QUOTAS;

export class D1SubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: D1Queryable) {}

  /**
   * The quota check and count: a row for this request only while the mailbox has had fewer than
   * its purpose's quota of confirmation mails in the window (and, for subscriptions, the address
   * is not confirmed already). One conditional INSERT, so concurrent requests cannot both squeeze in.
   */
  private quotaStatement(purpose: QuotaPurpose, request: ConfirmationRequest, extraCondition = '1', ...extraParams: SqlValue[]): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO mailbox_sends (mailbox, request_id, sent_at, purpose)
         SELECT ?1, ?2, ?3, '${purpose}'
         WHERE (SELECT count(*) FROM mailbox_sends WHERE mailbox = ?1 AND purpose = '${purpose}' AND sent_at > ?3 - ${MAILBOX_WINDOW_SECONDS}) < ${QUOTAS[purpose]}
           AND ${extraCondition}`,
      )
      .bind(request.mailbox, request.requestId, request.now, ...extraParams);
  }

  private outboxStatement(request: ConfirmationRequest, mail: MailMessage): D1PreparedStatement {
    return this.db
      .prepare(`INSERT INTO outbox (to_address, to_name, subject, text_body, headers, created_at) SELECT ?3, ?4, ?5, ?6, ?7, ?1 WHERE ${QUOTA_GRANTED}`)
      .bind(request.now, request.requestId, mail.to.email, mail.to.name ?? null, mail.subject, mail.text, JSON.stringify(mail.headers ?? {}));
  }

  async unsubscribeTokenOf(email: string, locale: string): Promise<string | null> {
    const row = await guardD1(() => this.db.prepare('SELECT token FROM subscribers WHERE email = ?1 AND locale = ?2').bind(email, locale).first<{ token: string }>());
    return row?.token ?? null;
  }

  async requestSubscription(input: ConfirmationRequest & { email: string; locale: string; categories: readonly number[]; unsubscribeToken: string; mail: MailMessage }): Promise<void> {
    await guardD1(() =>
      this.db.batch([
        this.quotaStatement('subscription', input, `NOT EXISTS (SELECT 1 FROM subscribers WHERE email = ?4 AND locale = ?5 AND status = 'confirmed')`, input.email, input.locale),
        // New, pending again (a new link; earlier ones stop working) or back after unsubscribing
        // (keeping the unsubscribe token earlier mail carries, so old links keep working). A
        // confirmed subscriber is never touched.
        this.db
          .prepare(
            `INSERT INTO subscribers (email, locale, status, token, confirm_token, confirm_expires_at, categories, created_at)
             SELECT ?3, ?4, 'pending', ?5, ?6, ?7, ?8, ?1 WHERE ${QUOTA_GRANTED}
             ON CONFLICT (email, locale) DO UPDATE SET
               status = 'pending', confirm_token = excluded.confirm_token, confirm_expires_at = excluded.confirm_expires_at,
               categories = excluded.categories, unsubscribed_at = NULL
             WHERE subscribers.status != 'confirmed'`,
          )
          .bind(input.now, input.requestId, input.email, input.locale, input.unsubscribeToken, input.confirmToken, input.confirmExpiresAt, JSON.stringify(input.categories)),
        this.outboxStatement(input, input.mail),
      ]),
    );
  }

  async findPendingSubscription(confirmToken: string, now: number): Promise<{ email: string; locale: string } | null> {
    return guardD1(() =>
      this.db
        .prepare(`SELECT email, locale FROM subscribers WHERE confirm_token = ?1 AND status = 'pending' AND confirm_expires_at > ?2`)
        .bind(confirmToken, now)
        .first<{ email: string; locale: string }>(),
    );
  }

  async confirm(confirmToken: string, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare(
          `UPDATE subscribers SET status = 'confirmed', confirmed_at = ?2, confirm_token = NULL, confirm_expires_at = NULL
           WHERE confirm_token = ?1 AND status = 'pending' AND confirm_expires_at > ?2`,
        )
        .bind(confirmToken, now)
        .run(),
    );
    return result.meta.changes > 0;
  }

  async unsubscribe(token: string, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare(`UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, ?2), confirm_token = NULL WHERE token = ?1`)
        .bind(token, now)
        .run(),
    );
    return result.meta.changes > 0;
  }

  async findByToken(token: string): Promise<{ email: string; locale: string; status: string } | null> {
    return guardD1(() => this.db.prepare('SELECT email, locale, status FROM subscribers WHERE token = ?1').bind(token).first());
  }

  async requestDataRequest(input: ConfirmationRequest & { email: string; locale: string; kind: string; message: string; mail: MailMessage }): Promise<DataRequestOutcome> {
    const [, mailed] = await guardD1(() =>
      this.db.batch([
        this.quotaStatement('data-request', input),
        // Within the quota: pending, with its confirmation link mailed.
        this.db
          .prepare(
            `INSERT INTO data_requests (email, locale, kind, message, created_at, status, confirm_token, confirm_expires_at)
             SELECT ?3, ?4, ?5, ?6, ?1, 'pending', ?7, ?8 WHERE ${QUOTA_GRANTED}`,
          )
          .bind(input.now, input.requestId, input.email, input.locale, input.kind, input.message, input.confirmToken, input.confirmExpiresAt),
        // Over it: kept all the same, with no link (it cannot be confirmed) and flagged for the operators.
        this.db
          .prepare(
            `INSERT INTO data_requests (email, locale, kind, message, created_at, status, flag)
             SELECT ?3, ?4, ?5, ?6, ?1, 'pending', 'mail-limit' WHERE NOT ${QUOTA_GRANTED}`,
          )
          .bind(input.now, input.requestId, input.email, input.locale, input.kind, input.message),
        this.outboxStatement(input, input.mail),
      ]),
    );
    return mailed!.meta.changes > 0 ? 'mailed' : 'flagged';
  }

  async findPendingDataRequest(confirmToken: string, now: number): Promise<{ email: string; kind: string } | null> {
    return guardD1(() =>
      this.db
        .prepare(`SELECT email, kind FROM data_requests WHERE confirm_token = ?1 AND status = 'pending' AND confirm_expires_at > ?2`)
        .bind(confirmToken, now)
        .first<{ email: string; kind: string }>(),
    );
  }

  async confirmDataRequest(confirmToken: string, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare(
          `UPDATE data_requests SET status = 'confirmed', confirmed_at = ?2, confirm_token = NULL, confirm_expires_at = NULL
           WHERE confirm_token = ?1 AND status = 'pending' AND confirm_expires_at > ?2`,
        )
        .bind(confirmToken, now)
        .run(),
    );
    return result.meta.changes > 0;
  }
}

/**
 * Unsent mail a delivery job may take (its parameters: now and ABANDONED_CLAIM_SECONDS): never claimed, or
 * claimed by a consumer that died before it could mark the mail sent or give it back.
 */
const claimable = (now: string, abandonedAfter: string) => `sent_at IS NULL AND failed_at IS NULL AND (claimed_at IS NULL OR claimed_at <= ${now} - ${abandonedAfter})`;

/**
 * Mail kept in D1 until a sender picks it up (and shown by the dev server). Claimed, sent, then
 * marked sent (src/jobs/deliver-mail.ts): a claim whose consumer died is taken again later, and
 * the mail's idempotency key keeps the retry from sending it twice.
 */
export class D1OutboxMailer implements Mailer, OutboxQueue {
  constructor(private readonly db: D1Queryable) {}

  /** A message with an idempotency key already in the outbox is not written again (one mail per key). */
  async send(message: MailMessage): Promise<void> {
    await guardD1(() =>
      this.db
        .prepare(
          `INSERT INTO outbox (to_address, to_name, subject, text_body, headers, created_at, idempotency_key) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
        )
        .bind(message.to.email, message.to.name ?? null, message.subject, message.text, JSON.stringify(message.headers ?? {}), Math.floor(Date.now() / 1000), message.idempotencyKey ?? null)
        .run(),
    );
  }

  async recent(limit: number): Promise<OutboxMessage[]> {
    const result = await guardD1(() =>
      this.db.prepare('SELECT to_address, to_name, subject, text_body, headers, created_at FROM outbox ORDER BY id DESC LIMIT ?1').bind(limit).all<Omit<OutboxMessage, 'headers'> & { headers: string }>(),
    );
    return result.results.map((row) => ({ ...row, headers: JSON.parse(row.headers) as Record<string, string> }));
  }

  async claimUnsent(limit: number, now: number): Promise<ClaimedMail[]> {
    const result = await guardD1(() =>
      this.db
        .prepare(
          `UPDATE outbox SET claimed_at = ?2 WHERE id IN (
             SELECT id FROM outbox WHERE ${claimable('?2', '?3')} ORDER BY id LIMIT ?1)
           RETURNING id, to_address, to_name, subject, text_body, headers, created_at, idempotency_key`,
        )
        .bind(limit, now, ABANDONED_CLAIM_SECONDS)
        .all<{ id: number; to_address: string; to_name: string | null; subject: string; text_body: string; headers: string; created_at: number; idempotency_key: string | null }>(),
    );
    return result.results
      .map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        to: row.to_name === null ? { email: row.to_address } : { email: row.to_address, name: row.to_name },
        subject: row.subject,
        text: row.text_body,
        headers: JSON.parse(row.headers) as Record<string, string>,
        ...(row.idempotency_key ? { idempotencyKey: row.idempotency_key } : {}),
      }))
      .sort((a, b) => a.id - b.id);
  }

  async markSent(id: number, now: number): Promise<void> {
    await guardD1(() => this.db.prepare('UPDATE outbox SET sent_at = ?2 WHERE id = ?1').bind(id, now).run());
  }

  async release(id: number): Promise<void> {
    await guardD1(() => this.db.prepare('UPDATE outbox SET claimed_at = NULL WHERE id = ?1 AND sent_at IS NULL').bind(id).run());
  }

  async markFailed(id: number, now: number): Promise<void> {
    await guardD1(() => this.db.prepare('UPDATE outbox SET failed_at = ?2 WHERE id = ?1').bind(id, now).run());
  }

  async hasUnsent(now: number): Promise<boolean> {
    return (await guardD1(() => this.db.prepare(`SELECT 1 AS waiting FROM outbox WHERE ${claimable('?1', '?2')} LIMIT 1`).bind(now, ABANDONED_CLAIM_SECONDS).first())) !== null;
  }

  /** The newest confirmed and flagged requests (each list by its own index), newest first. */
  async dataRequestsToAnswer(limit: number): Promise<OperatorDataRequest[]> {
    const columns = 'email, locale, kind, message, status, flag, created_at, confirmed_at';
    const [confirmed, flagged] = await guardD1(() =>
      this.db.batch<OperatorDataRequest>([
        this.db.prepare(`SELECT ${columns} FROM data_requests WHERE status = 'confirmed' ORDER BY confirmed_at DESC LIMIT ?1`).bind(limit),
        this.db.prepare(`SELECT ${columns} FROM data_requests WHERE flag IS NOT NULL ORDER BY created_at DESC LIMIT ?1`).bind(limit),
      ]),
    );
    const arrived = (request: OperatorDataRequest) => request.confirmed_at ?? request.created_at;
    return [...confirmed!.results, ...flagged!.results].sort((a, b) => arrived(b) - arrived(a)).slice(0, limit);
  }
}
