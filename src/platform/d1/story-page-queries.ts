/**
 * One story with what its page shows around it: its translations and related stories (by its
 * slug), or its secret-link tokens (by the hash of the token it was reached with).
 */
import type { RecipientStory, SharedStory, StoryBodyFormat } from '#src/domain/ports';
import type { Story, StorySummary, StoryTranslationRef } from '#src/domain/story';
import { toStory, toStorySummary, type StoryRow, type StorySummaryRow } from './rows';
import { rowsOf, STORY_SUMMARY_COLUMNS, type StatementSource } from './read-sql';

export function storyPageStatements(db: StatementSource, slug: string, relatedLimit: number, body: StoryBodyFormat): D1PreparedStatement[] {
  // One body column: a page never reads both forms of a long body.
  const bodyColumn = body === 'markdown' ? 's.body_markdown' : 's.body_html';
  return [
    db
      .prepare(
        `SELECT ${STORY_SUMMARY_COLUMNS}, s.status, s.visibility, s.author_name, s.author_email, s.seo_settings, s.tags, ${bodyColumn}, s.media_files, s.contact_keys
         FROM stories s WHERE s.slug = ?1`,
      )
      .bind(slug),
    db
      .prepare(
        `SELECT t.uuid, t.slug, t.locale, t.title, t.status, t.visibility FROM stories t
         WHERE t.translation_group = (SELECT translation_group FROM stories WHERE slug = ?1) AND t.slug != ?1
         ORDER BY t.locale`,
      )
      .bind(slug),
    // Related stories: candidates come from index range scans over the story's categories and
    // tags in its language; a shared category counts 2, a shared tag 1, newer first on ties.
    db
      .prepare(
        `WITH me AS (SELECT id, locale FROM stories WHERE slug = ?1),
         scored AS (
           SELECT story_id, sum(weight) AS score FROM (
             SELECT sc.story_id, 2 AS weight FROM me
             JOIN story_categories mine ON mine.story_id = me.id
             JOIN story_categories sc ON sc.category_id = mine.category_id AND sc.locale = me.locale AND sc.is_public = 1 AND sc.story_id != me.id
             UNION ALL
             SELECT st.story_id, 1 AS weight FROM me
             JOIN story_tags mine ON mine.story_id = me.id
             JOIN story_tags st ON st.tag = mine.tag AND st.locale = me.locale AND st.is_public = 1 AND st.story_id != me.id
           ) GROUP BY story_id
         )
         SELECT ${STORY_SUMMARY_COLUMNS} FROM scored JOIN stories s ON s.id = scored.story_id
         ORDER BY scored.score DESC, s.published_at DESC LIMIT ?2`,
      )
      .bind(slug, relatedLimit),
  ];
}

export function toStoryWithRelated([story, translations, related]: D1Result[]): { story: Story; related: StorySummary[] } | null {
  const row = rowsOf<StoryRow>(story)[0];
  if (!row) return null;
  return { story: toStory(row, rowsOf<StoryTranslationRef>(translations)), related: rowsOf<StorySummaryRow>(related).map(toStorySummary) };
}

/**
 * The two kinds of secret link to a story: its own (`story_links`, the office's), or a recipient's
 * (`recipient_links`, not revoked, whose translations are offered through the same recipient's
 * links). Fixed SQL fragments, never input.
 */
const RECIPIENT_SOURCE = {
  links: 'recipient_links l',
  key: 'l.token_hash',
  open: ' AND l.revoked_at IS NULL',
  // The recipient's press token (their own page's, src/pages/journalist-page.ts), once they were
  // mailed; and whether their file key is kept yet (src/domain/recipient-files.ts).
  linkId: ', l.id AS link_id, l.file_key_hash, (SELECT j.leave_token FROM journalists j WHERE j.id = l.journalist_id) AS journalist_token',
  translationLinks: 'LEFT JOIN recipient_links tl ON tl.story_uuid = t.uuid AND tl.journalist_id = l.journalist_id AND tl.revoked_at IS NULL',
} as const;
const LINK_SOURCES = {
  story: { links: 'story_links l', key: 'l.token_hash', open: '', linkId: '', translationLinks: 'LEFT JOIN story_links tl ON tl.story_uuid = t.uuid' },
  recipient: RECIPIENT_SOURCE,
  // A recipient's file address: the same link, found by its file key's hash instead.
  recipientFiles: { ...RECIPIENT_SOURCE, key: 'l.file_key_hash' },
} as const;

/** The story behind a secret link (by its token's hash, or a recipient's file key's), and its translations with their links of the same kind. */
function linkedStoryStatements(db: StatementSource, tokenHash: string, kind: keyof typeof LINK_SOURCES): D1PreparedStatement[] {
  const source = LINK_SOURCES[kind];
  return [
    db
      .prepare(
        `SELECT ${STORY_SUMMARY_COLUMNS}, s.status, s.visibility, s.author_name, s.author_email, s.seo_settings, s.tags, s.body_html, s.media_files, s.contact_keys, l.token AS link_token${source.linkId}
         FROM ${source.links} JOIN stories s ON s.uuid = l.story_uuid WHERE ${source.key} = ?1${source.open}`,
      )
      .bind(tokenHash),
    db
      .prepare(
        `SELECT t.uuid, t.slug, t.locale, t.title, t.status, t.visibility, tl.token AS link_token
         FROM ${source.links} JOIN stories s ON s.uuid = l.story_uuid
         JOIN stories t ON t.translation_group = s.translation_group AND t.id != s.id
         ${source.translationLinks}
         WHERE ${source.key} = ?1${source.open} ORDER BY t.locale`,
      )
      .bind(tokenHash),
  ];
}

export function sharedStoryStatements(db: StatementSource, tokenHash: string): D1PreparedStatement[] {
  return linkedStoryStatements(db, tokenHash, 'story');
}

export function recipientStoryStatements(db: StatementSource, tokenHash: string): D1PreparedStatement[] {
  return linkedStoryStatements(db, tokenHash, 'recipient');
}

/** The story behind a recipient's file address (by the file key's hash); a revoked link's is none. */
export function recipientFilesStoryStatements(db: StatementSource, fileKeyHash: string): D1PreparedStatement[] {
  return linkedStoryStatements(db, fileKeyHash, 'recipientFiles');
}

export function toRecipientStory(results: D1Result[]): RecipientStory | null {
  const shared = toSharedStory(results);
  const row = rowsOf<{ link_id: number; journalist_token: string | null; file_key_hash: string | null }>(results[0]!)[0];
  return shared && row ? { ...shared, linkId: row.link_id, journalistToken: row.journalist_token, fileKeyHash: row.file_key_hash } : null;
}

export function toSharedStory([story, translations]: D1Result[]): SharedStory | null {
  const row = rowsOf<StoryRow & { link_token: string }>(story)[0];
  if (!row) return null;
  const translationRows = rowsOf<StoryTranslationRef & { link_token: string | null }>(translations);
  return {
    story: toStory(row, translationRows.map(({ link_token: _token, ...translation }) => translation)),
    token: row.link_token,
    translationTokens: Object.fromEntries(translationRows.filter((t) => t.link_token).map((t) => [t.uuid, t.link_token!])),
  };
}
