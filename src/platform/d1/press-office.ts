/**
 * The press office view's pages over D1 (src/domain/press-office-ports.ts): one batch a page. What
 * the office changes goes through the press desk's store (./press-desk.ts).
 *
 * The stories not public are found by a scan of `stories` (no index holds "not public"): the
 * view is opened by a few people now and then, and a partial index would cost every import.
 */
import type { JournalistRecord, MediaListSummary } from '#src/domain/press-desk-ports';
import type { OfficeAlertRow, OfficeFileDownloadRow, OfficeMailRow, OfficeRecipientLinkRow, OfficeStoryRow, PressOfficeSnapshot, PressOfficeStore } from '#src/domain/press-office-ports';
import { guardD1 } from './guard';
import { journalistRecordOf, journalistsQuery, MEDIA_LISTS_QUERY, type JournalistRow } from './media-list';
import type { SqlStatement } from './sql-statement';

/** The translation groups that hold a story not public (published and public is the only public state). */
const NON_PUBLIC_GROUPS = `SELECT translation_group FROM stories WHERE NOT (status = 'published' AND visibility = 'public')`;

export class D1PressOffice implements PressOfficeStore {
  constructor(private readonly db: D1Database) {}

  private prepare(statement: SqlStatement): D1PreparedStatement {
    return this.db.prepare(statement.sql).bind(...statement.params);
  }

  async snapshot(limits: { readonly alerts: number; readonly mails: number }): Promise<PressOfficeSnapshot | null> {
    const [newsroom, stories, links, downloads, lists, alerts, mails] = await guardD1(() =>
      this.db.batch<unknown>([
        this.db.prepare(`SELECT n.timezone, (SELECT code FROM languages ORDER BY is_default DESC, position LIMIT 1) AS default_locale FROM newsroom n WHERE n.id = 1`),
        this.db.prepare(
          `SELECT uuid, translation_group, slug, locale, title, status, visibility, published_at FROM stories
           WHERE translation_group IN (${NON_PUBLIC_GROUPS}) ORDER BY translation_group, locale`,
        ),
        this.db.prepare(
          `SELECT l.story_uuid, j.email, j.name, j.outlet, j.language, l.revoked_at, l.first_opened_at, l.last_opened_at, l.open_count, l.agent_bits
           FROM recipient_links l JOIN journalists j ON j.id = l.journalist_id
           WHERE l.story_uuid IN (SELECT uuid FROM stories WHERE translation_group IN (${NON_PUBLIC_GROUPS}))
           ORDER BY j.name, j.email`,
        ),
        // Downloads through the same links' file addresses (ADR 0053), per link and file.
        this.db.prepare(
          `SELECT l.story_uuid, j.email, d.file, d.first_at, d.last_at, d.download_count
           FROM recipient_file_downloads d JOIN recipient_links l ON l.id = d.link_id JOIN journalists j ON j.id = l.journalist_id
           WHERE l.story_uuid IN (SELECT uuid FROM stories WHERE translation_group IN (${NON_PUBLIC_GROUPS}))
           ORDER BY l.id, d.file`,
        ),
        this.prepare(MEDIA_LISTS_QUERY),
        this.db
          .prepare(
            `SELECT e.story_uuid, s.title, s.locale, e.live_at, e.alerts, e.alerts_done_at,
               (SELECT count(*) FROM alert_deliveries d WHERE d.story_uuid = e.story_uuid AND d.status = 'sent') AS sent,
               (SELECT count(*) FROM alert_deliveries d WHERE d.story_uuid = e.story_uuid AND d.status = 'sending') AS sending,
               (SELECT count(*) FROM alert_deliveries d WHERE d.story_uuid = e.story_uuid AND d.status = 'failed') AS failed
             FROM publish_events e LEFT JOIN stories s ON s.uuid = e.story_uuid ORDER BY e.id DESC LIMIT ?1`,
          )
          .bind(limits.alerts),
        this.db.prepare('SELECT id, to_address, to_name, subject, created_at, sent_at, failed_at FROM outbox ORDER BY id DESC LIMIT ?1').bind(limits.mails),
      ]),
    );
    const site = (newsroom!.results as { timezone: string; default_locale: string | null }[])[0];
    if (!site) return null;
    return {
      timeZone: site.timezone,
      defaultLocale: site.default_locale ?? '',
      stories: stories!.results as OfficeStoryRow[],
      recipientLinks: links!.results as OfficeRecipientLinkRow[],
      fileDownloads: downloads!.results as OfficeFileDownloadRow[],
      mediaLists: lists!.results as MediaListSummary[],
      alerts: alerts!.results as OfficeAlertRow[],
      mails: mails!.results as OfficeMailRow[],
    };
  }

  async mediaList(list: string | null): Promise<{ journalists: JournalistRecord[]; lists: MediaListSummary[] }> {
    const [journalists, lists] = await guardD1(() => this.db.batch<unknown>([this.prepare(journalistsQuery(list)), this.prepare(MEDIA_LISTS_QUERY)]));
    return { journalists: (journalists!.results as JournalistRow[]).map(journalistRecordOf), lists: lists!.results as MediaListSummary[] };
  }
}
