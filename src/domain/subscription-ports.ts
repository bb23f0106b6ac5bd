/**
 * Visitors' writes: subscriptions and privacy requests, each with its confirmation mail, in one
 * transaction. D1 implements it in src/platform/d1/subscription-store.ts.
 */
import type { MailMessage } from './mail-ports';

/** A confirmation mail to write with a request, once its quota allows (see SubscriptionStore). */
export interface ConfirmationRequest {
  /** The canonical mailbox the daily quota counts (domain/subscriber.ts canonicalMailbox). */
  readonly mailbox: string;
  /** Unique per request: marks the quota row the rest of the transaction depends on. */
  readonly requestId: string;
  readonly now: number;
  /** The confirmation link's token and its expiry (epoch seconds). */
  readonly confirmToken: string;
  readonly confirmExpiresAt: number;
}

/**
 * What became of a privacy request: `mailed`, pending with its confirmation link in the outbox; or
 * `flagged`, its mailbox had had its confirmation mails for the day, so it is kept unconfirmed
 * and flagged for the operators (never dropped).
 */
export type DataRequestOutcome = 'mailed' | 'flagged';

/**
 * Visitors' writes: subscriptions and privacy requests, with their confirmation mail. Each request
 * is one transaction: the mailbox's daily quota for its kind of mail is checked and counted, the
 * row written and its mail put in the outbox. A subscription over its quota (or of an address
 * already confirmed) writes nothing, and callers answer the same either way, so the answer tells
 * nobody who is on the list. A privacy request over its quota is still written, flagged.
 */
export interface SubscriptionStore {
  /** The unsubscribe token of an existing (email, locale) subscriber, to put in a new mail. */
  unsubscribeTokenOf(email: string, locale: string): Promise<string | null>;
  /**
   * Starts (or restarts) the double opt-in of (email, locale): pending with a new confirmation
   * token, unless already confirmed. The mail is written with it.
   */
  requestSubscription(input: ConfirmationRequest & { email: string; locale: string; categories: readonly number[]; unsubscribeToken: string; mail: MailMessage }): Promise<void>;
  /** The pending subscription a confirmation token opens, if it has not expired. */
  findPendingSubscription(confirmToken: string, now: number): Promise<{ email: string; locale: string } | null>;
  /** Confirms the pending subscriber holding this unexpired confirmation token (used once); false otherwise. */
  confirm(confirmToken: string, now: number): Promise<boolean>;
  /** Unsubscribes the holder of this unsubscribe token; false when the token is unknown. */
  unsubscribe(token: string, now: number): Promise<boolean>;
  /** The subscriber holding this unsubscribe token, for the unsubscribe page. */
  findByToken(token: string): Promise<{ email: string; locale: string; status: string } | null>;
  /**
   * Stores a privacy request, pending until confirmed by mail, with its mail; over the mailbox's
   * data-request quota, stores it flagged for the operators, with no mail.
   */
  requestDataRequest(input: ConfirmationRequest & { email: string; locale: string; kind: string; message: string; mail: MailMessage }): Promise<DataRequestOutcome>;
  findPendingDataRequest(confirmToken: string, now: number): Promise<{ email: string; kind: string } | null>;
  /** Confirms a pending privacy request (once); false for an unknown or expired token. */
  confirmDataRequest(confirmToken: string, now: number): Promise<boolean>;
}
