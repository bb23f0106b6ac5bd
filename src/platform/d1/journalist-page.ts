/**
 * A journalist's own page (src/domain/journalist-page.ts): the journalist whose press token (the
 * leave token of migrations/0020_press_distribution.sql) has this hash, and their links not
 * revoked with the stories behind them, in one round trip. Read on the request's session, which
 * starts at the primary for `/press/` (src/middleware/deps.ts): a revoked link or a journalist
 * who left is gone on the next request.
 */
import type { JournalistLink, JournalistPageRecord, JournalistPageStore } from '#src/domain/journalist-page';
import type { StoryStatus, StoryVisibility } from '#src/domain/story';
import { guardD1 } from './guard';
import { rowsOf } from './read-sql';
import type { D1Queryable } from './sessions';

interface JournalistRow {
  email: string;
  name: string;
  language: string;
  time_zone: string | null;
  leave_token: string;
}

interface LinkRow {
  story_uuid: string;
  translation_group: string;
  slug: string;
  locale: string;
  title: string;
  status: StoryStatus;
  visibility: StoryVisibility;
  published_at: number;
  token: string;
}

function linkOf(row: LinkRow): JournalistLink {
  return {
    storyUuid: row.story_uuid,
    translationGroup: row.translation_group,
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    status: row.status,
    visibility: row.visibility,
    publishedAt: row.published_at,
    token: row.token,
  };
}

export class D1JournalistPageStore implements JournalistPageStore {
  constructor(private readonly db: D1Queryable) {}

  async journalistPage(tokenHash: string): Promise<JournalistPageRecord | null> {
    const [journalist, links] = await guardD1(() =>
      this.db.batch([
        this.db.prepare('SELECT email, name, language, time_zone, leave_token FROM journalists WHERE leave_token_hash = ?1').bind(tokenHash),
        this.db
          .prepare(
            `SELECT s.uuid AS story_uuid, s.translation_group, s.slug, s.locale, s.title, s.status, s.visibility, s.published_at, l.token
             FROM journalists j JOIN recipient_links l ON l.journalist_id = j.id AND l.revoked_at IS NULL
             JOIN stories s ON s.uuid = l.story_uuid
             WHERE j.leave_token_hash = ?1 ORDER BY s.published_at, s.locale`,
          )
          .bind(tokenHash),
      ]),
    );
    const row = rowsOf<JournalistRow>(journalist)[0];
    if (!row) return null;
    return {
      journalist: { email: row.email, name: row.name, language: row.language, timeZone: row.time_zone, token: row.leave_token },
      links: rowsOf<LinkRow>(links).map(linkOf),
    };
  }
}
