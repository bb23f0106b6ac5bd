/** Subscription form rules (docs/spec-coverage.md section 5): the messages are message ids shown per language. */
import { parseEmailAddress, type EmailAddress } from './email-address';

export const FORM_MESSAGES = {
  required: 'form.error.required', // "This field is required"
  invalidEmail: 'form.error.invalid_email', // "Introduce a valid email address"
  failed: 'form.error.failed', // "Something went wrong. Please try submitting the form again"
} as const;

export type FormMessageId = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];

/** The address a form's email field holds (./email-address.ts), or the message id for what is wrong with it. */
export function readSubscriberEmail(value: string | null | undefined): { ok: true; email: EmailAddress } | { ok: false; error: FormMessageId } {
  const text = (value ?? '').trim();
  if (text === '') return { ok: false, error: FORM_MESSAGES.required };
  const email = parseEmailAddress(text);
  return email ? { ok: true, email } : { ok: false, error: FORM_MESSAGES.invalidEmail };
}

/** Returns the message id for a bad email field, or null when it is acceptable. */
export function validateSubscriberEmail(value: string | null | undefined): FormMessageId | null {
  const read = readSubscriberEmail(value);
  return read.ok ? null : read.error;
}

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** A visitor subscribed to a language's updates (double opt-in: pending until confirmed). */
export interface Subscriber {
  readonly email: string;
  readonly locale: string;
  readonly status: SubscriberStatus;
  readonly categories: readonly number[];
  readonly created_at: number;
}

export const DATA_REQUEST_KINDS = ['access', 'deletion', 'correction', 'other'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

/** A confirmation link works this long (seconds), once. */
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Subscription confirmation mails one mailbox may get per day (canonical mailbox: ./email-address.ts). */
export const MAILBOX_DAILY_LIMIT = 3;
/**
 * Privacy-request confirmation mails one mailbox may get per day, counted apart from
 * subscriptions so that nobody's subscription posts can spend them; a request over it is kept,
 * flagged for the operators.
 */
export const DATA_REQUEST_MAILBOX_DAILY_LIMIT = 3;
export const MAILBOX_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The form field people never see (hidden from view and from assistive technology): a value in
 * it is a robot filling every field, answered as if all went well, and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

/** A random token for a mailed link (192 bits, hex). */
export function newMailToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
