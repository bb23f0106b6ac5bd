/**
 * Recipients' file addresses (migrations/0022_recipient_files.sql,
 * docs/decisions/0053-files-that-name-their-recipient.md): the worker finds the story behind a
 * file key, keeps a link's file key hash the first time its page is shown, and counts each
 * download per (link, file). The press desk names whose a file address is and lists the
 * downloads with the statements below, through its store (./press-desk.ts).
 */
import type { RecipientFileStore, RecipientFilesStory } from '#src/domain/recipient-files';
import type { SqlStatement } from './sql-statement';
import { recipientFilesStoryStatements, toRecipientStory } from './story-page-queries';

export class D1RecipientFileStore implements RecipientFileStore {
  constructor(private readonly db: D1Database | D1DatabaseSession) {}

  async storyOfFileKey(fileKeyHash: string): Promise<RecipientFilesStory | null> {
    const found = toRecipientStory(await this.db.batch(recipientFilesStoryStatements(this.db, fileKeyHash)));
    return found ? { story: found.story, linkId: found.linkId } : null;
  }

  async keepFileKey(linkId: number, fileKeyHash: string): Promise<void> {
    await this.db.prepare('UPDATE recipient_links SET file_key_hash = ?2 WHERE id = ?1 AND file_key_hash IS NULL').bind(linkId, fileKeyHash).run();
  }

  async recordDownload(linkId: number, file: string, at: number): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO recipient_file_downloads (link_id, file, first_at, last_at, download_count) VALUES (?1, ?2, ?3, ?3, 1)
         ON CONFLICT (link_id, file) DO UPDATE SET last_at = excluded.last_at, download_count = download_count + 1`,
      )
      .bind(linkId, file, at)
      .run();
  }
}

/** Whose file key this hash is: the journalist, the story, and the link's state (a row of RecipientOfFile). */
export function recipientOfFileKeyQuery(fileKeyHash: string): SqlStatement {
  return {
    sql: `SELECT l.id AS link_id, j.email, j.name, j.outlet, s.slug, s.title, s.locale, l.revoked_at
          FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id JOIN stories s ON s.uuid = l.story_uuid
          WHERE l.file_key_hash = ?1`,
    params: [fileKeyHash],
  };
}

/** The downloads through one link, per file (rows of FileDownloads). */
export function fileDownloadsQuery(linkId: number): SqlStatement {
  return { sql: 'SELECT file, first_at, last_at, download_count FROM recipient_file_downloads WHERE link_id = ?1 ORDER BY file', params: [linkId] };
}

/** A link's downloads in one row: how many, first and last (columns of LinkDownloads), for a `recipient_links l` in the query. */
export const LINK_DOWNLOAD_COLUMNS = `(SELECT coalesce(sum(d.download_count), 0) FROM recipient_file_downloads d WHERE d.link_id = l.id) AS download_count,
  (SELECT min(d.first_at) FROM recipient_file_downloads d WHERE d.link_id = l.id) AS first_download_at,
  (SELECT max(d.last_at) FROM recipient_file_downloads d WHERE d.link_id = l.id) AS last_download_at`;
