/**
 * The inquiry inbox (docs/decisions/0054-the-inquiry-inbox.md): a journalist's question to the
 * press office about a story, a gallery or the newsroom, as the domain sees it: its fields and
 * their checks (SPEC's form messages), whom it is routed to, the per-sender quota, how long it is
 * kept, and the store port (D1 in src/platform/d1/inquiry-store.ts).
 */
import type { MailMessage } from './mail-ports';
import { canonicalMailbox } from './email-address';

/** Where the press office lists inquiries and answers one (behind the /admin door). */
export const INQUIRIES_PATH = '/admin/press/inquiries';
export const inquiryPath = (uuid: string) => `${INQUIRIES_PATH}/${encodeURIComponent(uuid)}`;
import { FORM_MESSAGES, readSubscriberEmail, type FormMessageId } from './subscriber';

/** Inquiries one sender's mailbox may send in 24 hours; more are refused and mail no one. */
export const INQUIRY_MAILBOX_DAILY_LIMIT = 5;
export const INQUIRY_WINDOW_SECONDS = 86_400;

/** Field lengths: what a stranger may make the office read and the database keep. */
export const INQUIRY_LIMITS = { name: 200, outlet: 200, subject: 300, message: 5000, answer: 10_000 } as const;

export const INQUIRY_FIELDS = ['name', 'email', 'outlet', 'subject', 'message', 'deadline'] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];
export type InquiryValues = Readonly<Record<InquiryField, string>>;
/** A field's message: SPEC's form messages, or the deadline's own. */
export type InquiryMessageId = FormMessageId | 'inquiry.error.deadline';
export type InquiryErrors = Partial<Record<InquiryField, InquiryMessageId>>;

/** What the inquiry is about: a story (its translation), a gallery, or the newsroom itself. */
export interface InquiryAbout {
  readonly kind: 'story' | 'gallery' | 'newsroom';
  readonly uuid: string | null;
  readonly title: string;
  /** The page it was sent from (site-relative; a secret page's address is never kept). */
  readonly path: string;
  /** The story's categories (keys), for routing. */
  readonly categories: readonly string[];
}

/** A valid inquiry as posted, normalised. */
export interface InquiryInput {
  readonly name: string;
  readonly email: string;
  readonly mailbox: string;
  readonly outlet: string;
  readonly subject: string;
  readonly message: string;
  readonly deadline: string | null;
}

/**
 * Checks a posted inquiry: name, e-mail, subject and message are required, the e-mail must be a
 * plain address (SPEC's "Introduce a valid email address"), a deadline must be a date. Long
 * fields are cut to their limits rather than refused.
 */
export function readInquiry(values: InquiryValues): { ok: true; input: InquiryInput } | { ok: false; errors: InquiryErrors } {
  const errors: InquiryErrors = {};
  const text = (field: InquiryField, max: number) => values[field].trim().slice(0, max);
  for (const field of ['name', 'subject', 'message'] as const) if (values[field].trim() === '') errors[field] = FORM_MESSAGES.required;
  const email = readSubscriberEmail(values.email);
  if (!email.ok) errors.email = email.error;
  const deadline = values.deadline.trim();
  if (deadline !== '' && !isCalendarDate(deadline)) errors.deadline = 'inquiry.error.deadline';
  if (Object.keys(errors).length > 0 || !email.ok) return { ok: false, errors };
  const mailbox = canonicalMailbox(email.email);
  return {
    ok: true,
    input: {
      name: text('name', INQUIRY_LIMITS.name),
      email: email.email.address,
      mailbox,
      outlet: text('outlet', INQUIRY_LIMITS.outlet),
      subject: text('subject', INQUIRY_LIMITS.subject),
      message: text('message', INQUIRY_LIMITS.message),
      deadline: deadline === '' ? null : deadline,
    },
  };
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** What contacts.yaml says a contact answers for (each list empty: any). */
export interface Responsibility {
  readonly languages: readonly string[];
  readonly categories: readonly string[];
}

/** A press contact who may receive inquiries. */
export interface InquiryContact {
  readonly key: string;
  readonly name: string;
  readonly email: string;
  readonly responsibleFor: Responsibility | null;
}

/** Where an inquiry goes: a contact, the default inbox, or nobody to mail (kept for the office view). */
export interface InquiryRoute {
  readonly contactKey: string | null;
  readonly name: string | null;
  readonly email: string | null;
}

/**
 * The contact responsible for the inquiry's language and one of its categories; else one
 * responsible for its language (any category); else the default inbox. Contacts are tried in
 * contacts.yaml's order; one without `responsible_for` is never chosen by rule.
 */
export function routeInquiry(contacts: readonly InquiryContact[], locale: string, categories: readonly string[], defaultInbox: string | null): InquiryRoute {
  const speaks = (r: Responsibility) => r.languages.length === 0 || r.languages.includes(locale);
  const covers = (r: Responsibility) => r.categories.length === 0 || r.categories.some((category) => categories.includes(category));
  const responsible = contacts.filter((contact) => contact.responsibleFor !== null && speaks(contact.responsibleFor));
  const exact = responsible.find((contact) => contact.responsibleFor!.categories.length > 0 && covers(contact.responsibleFor!));
  const chosen = exact ?? responsible.find((contact) => contact.responsibleFor!.categories.length === 0);
  if (chosen) return { contactKey: chosen.key, name: chosen.name, email: chosen.email };
  return { contactKey: null, name: null, email: defaultInbox };
}

export type InquiryStatus = 'open' | 'closed';

export interface InquiryAnswer {
  readonly body: string;
  readonly answeredBy: string;
  readonly createdAt: number;
}

/** An inquiry as kept. */
export interface Inquiry extends InquiryInput {
  readonly uuid: string;
  readonly locale: string;
  readonly about: Omit<InquiryAbout, 'categories'>;
  readonly contactKey: string | null;
  readonly routedTo: string | null;
  readonly status: InquiryStatus;
  readonly createdAt: number;
  readonly closedAt: number | null;
}

export interface NewInquiry {
  readonly uuid: string;
  readonly locale: string;
  readonly about: InquiryAbout;
  readonly input: InquiryInput;
  readonly route: InquiryRoute;
  readonly now: number;
  /** Mail written in the same batch, only when the inquiry was kept: to the office, to the journalist. */
  readonly mails: readonly MailMessage[];
}

export interface InquiryStore {
  /** Contacts with an address, in contacts.yaml's order, with what they answer for. */
  inquiryContacts(): Promise<InquiryContact[]>;
  /**
   * Keeps the inquiry and writes its mails, unless the sender's mailbox has had
   * INQUIRY_MAILBOX_DAILY_LIMIT inquiries in the last 24 hours (one conditional batch: concurrent
   * posts cannot both pass). Returns whether it was kept.
   */
  record(inquiry: NewInquiry): Promise<'kept' | 'over-quota'>;
  /** Open first, by deadline (none last), then newest first. */
  list(limit: number): Promise<Inquiry[]>;
  find(uuid: string): Promise<{ inquiry: Inquiry; answers: InquiryAnswer[] } | null>;
  /** Keeps the answer and writes its mail in one batch; false when the inquiry is gone. */
  answer(uuid: string, answer: InquiryAnswer, mail: MailMessage): Promise<boolean>;
  /** Closes (or reopens) it; false when it is gone. */
  setStatus(uuid: string, status: InquiryStatus, now: number): Promise<boolean>;
  /** Deletes inquiries (and their answers) received before `before`; how many. */
  deleteReceivedBefore(before: number): Promise<number>;
}
