/**
 * The press office view's reads and changes over D1 (src/domain/press-office-ports.ts): one batch
 * for the whole page, and the same revocation and link replacement as `npm run share` (the
 * statements of recipient-links.ts and story-links.ts), so the view and the CLI cannot disagree.
 *
 * The stories not public are found by a scan of `stories` (no index holds "not public"): the
 * view is opened by a few people now and then, and a partial index would cost every import.
 */
import type {
  OfficeAlertRow,
  OfficeMailRow,
  OfficeMediaListRow,
  OfficeRecipientLinkRow,
  OfficeStoryRow,
  PressOfficeSnapshot,
  PressOfficeStore,
  RecipientRevocation,
} from '#src/domain/press-office-ports';
import { guardD1 } from './guard';
import { MEDIA_LISTS_QUERY } from './media-list';
import { revokeRecipientStatement } from './recipient-links';
import type { SqlStatement } from './sql-statement';
import { replaceLinkStatement } from './story-links';

/** The translation groups that hold a story not public (published and public is the only public state). */
const NON_PUBLIC_GROUPS = `SELECT translation_group FROM stories WHERE NOT (status = 'published' AND visibility = 'public')`;
/** The uuids of the story with slug ?1 and its translations. */
const GROUP_OF_SLUG = 'SELECT s.uuid FROM stories me JOIN stories s ON s.translation_group = me.translation_group WHERE me.slug = ?1';

export class D1PressOffice implements PressOfficeStore {
  constructor(private readonly db: D1Database) {}

  private prepare(statement: SqlStatement): D1PreparedStatement {
    return this.db.prepare(statement.sql).bind(...statement.params);
  }

  async snapshot(limits: { readonly alerts: number; readonly mails: number }): Promise<PressOfficeSnapshot | null> {
    const [newsroom, stories, links, lists, alerts, mails] = await guardD1(() =>
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
      mediaLists: lists!.results as OfficeMediaListRow[],
      alerts: alerts!.results as OfficeAlertRow[],
      mails: mails!.results as OfficeMailRow[],
    };
  }

  async storyGroup(slug: string): Promise<string[]> {
    const result = await guardD1(() => this.db.prepare(GROUP_OF_SLUG).bind(slug).all<{ uuid: string }>());
    return result.results.map((row) => row.uuid);
  }

  async replaceStoryLinks(links: readonly { readonly storyUuid: string; readonly token: string; readonly tokenHash: string }[], now: number): Promise<void> {
    if (links.length === 0) return;
    await guardD1(() => this.db.batch(links.map((link) => this.prepare(replaceLinkStatement(link.storyUuid, { token: link.token, tokenHash: link.tokenHash }, now)))));
  }

  async revokeRecipient(slug: string, email: string, now: number): Promise<RecipientRevocation> {
    const theirLinks = `SELECT count(*) AS links, count(*) FILTER (WHERE revoked_at IS NULL) AS open FROM recipient_links
      WHERE journalist_id = (SELECT id FROM journalists WHERE email = ?2) AND story_uuid IN (${GROUP_OF_SLUG})`;
    // One transaction: what was there, then the revocation (which changes nothing when nothing is open).
    const [story, links, revoked] = await guardD1(() =>
      this.db.batch<unknown>([
        this.db.prepare('SELECT 1 AS found FROM stories WHERE slug = ?1').bind(slug),
        this.db.prepare(theirLinks).bind(slug, email),
        this.prepare(revokeRecipientStatement(slug, email, now)),
      ]),
    );
    if (story!.results.length === 0) return { outcome: 'unknown-story' };
    const counts = (links!.results as { links: number; open: number }[])[0]!;
    if (counts.links === 0) return { outcome: 'unknown-recipient' };
    if (counts.open === 0) return { outcome: 'nothing-open' };
    return { outcome: 'revoked', links: revoked!.meta.changes };
  }
}
