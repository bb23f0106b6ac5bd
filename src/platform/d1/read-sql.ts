/**
 * What the read queries of src/platform/d1 share: the columns of a story in a list, the condition
 * that makes a story public (written literally, as migrations/0001_init.sql's partial indexes are,
 * so SQLite picks those indexes), and reading a statement's rows.
 */

/** Anything statements are prepared on: the database, or a session of it. */
export type StatementSource = Pick<D1Database, 'prepare'>;

/** A story's categories in its own language, as JSON, in the order the story lists them. */
const STORY_CATEGORIES_JSON = `(
  SELECT json_group_array(json_object('id', ordered.category_id, 'name', ordered.name, 'slug', ordered.slug))
  FROM (
    SELECT sc.category_id, ci.name, ci.slug FROM story_categories sc
    JOIN category_i18n ci ON ci.category_id = sc.category_id AND ci.locale = s.locale
    WHERE sc.story_id = s.id ORDER BY sc.position
  ) AS ordered
) AS categories`;

/** The columns of StorySummaryRow (src/platform/d1/rows.ts), for stories aliased `s`. */
export const STORY_SUMMARY_COLUMNS = `s.uuid, s.slug, s.locale, s.title, s.subtitle, s.summary, s.published_at, s.updated_at, s.cover, ${STORY_CATEGORIES_JSON}`;

export const PUBLIC_STORY = `s.status = 'published' AND s.visibility = 'public'`;

export function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}

/** The `total` a count statement returned, 0 when it returned no row. */
export function totalOf(result: D1Result | undefined): number {
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}
