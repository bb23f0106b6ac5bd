/**
 * The inquiry inbox over D1 (docs/decisions/0054-the-inquiry-inbox.md): an inquiry, its quota
 * and its mails in one batch (the quota is a condition of the INSERT, and each mail depends on
 * the inquiry's row, so a spent quota writes nothing at all); the office view's list, answers and
 * closing; the cron's deletion by age. A D1 failure is an UnavailableError (./guard.ts).
 */
import type { Inquiry, InquiryAnswer, InquiryContact, InquiryStatus, InquiryStore, NewInquiry, Responsibility } from '#src/domain/inquiry';
import { INQUIRY_MAILBOX_DAILY_LIMIT, INQUIRY_WINDOW_SECONDS } from '#src/domain/inquiry';
import type { MailMessage } from '#src/domain/mail-ports';
import { guardD1 } from './guard';
import type { StatementRunner } from './sql-statement';
import type { D1Queryable } from './sessions';

interface InquiryRow {
  uuid: string;
  locale: string;
  about_kind: 'story' | 'gallery' | 'newsroom';
  about_uuid: string | null;
  about_title: string;
  about_path: string;
  name: string;
  email: string;
  mailbox: string;
  outlet: string;
  subject: string;
  message: string;
  deadline: string | null;
  contact_key: string | null;
  routed_to: string | null;
  status: InquiryStatus;
  created_at: number;
  closed_at: number | null;
}

const COLUMNS = 'uuid, locale, about_kind, about_uuid, about_title, about_path, name, email, mailbox, outlet, subject, message, deadline, contact_key, routed_to, status, created_at, closed_at';

function toInquiry(row: InquiryRow): Inquiry {
  return {
    uuid: row.uuid,
    locale: row.locale,
    about: { kind: row.about_kind, uuid: row.about_uuid, title: row.about_title, path: row.about_path },
    name: row.name,
    email: row.email,
    mailbox: row.mailbox,
    outlet: row.outlet,
    subject: row.subject,
    message: row.message,
    deadline: row.deadline,
    contactKey: row.contact_key,
    routedTo: row.routed_to,
    status: row.status,
    createdAt: row.created_at,
    closedAt: row.closed_at,
  };
}

/** Open first, by deadline (none last), then newest first. */
const LIST_SQL = `SELECT ${COLUMNS} FROM inquiries ORDER BY status = 'closed', deadline IS NULL, deadline, created_at DESC LIMIT ?1`;

/** The inquiries for `npm run inquiries`, over the CLIs' database (local D1, or the deployed one through wrangler). */
export class SqlInquiryReader implements Pick<InquiryStore, 'list'> {
  constructor(private readonly db: Pick<StatementRunner, 'query'>) {}

  async list(limit: number): Promise<Inquiry[]> {
    return (await this.db.query<InquiryRow>({ sql: LIST_SQL, params: [limit] })).map(toInquiry);
  }
}

function responsibilityOf(json: string): Responsibility | null {
  if (!json) return null;
  try {
    const parsed = JSON.parse(json) as Partial<Responsibility>;
    return { languages: parsed.languages ?? [], categories: parsed.categories ?? [] };
  } catch {
    return null;
  }
}

export class D1InquiryStore implements InquiryStore {
  constructor(private readonly db: D1Queryable) {}

  private mailStatement(mail: MailMessage, now: number, condition: string, ...params: (string | number)[]): D1PreparedStatement {
    return this.db
      .prepare(`INSERT INTO outbox (to_address, to_name, subject, text_body, headers, created_at) SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE ${condition}`)
      .bind(mail.to.email, mail.to.name ?? null, mail.subject, mail.text, JSON.stringify(mail.headers ?? {}), now, ...params);
  }

  async inquiryContacts(): Promise<InquiryContact[]> {
    const result = await guardD1(() =>
      this.db.prepare(`SELECT key, name, email, responsible_for FROM contacts WHERE email IS NOT NULL AND email <> '' ORDER BY position`).all<{ key: string; name: string; email: string; responsible_for: string }>(),
    );
    return result.results.map((row) => ({ key: row.key, name: row.name, email: row.email, responsibleFor: responsibilityOf(row.responsible_for) }));
  }

