/**
 * PublishingStore over D1 (docs/decisions/0015-scheduled-publishing.md); AlertStore is in
 * ./alert-store.ts.
 *
 * Going live is one `batch()`, so one transaction: the flip, the public flags of the story's
 * category and tag rows, the counts lists read, the publish event and the content-revision bump.
 * The flip stamps the stories with the run's id, and every later statement of the batch selects
 * by that stamp: a second run overlapping this one flips nothing and counts nothing twice.
 * Due galleries are released in the same batch, by the statements of ./gallery-release.ts.
 */
import type { AnnouncedStory, PublishEvent, PublishingStore, ReleasedGallery, WentLiveStory } from '#src/domain/publishing-ports';
import { AWAITING_RELEASE_STATUSES, NEWS_WINDOW_SECONDS } from '#src/domain/publishing';
import { guardD1 } from './guard';
import { CACHE_POINTERS_SQL, type CachePointers } from './import-statements';
import { GALLERIES_DUE_PROBE, releaseGalleriesStatement, releasedGalleriesQuery, toReleasedGalleries } from './gallery-release';
import { rowsOf } from './read-sql';

// The literal list keeps the partial index stories_due usable (migrations/0005_publishing.sql).
const AWAITING = AWAITING_RELEASE_STATUSES.map((status) => `'${status}'`).join(', ');
// The stories this run made public: an embargo ends with its release, any other visibility is
// kept (src/domain/publishing.ts releaseState: the clock never widens who may read a story).
const THIS_RUN = `SELECT id FROM stories WHERE live_run = ?1 AND visibility = 'public'`;
/** A claimed event not handed to the queue after this long was lost with its run: claim it again. */
export const EVENT_CLAIM_TIMEOUT_SECONDS = 600;

export class D1PublishingStore implements PublishingStore {
  constructor(private readonly db: D1Database) {}

  async publishDue(now: number, runId: string): Promise<{ published: WentLiveStory[]; galleries: ReleasedGallery[]; revision: number | null }> {
    // Most minutes nothing is due: one statement (a probe of stories_due, then of galleries_due), no write.
    const due = await guardD1(() =>
      this.db.prepare(`SELECT 1 AS due FROM stories WHERE status IN (${AWAITING}) AND published_at <= ?1 UNION ALL ${GALLERIES_DUE_PROBE} LIMIT 1`).bind(now).first(),
    );
    if (!due) return { published: [], galleries: [], revision: null };
    const results = await guardD1(() =>
      this.db.batch([
        this.db.prepare(`UPDATE stories SET status = 'published', visibility = CASE visibility WHEN 'embargo' THEN 'public' ELSE visibility END, live_run = ?1 WHERE status IN (${AWAITING}) AND published_at <= ?2`).bind(runId, now),
        releaseGalleriesStatement(this.db, runId, now),
        this.db.prepare(`UPDATE story_categories SET is_public = 1 WHERE story_id IN (${THIS_RUN})`).bind(runId),
        this.db.prepare(`UPDATE story_tags SET is_public = 1 WHERE story_id IN (${THIS_RUN})`).bind(runId),
        this.db
          .prepare(
            `UPDATE languages SET public_stories_count = public_stories_count + (SELECT count(*) FROM stories s WHERE s.live_run = ?1 AND s.visibility = 'public' AND s.locale = languages.code)
             WHERE code IN (SELECT locale FROM stories WHERE live_run = ?1 AND visibility = 'public')`,
          )
          .bind(runId),
        this.db
          .prepare(
            `UPDATE category_i18n SET public_stories_count = public_stories_count + (
               SELECT count(*) FROM story_categories sc JOIN stories s ON s.id = sc.story_id
               WHERE s.live_run = ?1 AND s.visibility = 'public' AND sc.category_id = category_i18n.category_id AND sc.locale = category_i18n.locale)
             WHERE (category_id, locale) IN (SELECT sc.category_id, sc.locale FROM story_categories sc WHERE sc.story_id IN (${THIS_RUN}))`,
          )
          .bind(runId),
        this.db
          .prepare(
            `INSERT INTO publish_events (story_uuid, source, live_at, alerts, created_at)
             SELECT s.uuid, 'schedule', ?2, s.notify * n.notify_subscribers, ?2 FROM stories s, newsroom n
             WHERE s.live_run = ?1 AND s.visibility = 'public' AND s.published_at >= ?3
             ON CONFLICT (story_uuid) DO NOTHING`,
          )
          .bind(runId, now, now - NEWS_WINDOW_SECONDS),
        this.db
          .prepare('UPDATE content_revision SET revision = revision + 1 WHERE id = 1 AND (EXISTS (SELECT 1 FROM stories WHERE live_run = ?1) OR EXISTS (SELECT 1 FROM galleries WHERE live_run = ?1))')
          .bind(runId),
        this.db.prepare(`SELECT uuid, slug, locale FROM stories WHERE live_run = ?1 AND visibility = 'public' ORDER BY id`).bind(runId),
        releasedGalleriesQuery(this.db, runId),
        this.db.prepare('SELECT revision FROM content_revision WHERE id = 1'),
      ]),
    );
    const [published, released, revision] = results.slice(-3);
    const stories = rowsOf<WentLiveStory>(published);
    const galleries = toReleasedGalleries(released);
    return { published: stories, galleries, revision: stories.length > 0 || galleries.length > 0 ? (rowsOf<{ revision: number }>(revision)[0]?.revision ?? null) : null };
  }

