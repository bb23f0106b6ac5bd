/**
 * Mail: what a message is, how it is sent (an HTTP email API, else the D1 outbox), and the outbox
 * the sender drains and the dev server shows.
 */

/**
 * Whom a mail goes to, as the email API receives it: an address already checked as a plain one
 * (./email-address.ts) and an optional display name, never a header line built by concatenation.
 */
export interface MailRecipient {
  readonly email: string;
  readonly name?: string;
}

export interface MailMessage {
  readonly to: MailRecipient;
  readonly subject: string;
  readonly text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on alerts). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The same key twice is one mail (src/domain/mail-delivery.ts): the email API's idempotency key,
   * and the outbox's. A retry after a consumer died mid-send is then safe.
   */
  readonly idempotencyKey?: string;
}

/** Mail claimed from the outbox for sending. */
export interface ClaimedMail extends MailMessage {
  readonly id: number;
  /** Epoch seconds the mail was written. */
  readonly createdAt: number;
}

/** Mail written to the outbox by visitors' requests, waiting for the email API. */
export interface OutboxQueue {
  /**
   * Claims up to `limit` unsent mails (each claimed by one caller), including mail claimed more
   * than ABANDONED_CLAIM_SECONDS ago and never marked: its consumer died before it could.
   */
  claimUnsent(limit: number, now: number): Promise<ClaimedMail[]>;
  /** Records that the email API took a claimed mail. */
  markSent(id: number, now: number): Promise<void>;
  /** Gives a claimed mail back after a failed send. */
  release(id: number): Promise<void>;
  /** Records that the email API refused a claimed mail for good (it is not tried again). */
  markFailed(id: number, now: number): Promise<void>;
  /** Is there mail a delivery job could claim now? */
  hasUnsent(now: number): Promise<boolean>;
}

/** Sends mail: an HTTP email API when configured, else the D1 outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxMessage {
  readonly to_address: string;
  readonly to_name: string | null;
  readonly subject: string;
  readonly text_body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly created_at: number;
}

/**
 * A privacy request the newsroom's operators must answer: confirmed by its sender, or flagged
 * (`flag`: why it is unconfirmed, e.g. `mail-limit`: its mailbox had already had its confirmation mails
 * for the day), so that no request is silently dropped.
 */
export interface OperatorDataRequest {
  readonly email: string;
  readonly locale: string;
  readonly kind: string;
  readonly message: string;
  readonly status: 'pending' | 'confirmed';
  readonly flag: string | null;
  readonly created_at: number;
  readonly confirmed_at: number | null;
}

/** Mail kept in the outbox and the privacy requests to answer, newest first (for the dev server). */
export interface OutboxReader {
  recent(limit: number): Promise<OutboxMessage[]>;
  dataRequestsToAnswer(limit: number): Promise<OperatorDataRequest[]>;
}
