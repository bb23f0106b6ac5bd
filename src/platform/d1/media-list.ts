/**
 * The SQL of the media list (`npm run press`, migrations/0018_media_list.sql): journalists, the
 * named lists they are on, and their removal (by the office, or by the journalist through the
 * leave link of a press mail, migrations/0020_press_distribution.sql). Statements are plain data,
 * run by the press desk's store (./press-desk.ts) on the worker's binding, local D1 or, as a
 * script, the deployed database (like story-links.ts).
 */
import { PRESS_MAIL_KEY_PREFIX, type LeavingJournalist, type MediaListLeaveStore } from '#src/domain/distribution';
import type { Journalist } from '#src/domain/journalist';
import type { JournalistRecord } from '#src/domain/press-desk-ports';
import { guardD1 } from './guard';
import type { D1Queryable } from './sessions';
import type { SqlStatement } from './sql-statement';

export interface JournalistRow {
  readonly email: string;
  readonly name: string;
  readonly outlet: string;
  readonly language: string;
  readonly time_zone: string | null;
  /** The names of the lists they are on, as a JSON array. */
  readonly lists: string;
}

/** Adds the journalist, or brings their record up to date (one record per mailbox). */
export function upsertJournalistStatement(journalist: Journalist, now: number): SqlStatement {
  return {
    sql: `INSERT INTO journalists (email, name, outlet, language, time_zone, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
          ON CONFLICT (email) DO UPDATE SET name = excluded.name, outlet = excluded.outlet, language = excluded.language,
            time_zone = excluded.time_zone, updated_at = excluded.updated_at`,
    params: [journalist.email, journalist.name, journalist.outlet, journalist.language, journalist.timeZone, now],
  };
}

/** The list, made when it does not exist yet. */
export function ensureListStatement(name: string, now: number): SqlStatement {
  return { sql: 'INSERT INTO media_lists (name, created_at) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING', params: [name, now] };
}

/** Puts a journalist (by mailbox) on a list (by name); being on it already changes nothing. */
export function addToListStatement(email: string, list: string, now: number): SqlStatement {
  return {
    sql: `INSERT INTO media_list_members (list_id, journalist_id, added_at)
          SELECT l.id, j.id, ?3 FROM media_lists l, journalists j WHERE l.name = ?2 AND j.email = ?1
          ON CONFLICT DO NOTHING`,
    params: [email, list, now],
  };
}

export function removeFromListStatement(email: string, list: string): SqlStatement {
  return {
    sql: `DELETE FROM media_list_members WHERE list_id = (SELECT id FROM media_lists WHERE name = ?2)
          AND journalist_id = (SELECT id FROM journalists WHERE email = ?1)`,
    params: [email, list],
  };
}

/**
 * Deletes the journalist, every membership and every link of theirs with its openings (the
 * cascade, written out so it never depends on it), and press mail to them not sent yet.
 */
export function deleteJournalistStatements(email: string): SqlStatement[] {
  return [
    { sql: `DELETE FROM outbox WHERE sent_at IS NULL AND idempotency_key LIKE '${PRESS_MAIL_KEY_PREFIX}%' AND to_address = ?1`, params: [email] },
    { sql: 'DELETE FROM media_list_members WHERE journalist_id = (SELECT id FROM journalists WHERE email = ?1)', params: [email] },
    { sql: 'DELETE FROM recipient_links WHERE journalist_id = (SELECT id FROM journalists WHERE email = ?1)', params: [email] },
    { sql: 'DELETE FROM journalists WHERE email = ?1', params: [email] },
  ];
}

/** Deletes a list; its journalists stay (on their other lists, or on none). */
export function deleteListStatements(name: string): SqlStatement[] {
  return [
    { sql: 'DELETE FROM media_list_members WHERE list_id = (SELECT id FROM media_lists WHERE name = ?1)', params: [name] },
    { sql: 'DELETE FROM media_lists WHERE name = ?1', params: [name] },
  ];
}

