/**
 * SearchPushStore over D1: `search_pushes` holds one row per go-live run of a story
 * (`stories.live_run`, set by the cron's flip and cleared by the next import), claimed by a cron
 * run for the queue and marked pushed by the job. Stories the cron made live are found through
 * the partial index stories_live_run, so an idle minute costs one index probe.
 */
import type { PushableStory, SearchPushStore } from '#src/domain/search-push-ports';
import { guardD1 } from './guard';

/** A claim not marked pushed after this long was lost (message, or a job that gave up): claim it again. */
export const SEARCH_PUSH_CLAIM_SECONDS = 600;

export class D1SearchPushStore implements SearchPushStore {
  constructor(private readonly db: D1Database) {}

  async claimWaiting(now: number, limit: number): Promise<string[]> {
    // One statement: two runs racing for the same stories each get a disjoint share.
    const result = await guardD1(() =>
      this.db
        .prepare(
          `INSERT INTO search_pushes (story_uuid, live_run, claimed_at)
           SELECT s.uuid, s.live_run, ?1 FROM stories s
           WHERE s.live_run IS NOT NULL AND NOT EXISTS (
             SELECT 1 FROM search_pushes p WHERE p.story_uuid = s.uuid AND p.live_run = s.live_run AND (p.pushed_at IS NOT NULL OR p.claimed_at > ?1 - ?2))
           ORDER BY s.id LIMIT ?3
           ON CONFLICT (story_uuid, live_run) DO UPDATE SET claimed_at = excluded.claimed_at
           RETURNING story_uuid`,
        )
        .bind(now, SEARCH_PUSH_CLAIM_SECONDS, limit)
        .all<{ story_uuid: string }>(),
    );
    return result.results.map((row) => row.story_uuid).sort();
  }

  async release(storyUuids: readonly string[]): Promise<void> {
    if (storyUuids.length === 0) return;
    await guardD1(() =>
      this.db.prepare('UPDATE search_pushes SET claimed_at = 0 WHERE story_uuid IN (SELECT value FROM json_each(?1)) AND pushed_at IS NULL').bind(JSON.stringify(storyUuids)).run(),
    );
  }

  async pushableStories(storyUuids: readonly string[]): Promise<PushableStory[]> {
    if (storyUuids.length === 0) return [];
    // Category names as the import's documents name them: the story's language, else the key.
    const result = await guardD1(() =>
      this.db
        .prepare(
          `SELECT s.uuid, s.slug, s.title, s.subtitle, s.summary, s.locale, s.published_at, s.updated_at, s.cover, s.sections,
             (s.status = 'published' AND s.visibility = 'public') AS is_public,
             (SELECT json_group_array(json(category)) FROM (
                SELECT json_object('id', sc.category_id, 'name', COALESCE(ci.name, c.key)) AS category
                FROM story_categories sc JOIN categories c ON c.id = sc.category_id
                LEFT JOIN category_i18n ci ON ci.category_id = sc.category_id AND ci.locale = s.locale
                WHERE sc.story_id = s.id ORDER BY sc.position)) AS categories
           FROM stories s WHERE s.uuid IN (SELECT value FROM json_each(?1)) ORDER BY s.id`,
        )
        .bind(JSON.stringify(storyUuids))
        .all<{
          uuid: string;
          slug: string;
          title: string;
          subtitle: string;
          summary: string;
          locale: string;
          published_at: number;
          updated_at: number;
          cover: string | null;
          sections: string;
          is_public: number;
          categories: string;
        }>(),
    );
    return result.results.map((row) => ({
      ...row,
      cover: row.cover ? (JSON.parse(row.cover) as PushableStory['cover']) : null,
      sections: JSON.parse(row.sections) as PushableStory['sections'],
      categories: JSON.parse(row.categories) as PushableStory['categories'],
      is_public: row.is_public === 1,
    }));
  }

  async markPushed(storyUuids: readonly string[], now: number): Promise<void> {
    if (storyUuids.length === 0) return;
    await guardD1(() =>
      this.db
        .prepare('UPDATE search_pushes SET pushed_at = ?2 WHERE story_uuid IN (SELECT value FROM json_each(?1)) AND pushed_at IS NULL')
        .bind(JSON.stringify(storyUuids), now)
        .run(),
    );
  }
}