  async record(inquiry: NewInquiry): Promise<'kept' | 'over-quota'> {
    const { input, about, route, now } = inquiry;
    const kept = 'EXISTS (SELECT 1 FROM inquiries WHERE uuid = ?7)';
    const results = await guardD1(() =>
      this.db.batch([
        this.db
          .prepare(
            `INSERT INTO inquiries (uuid, locale, about_kind, about_uuid, about_title, about_path, name, email, mailbox, outlet, subject, message, deadline, contact_key, routed_to, created_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16
             WHERE (SELECT count(*) FROM inquiries WHERE mailbox = ?9 AND created_at > ?16 - ${INQUIRY_WINDOW_SECONDS}) < ${INQUIRY_MAILBOX_DAILY_LIMIT}`,
          )
          .bind(inquiry.uuid, inquiry.locale, about.kind, about.uuid, about.title, about.path, input.name, input.email, input.mailbox, input.outlet, input.subject, input.message, input.deadline, route.contactKey, route.email, now),
        ...inquiry.mails.map((mail) => this.mailStatement(mail, now, kept, inquiry.uuid)),
      ]),
    );
    return (results[0]?.meta.changes ?? 0) > 0 ? 'kept' : 'over-quota';
  }

  async list(limit: number): Promise<Inquiry[]> {
    const result = await guardD1(() => this.db.prepare(LIST_SQL).bind(limit).all<InquiryRow>());
    return result.results.map(toInquiry);
  }

  async find(uuid: string): Promise<{ inquiry: Inquiry; answers: InquiryAnswer[] } | null> {
    const [inquiry, answers] = await guardD1(() =>
      this.db.batch([
        this.db.prepare(`SELECT ${COLUMNS} FROM inquiries WHERE uuid = ?1`).bind(uuid),
        this.db.prepare('SELECT a.body, a.answered_by, a.created_at FROM inquiry_answers a JOIN inquiries i ON i.id = a.inquiry_id WHERE i.uuid = ?1 ORDER BY a.id').bind(uuid),
      ]),
    );
    const row = (inquiry!.results as InquiryRow[])[0];
    if (!row) return null;
    const rows = answers!.results as { body: string; answered_by: string; created_at: number }[];
    return { inquiry: toInquiry(row), answers: rows.map((answer) => ({ body: answer.body, answeredBy: answer.answered_by, createdAt: answer.created_at })) };
  }

  async answer(uuid: string, answer: InquiryAnswer, mail: MailMessage): Promise<boolean> {
    const results = await guardD1(() =>
      this.db.batch([
        this.db
          .prepare('INSERT INTO inquiry_answers (inquiry_id, body, answered_by, created_at) SELECT id, ?2, ?3, ?4 FROM inquiries WHERE uuid = ?1')
          .bind(uuid, answer.body, answer.answeredBy, answer.createdAt),
        this.mailStatement(mail, answer.createdAt, 'EXISTS (SELECT 1 FROM inquiries WHERE uuid = ?7)', uuid),
      ]),
    );
    return (results[0]?.meta.changes ?? 0) > 0;
  }

  async setStatus(uuid: string, status: InquiryStatus, now: number): Promise<boolean> {
    const result = await guardD1(() =>
      this.db
        .prepare('UPDATE inquiries SET status = ?2, closed_at = ?3 WHERE uuid = ?1')
        .bind(uuid, status, status === 'closed' ? now : null)
        .run(),
    );
    return result.meta.changes > 0;
  }

  async deleteReceivedBefore(before: number): Promise<number> {
    const [, deleted] = await guardD1(() =>
      this.db.batch([
        this.db.prepare('DELETE FROM inquiry_answers WHERE inquiry_id IN (SELECT id FROM inquiries WHERE created_at < ?1)').bind(before),
        this.db.prepare('DELETE FROM inquiries WHERE created_at < ?1').bind(before),
      ]),
    );
    return deleted?.meta.changes ?? 0;
  }
}
