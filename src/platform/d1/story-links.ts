/**
 * The SQL of secret links outside requests (the press desk's store, ./press-desk.ts): a story's
 * translation group with each story's link, and the rotation and revocation of those links.
 * Statements are plain data, run on the worker's binding, local D1 or, as a script, the remote
 * database (like import-statements.ts).
 */
import type { SqlStatement } from './import-statements';
import type { NewStoryLink } from './import-statements';

/** The story with this slug and its translations (the story first), each with its link (rows of SharedStory, src/domain/press-desk-ports.ts). */
export function sharedGroupQuery(slug: string): SqlStatement {
  return {
    sql: `SELECT s.uuid, s.slug, s.locale, s.status, s.visibility, s.published_at, l.token
          FROM stories me JOIN stories s ON s.translation_group = me.translation_group
          LEFT JOIN story_links l ON l.story_uuid = s.uuid
          WHERE me.slug = ?1 ORDER BY s.id = me.id DESC, s.locale`,
    params: [slug],
  };
}

export const NEWSROOM_URL_QUERY: SqlStatement = { sql: 'SELECT url FROM newsroom WHERE id = 1', params: [] };

/** Gives a story a new link (or its first): the old token stops working at once. */
export function replaceLinkStatement(storyUuid: string, link: NewStoryLink, now: number): SqlStatement {
  return {
    sql: `INSERT INTO story_links (story_uuid, token, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)
          ON CONFLICT (story_uuid) DO UPDATE SET token = excluded.token, token_hash = excluded.token_hash, rotated_at = ?4`,
    params: [storyUuid, link.token, link.tokenHash, now],
  };
}

/** Deletes the link with this token's hash, whatever story it belongs to (or belonged to). */
export function revokeLinkStatement(tokenHash: string): SqlStatement {
  return { sql: 'DELETE FROM story_links WHERE token_hash = ?1', params: [tokenHash] };
}

/** The story a link opens, if any (slug and locale, to say what was revoked). */
export function linkedStoryQuery(tokenHash: string): SqlStatement {
  return {
    sql: 'SELECT s.slug, s.locale FROM story_links l JOIN stories s ON s.uuid = l.story_uuid WHERE l.token_hash = ?1',
    params: [tokenHash],
  };
}
