/**
 * The press office's inquiry inbox (/admin/press/inquiries, docs/decisions/0054-the-inquiry-inbox.md):
 * the list (open first, by deadline) and one inquiry with the story it concerns, its answers, a
 * form to answer it by mail and a button to close (or reopen) it. Server-rendered, no JavaScript:
 * plain forms that post and come back. Everything a journalist wrote is shown as text (React
 * escapes it), in its own language, and an address in it is never a link.
 */
import { INQUIRIES_PATH, inquiryPath } from '#src/domain/inquiry';
import type { Inquiry, InquiryAnswer } from '#src/domain/inquiry';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { formatOfficeTime } from './office-time';
import { OfficeDocument, PRESS_OFFICE_PATH } from './press-office-page';

export const answerPath = (uuid: string) => `${inquiryPath(uuid)}/answer`;
export const statusPath = (uuid: string) => `${inquiryPath(uuid)}/status`;

export type InquiryNotice = 'answered' | 'closed' | 'reopened' | 'empty' | 'not-found' | null;

const NOTICES: Record<Exclude<InquiryNotice, null>, [string, 'done' | 'refused']> = {
  answered: ['The answer was mailed to the journalist and kept with the inquiry.', 'done'],
  closed: ['The inquiry is closed.', 'done'],
  reopened: ['The inquiry is open again.', 'done'],
  empty: ['Nothing was sent: the answer was empty.', 'refused'],
  'not-found': ['That inquiry no longer exists (deleted after its retention period?).', 'refused'],
};

export function readInquiryNotice(value: string | undefined): InquiryNotice {
  return value && value in NOTICES ? (value as InquiryNotice) : null;
}

const inLanguage = (locale: string) => ({ lang: toBcp47(locale), dir: textDirection(locale) });

function Notice({ notice }: { notice: InquiryNotice }) {
  if (!notice) return null;
  const [text, tone] = NOTICES[notice];
  return (
    <p className={`notice notice-${tone}`} role="status">
      {text}
    </p>
  );
}

function aboutText(inquiry: Inquiry): string {
  return inquiry.about.kind === 'newsroom' ? 'The newsroom' : `${inquiry.about.kind === 'story' ? 'Story' : 'Gallery'}: ${inquiry.about.title}`;
}

export interface InquiriesModel {
  readonly inquiries: readonly Inquiry[];
  readonly timeZone: string;
  readonly signedInAs: string;
  readonly retentionDays: number;
  readonly notice: InquiryNotice;
}

export function InquiriesPage({ model }: { model: InquiriesModel }) {
  const open = model.inquiries.filter((inquiry) => inquiry.status === 'open').length;
  return (
    <OfficeDocument title="Inquiries · Press office">
      <header>
        <h1>Inquiries</h1>
        <p className="help">
          Signed in as {model.signedInAs}. Journalists' questions from the site, open first by deadline. Each is deleted {model.retentionDays} days after it arrived (the privacy
          policy says so). <a href={PRESS_OFFICE_PATH}>Back to the press office</a>. Export: <code>npm run inquiries -- export</code>.
        </p>
      </header>
      <Notice notice={model.notice} />
      <table>
        <caption>
          {open} open, {model.inquiries.length - open} closed
        </caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Deadline</th>
            <th scope="col">Subject</th>
            <th scope="col">From</th>
            <th scope="col">About</th>
            <th scope="col">Routed to</th>
            <th scope="col">Received</th>
          </tr>
        </thead>
        <tbody>
          {model.inquiries.map((inquiry) => (
            <tr key={inquiry.uuid}>
              <td>{inquiry.status}</td>
              <td>{inquiry.deadline ?? '—'}</td>
              <td {...inLanguage(inquiry.locale)}>
                <a href={inquiryPath(inquiry.uuid)}>{inquiry.subject}</a>
              </td>
              <td>
                {inquiry.name}
                {inquiry.outlet ? `, ${inquiry.outlet}` : ''}
              </td>
              <td {...inLanguage(inquiry.locale)}>{aboutText(inquiry)}</td>
              <td>{inquiry.routedTo ?? 'nobody (no contact, no INQUIRY_INBOX)'}</td>
              <td>{formatOfficeTime(inquiry.createdAt, model.timeZone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </OfficeDocument>
  );
}

export interface InquiryModel {
  readonly inquiry: Inquiry;
  readonly answers: readonly InquiryAnswer[];
  readonly timeZone: string;
  readonly notice: InquiryNotice;
  /** The story's address on the site, when it is about a story or a gallery. */
  readonly aboutHref: string | null;
}

export function InquiryPage({ model }: { model: InquiryModel }) {
  const { inquiry } = model;
  return (
    <OfficeDocument title={`Inquiry · Press office`}>
      <header>
        <p>
          <a href={INQUIRIES_PATH}>All inquiries</a>
        </p>
        <h1 {...inLanguage(inquiry.locale)}>{inquiry.subject}</h1>
      </header>
      <Notice notice={model.notice} />
      <table>
        <tbody>
          <tr>
            <th scope="row">Status</th>
            <td>{inquiry.status === 'closed' && inquiry.closedAt ? `closed ${formatOfficeTime(inquiry.closedAt, model.timeZone)}` : inquiry.status}</td>
          </tr>
          <tr>
            <th scope="row">From</th>
            <td>
              {inquiry.name} &lt;{inquiry.email}&gt;{inquiry.outlet ? `, ${inquiry.outlet}` : ''}
            </td>
          </tr>
          <tr>
            <th scope="row">Deadline</th>
            <td>{inquiry.deadline ?? 'none given'}</td>
          </tr>
          <tr>
            <th scope="row">About</th>
            <td {...inLanguage(inquiry.locale)}>
              {aboutText(inquiry)}
              {model.aboutHref ? (
                <>
                  {' '}
                  (<a href={model.aboutHref}>{inquiry.about.path}</a>)
                </>
              ) : null}
            </td>
          </tr>
          <tr>
            <th scope="row">Language</th>
            <td>{inquiry.locale}</td>
          </tr>
          <tr>
            <th scope="row">Routed to</th>
            <td>{inquiry.routedTo ?? 'nobody'}</td>
          </tr>
          <tr>
            <th scope="row">Received</th>
            <td>{formatOfficeTime(inquiry.createdAt, model.timeZone)}</td>
          </tr>
        </tbody>
      </table>
      <h2>Message</h2>
      {/* Text only: React escapes it, and nothing in it is made a link. */}
      <pre className="inquiry-message" {...inLanguage(inquiry.locale)}>
        {inquiry.message}
      </pre>
      <h2>Answers</h2>
      {model.answers.length === 0 ? <p>No answer yet.</p> : null}
      {model.answers.map((answer, index) => (
        <article key={index} className="inquiry-answer">
          <p className="help">
            {answer.answeredBy}, {formatOfficeTime(answer.createdAt, model.timeZone)}
          </p>
          <pre>{answer.body}</pre>
        </article>
      ))}
      <form method="post" action={answerPath(inquiry.uuid)}>
        <fieldset>
          <legend>Answer by mail to {inquiry.email}</legend>
          <label>
            Answer <textarea name="answer" rows={8} cols={80} required maxLength={10_000} />
          </label>
          <p>
            <button type="submit">Send the answer</button>
          </p>
        </fieldset>
      </form>
      <form method="post" action={statusPath(inquiry.uuid)}>
        <input type="hidden" name="status" value={inquiry.status === 'open' ? 'closed' : 'open'} />
        <button type="submit">{inquiry.status === 'open' ? 'Close the inquiry' : 'Reopen the inquiry'}</button>
      </form>
    </OfficeDocument>
  );
}
