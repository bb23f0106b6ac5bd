/**
 * What sitemaps read: a language's public stories a page at a time, the stories of the last days
 * (Google News), and when each list page last changed (`lastmod`).
 */
import type { ListFreshness, SitemapStory } from '#src/domain/ports';
import { PUBLIC_STORY, rowsOf, type StatementSource } from './read-sql';

/** A sitemap entry: the story and its public translations (for hreflang pairs). */
const SITEMAP_COLUMNS = `s.slug, s.locale, s.published_at, s.updated_at, s.title, s.cover, (
  SELECT json_group_array(json_object('locale', t.locale, 'slug', t.slug)) FROM stories t
  WHERE t.translation_group = s.translation_group AND t.id != s.id AND t.status = 'published' AND t.visibility = 'public'
) AS translations`;

interface SitemapRow {
  slug: string;
  locale: string;
  published_at: number;
  updated_at: number;
  title: string;
  cover: string | null;
  translations: string;
}

function toSitemapStory(row: SitemapRow): SitemapStory {
  return {
    slug: row.slug,
    locale: row.locale,
    published_at: row.published_at,
    updated_at: row.updated_at,
    title: row.title,
    cover: row.cover ? (JSON.parse(row.cover) as SitemapStory['cover']) : null,
    translations: JSON.parse(row.translations) as SitemapStory['translations'],
  };
}

export function toSitemapStories(rows: D1Result | undefined): SitemapStory[] {
  return rowsOf<SitemapRow>(rows).map(toSitemapStory);
}

export function sitemapStoriesStatement(db: StatementSource, input: { locale: string; offset: number; limit: number }): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${SITEMAP_COLUMNS} FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1
       ORDER BY s.published_at DESC, s.id DESC LIMIT ?2 OFFSET ?3`,
    )
    .bind(input.locale, input.limit, input.offset);
}

export function recentStoriesStatement(db: StatementSource, since: number, limit: number): D1PreparedStatement {
  return db
    .prepare(`SELECT ${SITEMAP_COLUMNS} FROM stories s WHERE ${PUBLIC_STORY} AND s.published_at >= ?1 ORDER BY s.published_at DESC LIMIT ?2`)
    .bind(since, limit);
}

export function listFreshnessStatements(db: StatementSource, locale: string): D1PreparedStatement[] {
  // The homepage and categories are one index seek each (stories_public_by_locale,
  // story_categories_public): no scan, even at 100,000 stories. Tags have no table of their own
  // to seek in: their newest times come from one pass over the language's public tag rows in
  // story_tags_public (covering), then one range per tag for its other languages; the pages
  // sitemap holding them is cached like any page.
  return [
    db.prepare(`SELECT s.published_at FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC LIMIT 1`).bind(locale),
    db
      .prepare(
        `SELECT c.id AS category_id,
                (SELECT sc.published_at FROM story_categories sc
                  WHERE sc.category_id = c.id AND sc.locale = ?1 AND sc.is_public = 1
                  ORDER BY sc.published_at DESC LIMIT 1) AS published_at
           FROM categories c`,
      )
      .bind(locale),
    db
      .prepare(
        `SELECT st.tag, st.locale, max(st.published_at) AS published_at FROM story_tags st
         WHERE st.is_public = 1 AND st.tag IN (SELECT mine.tag FROM story_tags mine WHERE mine.is_public = 1 AND mine.locale = ?1)
         GROUP BY st.tag, st.locale ORDER BY st.tag, st.locale`,
      )
      .bind(locale),
  ];
}

export function toListFreshness([home, categories, tags]: D1Result[]): ListFreshness {
  const newest = rowsOf<{ published_at: number }>(home)[0]?.published_at ?? null;
  const byCategory: Record<number, number> = {};
  for (const row of rowsOf<{ category_id: number; published_at: number | null }>(categories)) if (row.published_at !== null) byCategory[row.category_id] = row.published_at;
  // A Map, not an object: a tag is free text ("__proto__" included).
  const byTag = new Map<string, Record<string, number>>();
  for (const row of rowsOf<{ tag: string; locale: string; published_at: number }>(tags)) {
    const newestByLocale = byTag.get(row.tag) ?? {};
    newestByLocale[row.locale] = row.published_at;
    byTag.set(row.tag, newestByLocale);
  }
  return { homepage: newest, categories: byCategory, tags: [...byTag].map(([tag, newestByLocale]) => ({ tag, newestByLocale })) };
}
