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
