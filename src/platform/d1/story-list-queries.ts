/**
 * Lists of stories: the homepage (its highlighted story and the grid), a language's, category's
 * or tag's list page with its total, the API's filtered list, and feeds. Each list is an index
 * range scan (stories_public_by_locale, story_categories_public, story_tags_public).
 */
import type { FeedStory, HomepageContent, ListFeedStoriesInput, ListStoriesInput, MatchingStoriesInput, StoryListPage } from '#src/domain/ports';
import { pageOffset } from '#src/domain/paging';
import { toStorySummary, type StorySummaryRow } from './rows';
import { PUBLIC_STORY, rowsOf, STORY_SUMMARY_COLUMNS, totalOf, type StatementSource } from './read-sql';

/**
 * The highlighted story of a language: the newest pinned public story, else the newest public
 * story. Both lookups are single index probes.
 */
const HIGHLIGHTED_STORY_ID = `COALESCE(
  (SELECT s.id FROM stories s WHERE ${PUBLIC_STORY} AND s.is_pinned = 1 AND s.locale = ?1 ORDER BY s.published_at DESC LIMIT 1),
  (SELECT s.id FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC, s.id DESC LIMIT 1)
)`;

export function homepageStatements(db: StatementSource, locale: string, page: number, pageSize: number): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s WHERE s.id = ${HIGHLIGHTED_STORY_ID}`).bind(locale),
    db
      .prepare(
        `SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s
         WHERE ${PUBLIC_STORY} AND s.locale = ?1 AND s.id IS NOT ${HIGHLIGHTED_STORY_ID}
         ORDER BY s.published_at DESC, s.id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(locale, pageSize, pageOffset(page, pageSize)),
    db.prepare('SELECT public_stories_count AS total FROM languages WHERE code = ?1').bind(locale),
  ];
}

export function toHomepageContent([highlighted, list, total]: D1Result[]): HomepageContent {
  const highlightedStory = rowsOf<StorySummaryRow>(highlighted).map(toStorySummary)[0] ?? null;
  return {
    highlighted: highlightedStory,
    stories: rowsOf<StorySummaryRow>(list).map(toStorySummary),
    total: totalOf(total),
  };
}

/** A list page and its total: of a language, or of a category or tag in it (index range scans). */
export function listStatements(db: StatementSource, input: ListStoriesInput): D1PreparedStatement[] {
  const offset = pageOffset(input.page, input.pageSize);
  const exclude = input.excludeUuid ?? '';
  if (input.tag != null) {
    return [
      db
        .prepare(
          `SELECT ${STORY_SUMMARY_COLUMNS} FROM story_tags st JOIN stories s ON s.id = st.story_id
           WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2 AND s.uuid != ?3
           ORDER BY st.published_at DESC, st.story_id DESC LIMIT ?4 OFFSET ?5`,
        )
        .bind(input.tag, input.locale, exclude, input.pageSize, offset),
      db.prepare('SELECT count(*) AS total FROM story_tags st WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2').bind(input.tag, input.locale),
      db.prepare('SELECT DISTINCT st.locale FROM story_tags st WHERE st.is_public = 1 AND st.tag = ?1 ORDER BY st.locale').bind(input.tag),
    ];
  }
  return input.categoryId == null
    ? [
        db
          .prepare(
            `SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s
             WHERE ${PUBLIC_STORY} AND s.locale = ?1 AND s.uuid != ?2
             ORDER BY s.published_at DESC, s.id DESC LIMIT ?3 OFFSET ?4`,
          )
          .bind(input.locale, exclude, input.pageSize, offset),
        db.prepare('SELECT public_stories_count AS total FROM languages WHERE code = ?1').bind(input.locale),
      ]
    : [
        db
          .prepare(
            `SELECT ${STORY_SUMMARY_COLUMNS} FROM story_categories sc JOIN stories s ON s.id = sc.story_id
             WHERE sc.is_public = 1 AND sc.category_id = ?1 AND sc.locale = ?2 AND s.uuid != ?3
             ORDER BY sc.published_at DESC, sc.story_id DESC LIMIT ?4 OFFSET ?5`,
          )
          .bind(input.categoryId, input.locale, exclude, input.pageSize, offset),
        db
          .prepare('SELECT public_stories_count AS total FROM category_i18n WHERE category_id = ?1 AND locale = ?2')
          .bind(input.categoryId, input.locale),
      ];
}

