/**
 * Recipients' secret links (migrations/0019_recipient_links.sql): the worker counts their
 * openings (D1RecipientLinkStore); the press desk (`npm run share -- <slug> --to|--list|--revoke
 * <email>` and the office view) makes, lists and revokes them with the statements below, through
 * its store (./press-desk.ts).
 */
import type { RecipientLinkStore } from '#src/domain/ports';
import type { NewStoryLink } from './import-statements';
import type { SqlStatement } from './sql-statement';
import { LINK_DOWNLOAD_COLUMNS } from './recipient-files';

export class D1RecipientLinkStore implements RecipientLinkStore {
  constructor(private readonly db: D1Database | D1DatabaseSession) {}

  async recordOpening(linkId: number, at: number, agentBit: number): Promise<void> {
    await this.db
      .prepare(
        `UPDATE recipient_links SET open_count = open_count + 1, first_opened_at = coalesce(first_opened_at, ?2), last_opened_at = ?2,
           agent_bits = agent_bits | (1 << ?3) WHERE id = ?1 AND revoked_at IS NULL`,
      )
      .bind(linkId, at, agentBit)
      .run();
  }

  async deleteLinksOfStoriesPublicBefore(cutoff: number): Promise<number> {
    // Scans recipient_links (a few rows per embargoed story), each looked up by the story's uuid.
    const result = await this.db
      .prepare(
        `DELETE FROM recipient_links WHERE EXISTS (SELECT 1 FROM stories s WHERE s.uuid = recipient_links.story_uuid
           AND s.status = 'published' AND s.visibility = 'public' AND s.published_at < ?1)`,
      )
      .bind(cutoff)
      .run();
    return result.meta.changes ?? 0;
  }
}

/** A recipient's link to one story (a new one, or theirs already: their link stays as it was). */
export function ensureRecipientLinkStatement(storyUuid: string, email: string, link: NewStoryLink, now: number): SqlStatement {
  return {
    sql: `INSERT INTO recipient_links (story_uuid, journalist_id, token, token_hash, created_at)
          SELECT ?1, j.id, ?3, ?4, ?5 FROM journalists j WHERE j.email = ?2
          ON CONFLICT (story_uuid, journalist_id) DO NOTHING`,
    params: [storyUuid, email, link.token, link.tokenHash, now],
  };
}

/** Every recipient's link to the story with this slug and to its translations, by recipient then language, with their downloads (rows of RecipientLinkRecord). */
export function recipientLinksQuery(slug: string): SqlStatement {
  return {
    sql: `SELECT j.email, j.name, s.locale, s.slug, l.token, l.revoked_at, l.first_opened_at, l.last_opened_at, l.open_count, l.agent_bits, ${LINK_DOWNLOAD_COLUMNS}
          FROM stories me JOIN stories s ON s.translation_group = me.translation_group
          JOIN recipient_links l ON l.story_uuid = s.uuid JOIN journalists j ON j.id = l.journalist_id
          WHERE me.slug = ?1 ORDER BY j.name, j.email, s.id = me.id DESC, s.locale`,
    params: [slug],
  };
}

/** Revokes one recipient's links to the story with this slug and its translations (their records stay). */
export function revokeRecipientStatement(slug: string, email: string, now: number): SqlStatement {
  return {
    sql: `UPDATE recipient_links SET revoked_at = ?3
          WHERE revoked_at IS NULL AND journalist_id = (SELECT id FROM journalists WHERE email = ?2)
            AND story_uuid IN (SELECT s.uuid FROM stories me JOIN stories s ON s.translation_group = me.translation_group WHERE me.slug = ?1)`,
    params: [slug, email, now],
  };
}