  async cachePointers(): Promise<CachePointers | null> {
    return guardD1(() => this.db.prepare(CACHE_POINTERS_SQL).first<CachePointers>());
  }

  async claimWaitingEvents(now: number, limit: number): Promise<PublishEvent[]> {
    // One UPDATE … RETURNING: two runs racing for the same events each get a disjoint share. A
    // claim a run never handed over (it died) is taken again after a while; handing over twice
    // is harmless, since every delivery is claimed per recipient.
    const result = await guardD1(() =>
      this.db
        .prepare(
          `UPDATE publish_events SET enqueued_at = ?1
           WHERE id IN (SELECT id FROM publish_events WHERE handed_at IS NULL AND (enqueued_at IS NULL OR enqueued_at < ?1 - ?3) ORDER BY id LIMIT ?2)
           RETURNING id, story_uuid, alerts, source, live_at`,
        )
        .bind(now, limit, EVENT_CLAIM_TIMEOUT_SECONDS)
        .all<{ id: number; story_uuid: string; alerts: number; source: 'schedule' | 'import'; live_at: number }>(),
    );
    return result.results.map((row) => ({ id: row.id, story_uuid: row.story_uuid, alerts: row.alerts === 1, source: row.source, live_at: row.live_at })).sort((a, b) => a.id - b.id);
  }

  async markHanded(ids: readonly number[], now: number): Promise<void> {
    if (ids.length === 0) return;
    await guardD1(() => this.db.prepare('UPDATE publish_events SET handed_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(ids), now).run());
  }

  async releaseEvents(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await guardD1(() => this.db.prepare('UPDATE publish_events SET enqueued_at = NULL WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(ids)).run());
  }

  async announcedStories(uuids: readonly string[]): Promise<AnnouncedStory[]> {
    if (uuids.length === 0) return [];
    const result = await guardD1(() =>
      this.db
        .prepare(
          `SELECT s.uuid, s.slug, s.locale, s.title, s.summary, (s.status = 'published' AND s.visibility = 'public') AS is_public,
             (SELECT json_group_array(sc.category_id) FROM story_categories sc WHERE sc.story_id = s.id) AS category_ids
           FROM stories s WHERE s.uuid IN (SELECT value FROM json_each(?1)) ORDER BY s.id`,
        )
        .bind(JSON.stringify(uuids))
        .all<{ uuid: string; slug: string; locale: string; title: string; summary: string; is_public: number; category_ids: string }>(),
    );
    return result.results.map((row) => ({ ...row, is_public: row.is_public === 1, category_ids: JSON.parse(row.category_ids) as number[] }));
  }
}