/** The stories and total of a list (and, with a tag, the languages the tag has stories in). */
export function toStoryListPage([list, total, tagLocales]: D1Result[]): StoryListPage {
  return {
    stories: rowsOf<StorySummaryRow>(list).map(toStorySummary),
    total: totalOf(total),
    ...(tagLocales ? { tagLocales: rowsOf<{ locale: string }>(tagLocales).map((row) => row.locale) } : {}),
  };
}

/** The API's filtered list and its total (a count query). */
export function matchingStatements(db: StatementSource, input: MatchingStoriesInput): D1PreparedStatement[] {
  // Lists travel as one JSON parameter each (json_each), so no filter can run into D1's limit
  // on bound parameters.
  const conditions = [PUBLIC_STORY, 's.locale IN (SELECT value FROM json_each(?1))'];
  const params: unknown[] = [JSON.stringify(input.locales)];
  for (const group of input.categoryGroups) {
    params.push(JSON.stringify(group));
    conditions.push(`EXISTS (SELECT 1 FROM story_categories sc WHERE sc.story_id = s.id AND sc.category_id IN (SELECT value FROM json_each(?${params.length})))`);
  }
  if (input.tags) {
    params.push(JSON.stringify(input.tags));
    conditions.push(`EXISTS (SELECT 1 FROM story_tags st WHERE st.story_id = s.id AND st.tag IN (SELECT value FROM json_each(?${params.length})))`);
  }
  const where = conditions.join(' AND ');
  return [
    db
      .prepare(`SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s WHERE ${where} ORDER BY s.published_at DESC, s.id DESC LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`)
      .bind(...params, input.pageSize, pageOffset(input.page, input.pageSize)),
    db.prepare(`SELECT count(*) AS total FROM stories s WHERE ${where}`).bind(...params),
  ];
}

/** A feed's stories: of a language, or of a category or tag in it (index range scans). */
export function feedStatement(db: StatementSource, input: ListFeedStoriesInput): D1PreparedStatement {
  const columns = `${STORY_SUMMARY_COLUMNS}, s.body_html, ${input.withMarkdown ? 's.body_markdown, ' : ''}s.author_name, s.tags`;
  if (input.tag != null) {
    return db
      .prepare(
        `SELECT ${columns} FROM story_tags st JOIN stories s ON s.id = st.story_id
         WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2 ORDER BY st.published_at DESC, st.story_id DESC LIMIT ?3`,
      )
      .bind(input.tag, input.locale, input.limit);
  }
  if (input.categoryId == null) {
    return db
      .prepare(`SELECT ${columns} FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC, s.id DESC LIMIT ?2`)
      .bind(input.locale, input.limit);
  }
  return db
    .prepare(
      `SELECT ${columns} FROM story_categories sc JOIN stories s ON s.id = sc.story_id
       WHERE sc.is_public = 1 AND sc.category_id = ?1 AND sc.locale = ?2 ORDER BY sc.published_at DESC, sc.story_id DESC LIMIT ?3`,
    )
    .bind(input.categoryId, input.locale, input.limit);
}

export function toFeedStories(rows: D1Result | undefined): FeedStory[] {
  return rowsOf<StorySummaryRow & { body_html: string; body_markdown?: string; author_name: string | null; tags: string }>(rows).map((row) => ({
    ...toStorySummary(row),
    body_html: row.body_html,
    ...(row.body_markdown === undefined ? {} : { body_markdown: row.body_markdown }),
    author_name: row.author_name,
    tags: JSON.parse(row.tags) as string[],
  }));
}
