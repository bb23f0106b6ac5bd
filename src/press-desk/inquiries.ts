/**
 * The inquiry inbox's work (docs/decisions/0054-the-inquiry-inbox.md), called by the portal's
 * inquiry post (src/routes/privacy-portal/inquiry.ts), the office view (src/admin/press/) and
 * `npm run inquiries` (scripts/cli/inquiries.ts), over the store port (src/domain/inquiry.ts):
 *
 * - submit: route the inquiry to the contact responsible for its language and category (else the
 *   newsroom's default inbox), keep it, and write two mails in the same batch: to the contact,
 *   with `Reply-To` the journalist, and to the journalist, in their language, naming who answers;
 * - answer: mail the office's answer to the journalist (Reply-To the contact's inbox) and keep it;
 * - close or reopen; list; export as CSV.
 *
 * Every mail is plain text: nothing a journalist typed becomes markup or a header line (their
 * address is a checked plain one; the subject is one line).
 */
import type { Inquiry, InquiryAbout, InquiryInput, InquiryRoute, InquiryStatus, InquiryStore } from '#src/domain/inquiry';
import { INQUIRY_LIMITS, routeInquiry } from '#src/domain/inquiry';
import type { MailMessage } from '#src/domain/mail-ports';
import { formatMessage, messagesFor } from '#src/i18n/translate';

/** One line, without control characters: what a mail's subject may carry of a stranger's text. */
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export interface InquirySubmission {
  readonly locale: string;
  readonly about: InquiryAbout;
  readonly input: InquiryInput;
  /** The newsroom's name in the inquiry's language. */
  readonly newsroom: string;
  /** INQUIRY_INBOX: where an inquiry no contact answers for goes (null: nobody is mailed). */
  readonly defaultInbox: string | null;
  /** Where the office answers it (the office view's address on the site), for the contact's mail. */
  readonly officeLink: (uuid: string) => string;
  readonly now: number;
  readonly uuid: string;
}

/** The mail to the responsible contact (or the default inbox): in English, the office's language, Reply-To the journalist. */
function officeMail(submission: InquirySubmission, route: InquiryRoute & { email: string }): MailMessage {
  const { input, about } = submission;
  const concerning = about.kind === 'newsroom' ? 'the newsroom' : `the ${about.kind} "${about.title}" (${about.path})`;
  const lines = [
    `A journalist asks the press office about ${concerning}, in ${submission.locale}.`,
    '',
    `From: ${input.name} <${input.email}>${input.outlet ? `, ${input.outlet}` : ''}`,
    `Deadline: ${input.deadline ?? 'none given'}`,
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Reply to this mail to answer the journalist, or answer it in the office view: ${submission.officeLink(submission.uuid)}`,
  ];
  return {
    to: route.name ? { email: route.email, name: route.name } : { email: route.email },
    subject: oneLine(`Inquiry: ${input.subject}`).slice(0, INQUIRY_LIMITS.subject + 10),
    text: lines.join('\n'),
    headers: { 'Reply-To': input.email },
  };
}

/** The journalist's confirmation, in their language, naming who will answer. */
function confirmationMail(submission: InquirySubmission, route: InquiryRoute): MailMessage {
  const { locale, input } = submission;
  const messages = messagesFor(locale);
  const contact = route.name ?? formatMessage(locale, messages, 'inquiry.press_office', { name: submission.newsroom });
  return {
    to: { email: input.email, name: oneLine(input.name) },
    subject: oneLine(formatMessage(locale, messages, 'inquiry.mail_subject', { subject: oneLine(input.subject) })),
    text: formatMessage(locale, messages, 'inquiry.mail_body', { name: input.name, newsroom: submission.newsroom, contact, subject: input.subject, message: input.message }),
    ...(route.email ? { headers: { 'Reply-To': route.email } } : {}),
  };
}

/** Routes, keeps and mails an inquiry; `over-quota` when its sender has sent their share for the day (nothing is kept or mailed). */
export async function submitInquiry(store: InquiryStore, submission: InquirySubmission): Promise<{ outcome: 'kept' | 'over-quota'; route: InquiryRoute }> {
  const contacts = await store.inquiryContacts();
  const route = routeInquiry(contacts, submission.locale, submission.about.categories, submission.defaultInbox);
  const mails = [...(route.email ? [officeMail(submission, { ...route, email: route.email })] : []), confirmationMail(submission, route)];
  const outcome = await store.record({ uuid: submission.uuid, locale: submission.locale, about: submission.about, input: submission.input, route, now: submission.now, mails });
  return { outcome, route };
}

export type AnswerOutcome = 'answered' | 'empty' | 'not-found';

/** Mails the office's answer to the journalist, in a mail of the inquiry's thread, and keeps it. */
export async function answerInquiry(store: InquiryStore, uuid: string, body: string, answeredBy: string, now: number): Promise<AnswerOutcome> {
  const text = body.trim().slice(0, INQUIRY_LIMITS.answer);
  if (text === '') return 'empty';
  const found = await store.find(uuid);
  if (!found) return 'not-found';
  const { inquiry } = found;
  const messages = messagesFor(inquiry.locale);
  const mail: MailMessage = {
    to: { email: inquiry.email, name: oneLine(inquiry.name) },
    subject: oneLine(formatMessage(inquiry.locale, messages, 'inquiry.answer_subject', { subject: oneLine(inquiry.subject) })),
    text: `${text}\n\n> ${inquiry.message.split('\n').join('\n> ')}`,
    ...(inquiry.routedTo ? { headers: { 'Reply-To': inquiry.routedTo } } : {}),
  };
  return (await store.answer(uuid, { body: text, answeredBy, createdAt: now }, mail)) ? 'answered' : 'not-found';
}

export async function setInquiryStatus(store: InquiryStore, uuid: string, status: InquiryStatus, now: number): Promise<boolean> {
  return store.setStatus(uuid, status, now);
}

/** The inquiries, open first by deadline. */
export const listInquiries = (store: Pick<InquiryStore, 'list'>, limit = 500): Promise<Inquiry[]> => store.list(limit);

export const CSV_COLUMNS = ['received_at', 'status', 'deadline', 'locale', 'about', 'about_title', 'name', 'email', 'outlet', 'subject', 'message', 'routed_to', 'uuid'] as const;

/** A CSV cell: quoted, and a leading formula character neutralised, so a spreadsheet runs nothing a stranger wrote. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The inquiries as CSV (RFC 4180, CRLF line ends), a header row first. */
export function inquiriesCsv(inquiries: readonly Inquiry[]): string {
  const rows = inquiries.map((inquiry) =>
    [
      new Date(inquiry.createdAt * 1000).toISOString(),
      inquiry.status,
      inquiry.deadline ?? '',
      inquiry.locale,
      inquiry.about.kind,
      inquiry.about.title,
      inquiry.name,
      inquiry.email,
      inquiry.outlet,
      inquiry.subject,
      inquiry.message,
      inquiry.routedTo ?? '',
      inquiry.uuid,
    ]
      .map(cell)
      .join(','),
  );
  return [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}
