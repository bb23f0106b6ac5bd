/**
 * The distribution's reads and its one write (src/press-desk/distribute.ts) over D1, as statements
 * run by a StatementRunner: the worker's D1 binding (d1StatementRunner, for the operator view), or
 * the CLI's local or deployed database (scripts/cli/d1-database.ts), which answers the same two
 * calls. The press desk's store (./press-desk.ts) builds on it.
 */
import type { DistributedGroup, DistributedStory, DistributionStore, DistributionWrite, ListMember, MemberLink, PressSite } from '#src/domain/distribution';
import type { StoryStatus, StoryVisibility } from '#src/domain/story';
import { guardD1 } from './guard';
import { runAtomically } from './import-statements';
import type { ContactRow } from './rows';
import type { SqlStatement, StatementRunner } from './sql-statement';

export function d1StatementRunner(db: D1Database): StatementRunner {
  return {
    async query<T>(statement: SqlStatement) {
      return (await guardD1(() => db.prepare(statement.sql).bind(...statement.params).all<T>())).results;
    },
    write: (statements) => guardD1(() => runAtomically(db, statements)),
  };
}

interface SiteRow {
  uuid: string;
  url: string;
  display_name: string;
  timezone: string;
  languages: string;
  companies: string;
  contacts: string;
}

interface GroupRow {
  uuid: string;
  slug: string;
  locale: string;
  title: string;
  summary: string;
  status: StoryStatus;
  visibility: StoryVisibility;
  published_at: number;
  contact_keys: string;
  translation_group: string;
}

interface MemberRow {
  id: number | null;
  email: string | null;
  name: string | null;
  language: string | null;
  time_zone: string | null;
  leave_token: string | null;
}

interface LinkRow {
  story_uuid: string;
  journalist_id: number;
  token: string;
  revoked_at: number | null;
  mailed_at: number | null;
}

/** The newsroom, its languages, company names and contacts, in one statement (one round trip to a deployed database). */
export const PRESS_SITE_QUERY: SqlStatement = {
  sql: `SELECT n.uuid, n.url, n.display_name, n.timezone,
          (SELECT json_group_array(json_object('code', code, 'is_default', is_default, 'public_stories_count', public_stories_count))
            FROM (SELECT * FROM languages ORDER BY position)) AS languages,
          (SELECT json_group_object(locale, name) FROM company_information) AS companies,
          (SELECT json_group_array(json_object('key', c.key, 'name', c.name, 'description', c.description, 'company', c.company, 'email', c.email,
              'phone', c.phone, 'mobile', c.mobile, 'website', c.website,
              'locales', (SELECT json_group_array(cl.locale) FROM contact_locales cl WHERE cl.contact_id = c.id)))
            FROM (SELECT * FROM contacts ORDER BY position) c) AS contacts
        FROM newsroom n WHERE n.id = 1`,
  params: [],
};

/** The story with this slug (first) and its translations. */
export function distributedGroupQuery(slug: string): SqlStatement {
  return {
    sql: `SELECT s.uuid, s.slug, s.locale, s.title, s.summary, s.status, s.visibility, s.published_at, s.contact_keys, s.translation_group
          FROM stories me JOIN stories s ON s.translation_group = me.translation_group
          WHERE me.slug = ?1 ORDER BY s.id = me.id DESC, s.locale`,
    params: [slug],
  };
}

/** The list's journalists; one row of NULLs for an empty list, no row for an unknown one. */
export function listMembersQuery(list: string): SqlStatement {
  return {
    sql: `SELECT j.id, j.email, j.name, j.language, j.time_zone, j.leave_token
          FROM media_lists l LEFT JOIN media_list_members m ON m.list_id = l.id LEFT JOIN journalists j ON j.id = m.journalist_id
          WHERE l.name = ?1 ORDER BY j.name, j.email`,
    params: [list],
  };
}

export function storyLinksQuery(storyUuids: readonly string[]): SqlStatement {
  return {
    sql: `SELECT story_uuid, journalist_id, token, revoked_at, mailed_at FROM recipient_links
          WHERE story_uuid IN (SELECT value FROM json_each(?1))`,
    params: [JSON.stringify(storyUuids)],
  };
}

