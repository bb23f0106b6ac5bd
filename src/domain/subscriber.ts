/** Subscription form rules (SPEC.md section 5): the messages are message ids shown per language. */
export const FORM_MESSAGES = {
  required: 'form.error.required', // "This field is required"
  invalidEmail: 'form.error.invalid_email', // "Introduce a valid email address"
  failed: 'form.error.failed', // "Something went wrong. Please try submitting the form again"
} as const;

// Deliberately simple: one @, something before it, a dot in the domain, no spaces. Real
// confirmation happens by email; this only catches typos.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FormMessageId = (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES];

/** Returns the message id for a bad email field, or null when it is acceptable. */
export function validateSubscriberEmail(value: string | null | undefined): FormMessageId | null {
  const email = (value ?? '').trim();
  if (email === '') return FORM_MESSAGES.required;
  if (email.length > 254 || !EMAIL_PATTERN.test(email)) return FORM_MESSAGES.invalidEmail;
  return null;
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

/** Emails are compared case-insensitively and stored trimmed and lower-cased. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** A confirmation link works this long (seconds), once. */
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Confirmation mails (subscriptions and data requests together) one mailbox may get per day. */
export const MAILBOX_DAILY_LIMIT = 3;
export const MAILBOX_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The form field people never see (hidden from view and from assistive technology): a value in
 * it is a robot filling every field, answered as if all went well, and nothing is stored or sent.
 */
export const HONEYPOT_FIELD = 'website';

/** Providers that ignore dots in the local part (and their alias domains). */
const DOT_BLIND_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, for limits: case folded, a `+tag` dropped (every large
 * provider delivers `name+anything@` to `name@`), dots dropped where the provider ignores them.
 */
export function canonicalMailbox(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at).split('+')[0]!;
  // `example.com.` is example.com (a fully qualified name): one mailbox, one quota.
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const dotBlind = DOT_BLIND_DOMAINS[domain];
  if (dotBlind) {
    local = local.replace(/\./g, '');
    domain = dotBlind;
  }
  return `${local}@${domain}`;
}

/** A random token for a mailed link (192 bits, hex). */
export function newMailToken(): string {
  return [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
