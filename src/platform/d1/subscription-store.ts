/** SubscriptionStore and the outbox Mailer over D1; a D1 failure is an UnavailableError (./guard.ts). */
import type { Mailer, MailMessage, OutboxMessage, SubscribeResult, SubscriptionStore } from '#src/domain/ports';
import { guardD1 } from './guard';

export class D1SubscriptionStore implements SubscriptionStore {
  constructor(private readonly db: D1Database) {}

  async subscribe(input: { email: string; locale: string; categories: readonly number[]; token: string; now: number }): Promise<SubscribeResult> {
    // RETURNING yields a row only for the request that inserted: under 50 concurrent identical
    // submits exactly one gets `created` and sends the confirmation mail.
    const inserted = await guardD1(() =>
      this.db
        .prepare(
          `INSERT INTO subscribers (email, locale, status, token, categories, created_at) VALUES (?1, ?2, 'pending', ?3, ?4, ?5)
           ON CONFLICT (email, locale) DO NOTHING RETURNING token`,
        )
        .bind(input.email, input.locale, input.token, JSON.stringify(input.categories), input.now)
        .first<{ token: string }>(),
    );
    if (inserted) return { created: true, token: inserted.token };
    // Someone who unsubscribed and subscribes again starts a fresh double opt-in.
    const revived = await guardD1(() =>
      this.db
        .prepare(
          `UPDATE subscribers SET status = 'pending', token = ?3, categories = ?4, unsubscribed_at = NULL
           WHERE email = ?1 AND locale = ?2 AND status = 'unsubscribed' RETURNING token`,
        )
        .bind(input.email, input.locale, input.token, JSON.stringify(input.categories))
        .first<{ token: string }>(),
    );
    return revived ? { created: true, token: revived.token } : { created: false, token: null };
  }

  async confirm(token: string, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare(`UPDATE subscribers SET status = 'confirmed', confirmed_at = COALESCE(confirmed_at, ?2) WHERE token = ?1 AND status != 'unsubscribed'`)
        .bind(token, now)
        .run(),
    );
    return result.meta.changes > 0;
  }

  async unsubscribe(token: string, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare(`UPDATE subscribers SET status = 'unsubscribed', unsubscribed_at = COALESCE(unsubscribed_at, ?2) WHERE token = ?1`)
        .bind(token, now)
        .run(),
    );
    return result.meta.changes > 0;
  }

  async findByToken(token: string): Promise<{ email: string; locale: string; status: string } | null> {
    return guardD1(() => this.db.prepare('SELECT email, locale, status FROM subscribers WHERE token = ?1').bind(token).first());
  }

  async recordDataRequest(input: { email: string; locale: string; kind: string; message: string; now: number }): Promise<void> {
    await guardD1(() =>
      this.db
        .prepare('INSERT INTO data_requests (email, locale, kind, message, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(input.email, input.locale, input.kind, input.message, input.now)
        .run(),
    );
  }
}

/** Mail kept in D1 until a sender picks it up (and shown by the dev server). */
export class D1OutboxMailer implements Mailer {
  constructor(private readonly db: D1Database) {}

  async send(message: MailMessage): Promise<void> {
    await guardD1(() =>
      this.db
        .prepare('INSERT INTO outbox (to_address, subject, text_body, headers, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(message.to, message.subject, message.text, JSON.stringify(message.headers ?? {}), Math.floor(Date.now() / 1000))
        .run(),
    );
  }

  async recent(limit: number): Promise<OutboxMessage[]> {
    const result = await guardD1(() =>
      this.db.prepare('SELECT to_address, subject, text_body, headers, created_at FROM outbox ORDER BY id DESC LIMIT ?1').bind(limit).all<Omit<OutboxMessage, 'headers'> & { headers: string }>(),
    );
    return result.results.map((row) => ({ ...row, headers: JSON.parse(row.headers) as Record<string, string> }));
  }
}