/** The statements of one distribution, in order: leave tokens, links, then each mail with its record. */
export function distributionStatements(write: DistributionWrite): SqlStatement[] {
  const group = JSON.stringify(write.groupStoryUuids);
  return [
    // A journalist who got a leave token meanwhile keeps theirs; a mail naming this one is then not written.
    ...write.leaveTokens.map(({ journalistId, secret }) => ({
      sql: 'UPDATE journalists SET leave_token = ?2, leave_token_hash = ?3 WHERE id = ?1 AND leave_token IS NULL',
      params: [journalistId, secret.token, secret.tokenHash],
    })),
    ...write.links.map(({ storyUuid, journalistEmail, secret }) => ({
      sql: `INSERT INTO recipient_links (story_uuid, journalist_id, token, token_hash, created_at)
            SELECT ?1, j.id, ?3, ?4, ?5 FROM journalists j WHERE j.email = ?2
            ON CONFLICT (story_uuid, journalist_id) DO NOTHING`,
      params: [storyUuid, journalistEmail, secret.token, secret.tokenHash, write.now],
    })),
    ...write.mails.flatMap(({ journalist, linkTokenHash, leaveTokenHash, mail }) => [
      // Only with the very link and leave token it holds, only if the journalist was not mailed
      // for this story group yet, and one mail per key.
      {
        sql: `INSERT INTO outbox (to_address, to_name, subject, text_body, headers, created_at, idempotency_key)
              SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7
              WHERE EXISTS (SELECT 1 FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id
                            WHERE l.token_hash = ?8 AND l.revoked_at IS NULL AND j.id = ?9 AND j.leave_token_hash = ?10)
                AND NOT EXISTS (SELECT 1 FROM recipient_links WHERE journalist_id = ?9 AND mailed_at IS NOT NULL AND story_uuid IN (SELECT value FROM json_each(?11)))
              ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
        params: [mail.to.email, mail.to.name ?? null, mail.subject, mail.text, JSON.stringify(mail.headers ?? {}), write.now, mail.idempotencyKey, linkTokenHash, journalist.id, leaveTokenHash, group],
      },
      {
        sql: `UPDATE recipient_links SET mailed_at = ?3
              WHERE token_hash = ?1 AND mailed_at IS NULL AND EXISTS (SELECT 1 FROM outbox WHERE idempotency_key = ?2 AND created_at = ?3)`,
        params: [linkTokenHash, mail.idempotencyKey, write.now],
      },
    ]),
  ];
}

export class D1DistributionStore implements DistributionStore {
  constructor(protected readonly db: StatementRunner) {}

  async site(): Promise<PressSite | null> {
    const [row] = await this.db.query<SiteRow>(PRESS_SITE_QUERY);
    if (!row) return null;
    const languages = (JSON.parse(row.languages) as { code: string; is_default: number; public_stories_count: number }[]).map((language) => ({ ...language, is_default: language.is_default === 1 }));
    if (languages.length === 0) return null;
    const companies = Object.fromEntries(Object.entries(JSON.parse(row.companies) as Record<string, string>).map(([locale, name]) => [locale, { name }]));
    return {
      newsroom: { uuid: row.uuid, url: row.url, display_name: row.display_name, timezone: row.timezone },
      languages,
      companies,
      // The nested list arrives as JSON already; a mail shows no avatar.
      contacts: (JSON.parse(row.contacts) as (Omit<ContactRow, 'locales' | 'avatar'> & { locales: string[] })[]).map((contact) => ({ ...contact, avatar: null })),
    };
  }

  async group(slug: string): Promise<DistributedGroup | null> {
    const rows = await this.db.query<GroupRow>(distributedGroupQuery(slug));
    const [first, ...rest] = rows.map((row): DistributedStory & { translation_group: string } => ({ ...row, contact_keys: JSON.parse(row.contact_keys) as string[] }));
    if (!first) return null;
    const strip = ({ translation_group: _group, ...story }: DistributedStory & { translation_group: string }): DistributedStory => story;
    return { translationGroup: first.translation_group, story: strip(first), translations: rest.map(strip) };
  }

  async members(list: string): Promise<ListMember[] | null> {
    const rows = await this.db.query<MemberRow>(listMembersQuery(list));
    if (rows.length === 0) return null;
    return rows.flatMap((row) => (row.id === null ? [] : [{ id: row.id, email: row.email!, name: row.name!, language: row.language!, timeZone: row.time_zone, leaveToken: row.leave_token }]));
  }

  async links(storyUuids: readonly string[]): Promise<MemberLink[]> {
    const rows = await this.db.query<LinkRow>(storyLinksQuery(storyUuids));
    return rows.map((row) => ({ storyUuid: row.story_uuid, journalistId: row.journalist_id, token: row.token, revoked: row.revoked_at !== null, mailedAt: row.mailed_at }));
  }

  async write(write: DistributionWrite): Promise<void> {
    await this.db.write(distributionStatements(write));
  }
}