const JOURNALIST_COLUMNS = `j.email, j.name, j.outlet, j.language, j.time_zone,
  (SELECT json_group_array(name) FROM (SELECT l.name FROM media_list_members m JOIN media_lists l ON l.id = m.list_id
    WHERE m.journalist_id = j.id ORDER BY l.name)) AS lists`;

/** Every journalist, or those on one list, by name then mailbox, each with their lists. */
export function journalistsQuery(list: string | null): SqlStatement {
  return {
    sql: `SELECT ${JOURNALIST_COLUMNS} FROM journalists j
          WHERE ?1 IS NULL OR j.id IN (SELECT m.journalist_id FROM media_list_members m JOIN media_lists l ON l.id = m.list_id WHERE l.name = ?1)
          ORDER BY j.name, j.email`,
    params: [list],
  };
}

/** The journalists of these mailboxes, each with their lists (one query, whatever their number). */
export function journalistsByEmailQuery(emails: readonly string[]): SqlStatement {
  return { sql: `SELECT ${JOURNALIST_COLUMNS} FROM journalists j WHERE j.email IN (SELECT value FROM json_each(?1)) ORDER BY j.name, j.email`, params: [JSON.stringify(emails)] };
}

/** A row of journalistsQuery as the media list's record. */
export function journalistRecordOf(row: JournalistRow): JournalistRecord {
  return { email: row.email, name: row.name, outlet: row.outlet, language: row.language, timeZone: row.time_zone, lists: JSON.parse(row.lists) as string[] };
}

/** How many press mails to this mailbox wait in the outbox. */
export function unsentPressMailQuery(email: string): SqlStatement {
  return { sql: `SELECT count(*) AS mails FROM outbox WHERE sent_at IS NULL AND idempotency_key LIKE '${PRESS_MAIL_KEY_PREFIX}%' AND to_address = ?1`, params: [email] };
}

export const MEDIA_LISTS_QUERY: SqlStatement = {
  sql: `SELECT l.name, count(m.journalist_id) AS members FROM media_lists l LEFT JOIN media_list_members m ON m.list_id = l.id
        GROUP BY l.id ORDER BY l.name`,
  params: [],
};

/** Everything of the journalist whose leave link has this hash: mail to them not sent yet, memberships, links and openings, their record. */
export function leaveStatements(leaveTokenHash: string): SqlStatement[] {
  const journalist = '(SELECT id FROM journalists WHERE leave_token_hash = ?1)';
  return [
    {
      sql: `DELETE FROM outbox WHERE sent_at IS NULL AND idempotency_key LIKE '${PRESS_MAIL_KEY_PREFIX}%'
            AND to_address = (SELECT email FROM journalists WHERE leave_token_hash = ?1)`,
      params: [leaveTokenHash],
    },
    { sql: `DELETE FROM media_list_members WHERE journalist_id = ${journalist}`, params: [leaveTokenHash] },
    { sql: `DELETE FROM recipient_links WHERE journalist_id = ${journalist}`, params: [leaveTokenHash] },
    { sql: 'DELETE FROM journalists WHERE leave_token_hash = ?1', params: [leaveTokenHash] },
  ];
}

/** Leaving the media list from a press mail's link, for the worker (src/routes/press-leave.tsx). */
export class D1MediaListLeaveStore implements MediaListLeaveStore {
  constructor(private readonly db: D1Queryable) {}

  async findByLeaveToken(tokenHash: string): Promise<LeavingJournalist | null> {
    const row = await guardD1(() =>
      this.db.prepare('SELECT email, name, language, leave_token FROM journalists WHERE leave_token_hash = ?1').bind(tokenHash).first<{ email: string; name: string; language: string; leave_token: string }>(),
    );
    return row ? { email: row.email, name: row.name, language: row.language, leaveToken: row.leave_token } : null;
  }

  async leave(tokenHash: string): Promise<boolean> {
    const results = await guardD1(() => this.db.batch(leaveStatements(tokenHash).map((statement) => this.db.prepare(statement.sql).bind(...statement.params))));
    return (results.at(-1)?.meta.changes ?? 0) > 0;
  }
}
