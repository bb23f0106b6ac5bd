/**
 * ContentRepository over D1. Every method is one `batch()` call: one round trip to the database
 * whatever the page holds. Statements are prepared with bound parameters; list queries repeat the
 * partial-index conditions of migrations/0001_init.sql literally so SQLite picks those indexes.
 */
import type { Gallery } from '#src/domain/gallery';
import type { ContentRepository, FeedStory, GalleryPage, HomepageContent, ListFeedStoriesInput, ListFreshness, ListStoriesInput, MatchingStoriesInput, SharedStory, SitemapStory, SiteContext, StoryBodyFormat, StoryPage } from '#src/domain/ports';
import { pageOffset } from '#src/domain/paging';
import type { PolicyKind, PolicyPage } from '#src/domain/policy';
import type { Story, StorySummary, StoryTranslationRef } from '#src/domain/story';
import {
  toCategories,
  toCompany,
  toContact,
  toGallery,
  toGallerySummary,
  toLanguage,
  toNewsroom,
  toStory,
  toStorySummary,
  type CategoryRow,
  type CompanyRow,
  type ContactRow,
  type GalleryItemRow,
  type GalleryRow,
  type LanguageRow,
  type NewsroomRow,
  type StoryRow,
  type StorySummaryRow,
} from './rows';
import { guardD1 } from './guard';
import type { D1Queryable } from './sessions';

/** A story's categories in its own language, as JSON, in the order the story lists them. */
const STORY_CATEGORIES_JSON = `(
  SELECT json_group_array(json_object('id', ordered.category_id, 'name', ordered.name, 'slug', ordered.slug))
  FROM (
    SELECT sc.category_id, ci.name, ci.slug FROM story_categories sc
    JOIN category_i18n ci ON ci.category_id = sc.category_id AND ci.locale = s.locale
    WHERE sc.story_id = s.id ORDER BY sc.position
  ) AS ordered
) AS categories`;

const STORY_SUMMARY_COLUMNS = `s.uuid, s.slug, s.locale, s.title, s.subtitle, s.summary, s.published_at, s.updated_at, s.cover, ${STORY_CATEGORIES_JSON}`;

const GALLERY_COLUMNS = 'g.uuid, g.title, g.description, g.published_at, g.thumbnail_image, g.images_number, g.videos_number';

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

const PUBLIC_STORY = `s.status = 'published' AND s.visibility = 'public'`;

/**
 * The highlighted story of a language: the newest pinned public story, else the newest public
 * story. Both lookups are single index probes.
 */
const HIGHLIGHTED_STORY_ID = `COALESCE(
  (SELECT s.id FROM stories s WHERE ${PUBLIC_STORY} AND s.is_pinned = 1 AND s.locale = ?1 ORDER BY s.published_at DESC LIMIT 1),
  (SELECT s.id FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC, s.id DESC LIMIT 1)
)`;

/** Counts the statements and round trips a request costs, for Server-Timing and the benchmark. */
export interface QueryStats {
  roundTrips: number;
  statements: number;
}

export class D1ContentRepository implements ContentRepository {
  readonly stats: QueryStats = { roundTrips: 0, statements: 0 };

  constructor(private readonly db: D1Queryable) {}

  private async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    this.stats.roundTrips += 1;
    this.stats.statements += statements.length;
    return guardD1(() => this.db.batch(statements));
  }

  /** The content revision alone (one statement), for the page cache's key when KV lacks it. */
  async getContentRevision(): Promise<number | null> {
    const [result] = await this.batch([this.db.prepare('SELECT revision FROM content_revision WHERE id = 1')]);
    return rowsOf<{ revision: number }>(result)[0]?.revision ?? null;
  }

  async getSiteContext(): Promise<SiteContext | null> {
    const [newsroom, languages, companies, categories, revision, galleries, contacts, policies] = await this.batch([
      this.db.prepare('SELECT * FROM newsroom WHERE id = 1'),
      this.db.prepare('SELECT code, is_default, public_stories_count FROM languages ORDER BY position'),
      this.db.prepare('SELECT * FROM company_information'),
      this.db.prepare(
        `SELECT c.id, c.key, c.is_featured, c.image, ci.locale, ci.name, ci.slug, ci.description, ci.public_stories_count
         FROM categories c LEFT JOIN category_i18n ci ON ci.category_id = c.id ORDER BY c.position, ci.locale`,
      ),
      this.db.prepare('SELECT revision FROM content_revision WHERE id = 1'),
      this.db.prepare('SELECT count(*) AS total FROM galleries g WHERE g.images_number + g.videos_number > 0'),
      this.db.prepare(
        `SELECT c.key, c.name, c.description, c.company, c.email, c.phone, c.mobile, c.website, c.avatar,
           (SELECT json_group_array(cl.locale) FROM contact_locales cl WHERE cl.contact_id = c.id) AS locales
         FROM contacts c ORDER BY c.position`,
      ),
      this.db.prepare('SELECT kind, locale FROM policy_pages ORDER BY kind, locale'),
    ]);
    const newsroomRow = rowsOf<NewsroomRow>(newsroom)[0];
    const languageRows = rowsOf<LanguageRow>(languages);
    if (!newsroomRow || languageRows.length === 0) return null;
    return {
      newsroom: toNewsroom(newsroomRow),
      languages: languageRows.map(toLanguage),
      companies: Object.fromEntries(rowsOf<CompanyRow>(companies).map((row) => [row.locale, toCompany(row)])),
      categories: toCategories(rowsOf<CategoryRow>(categories)),
      galleries_count: rowsOf<{ total: number }>(galleries)[0]?.total ?? 0,
      contacts: rowsOf<ContactRow>(contacts).map(toContact),
      policy_pages: rowsOf<{ kind: PolicyKind; locale: string }>(policies),
      revision: rowsOf<{ revision: number }>(revision)[0]?.revision ?? 0,
    };
  }

  async getHomepage(locale: string, page: number, pageSize: number): Promise<HomepageContent> {
    const [highlighted, list, total] = await this.batch([
      this.db.prepare(`SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s WHERE s.id = ${HIGHLIGHTED_STORY_ID}`).bind(locale),
      this.db
        .prepare(
          `SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s
           WHERE ${PUBLIC_STORY} AND s.locale = ?1 AND s.id IS NOT ${HIGHLIGHTED_STORY_ID}
           ORDER BY s.published_at DESC, s.id DESC LIMIT ?2 OFFSET ?3`,
        )
        .bind(locale, pageSize, pageOffset(page, pageSize)),
      this.db.prepare('SELECT public_stories_count AS total FROM languages WHERE code = ?1').bind(locale),
    ]);
    const highlightedStory = rowsOf<StorySummaryRow>(highlighted).map(toStorySummary)[0] ?? null;
    return {
      highlighted: highlightedStory,
      stories: rowsOf<StorySummaryRow>(list).map(toStorySummary),
      total: rowsOf<{ total: number }>(total)[0]?.total ?? 0,
    };
  }

  async listStories(input: ListStoriesInput): Promise<StoryPage> {
    const [list, total, tagLocales] = await this.batch(this.listStatements(input));
    return {
      stories: rowsOf<StorySummaryRow>(list).map(toStorySummary),
      total: rowsOf<{ total: number }>(total)[0]?.total ?? 0,
      ...(tagLocales ? { tagLocales: rowsOf<{ locale: string }>(tagLocales).map((row) => row.locale) } : {}),
    };
  }

  /** A list page and its total: of a language, or of a category or tag in it (index range scans). */
  private listStatements(input: ListStoriesInput): D1PreparedStatement[] {
    const offset = pageOffset(input.page, input.pageSize);
    const exclude = input.excludeUuid ?? '';
    if (input.tag != null) {
      return [
        this.db
          .prepare(
            `SELECT ${STORY_SUMMARY_COLUMNS} FROM story_tags st JOIN stories s ON s.id = st.story_id
             WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2 AND s.uuid != ?3
             ORDER BY st.published_at DESC, st.story_id DESC LIMIT ?4 OFFSET ?5`,
          )
          .bind(input.tag, input.locale, exclude, input.pageSize, offset),
        this.db.prepare('SELECT count(*) AS total FROM story_tags st WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2').bind(input.tag, input.locale),
        this.db.prepare('SELECT DISTINCT st.locale FROM story_tags st WHERE st.is_public = 1 AND st.tag = ?1 ORDER BY st.locale').bind(input.tag),
      ];
    }
    return input.categoryId == null
      ? [
          this.db
            .prepare(
              `SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s
               WHERE ${PUBLIC_STORY} AND s.locale = ?1 AND s.uuid != ?2
               ORDER BY s.published_at DESC, s.id DESC LIMIT ?3 OFFSET ?4`,
            )
            .bind(input.locale, exclude, input.pageSize, offset),
          this.db.prepare('SELECT public_stories_count AS total FROM languages WHERE code = ?1').bind(input.locale),
        ]
      : [
          this.db
            .prepare(
              `SELECT ${STORY_SUMMARY_COLUMNS} FROM story_categories sc JOIN stories s ON s.id = sc.story_id
               WHERE sc.is_public = 1 AND sc.category_id = ?1 AND sc.locale = ?2 AND s.uuid != ?3
               ORDER BY sc.published_at DESC, sc.story_id DESC LIMIT ?4 OFFSET ?5`,
            )
            .bind(input.categoryId, input.locale, exclude, input.pageSize, offset),
          this.db
            .prepare('SELECT public_stories_count AS total FROM category_i18n WHERE category_id = ?1 AND locale = ?2')
            .bind(input.categoryId, input.locale),
        ];
  }

  async listMatchingStories(input: MatchingStoriesInput): Promise<StoryPage> {
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
    const [list, total] = await this.batch([
      this.db
        .prepare(`SELECT ${STORY_SUMMARY_COLUMNS} FROM stories s WHERE ${where} ORDER BY s.published_at DESC, s.id DESC LIMIT ?${params.length + 1} OFFSET ?${params.length + 2}`)
        .bind(...params, input.pageSize, pageOffset(input.page, input.pageSize)),
      this.db.prepare(`SELECT count(*) AS total FROM stories s WHERE ${where}`).bind(...params),
    ]);
    return {
      stories: rowsOf<StorySummaryRow>(list).map(toStorySummary),
      total: rowsOf<{ total: number }>(total)[0]?.total ?? 0,
    };
  }

  async getStoryPage(slug: string, relatedLimit: number, body: StoryBodyFormat = 'html'): Promise<{ story: Story; related: StorySummary[] } | null> {
    // One body column: a page never reads both forms of a long body.
    const bodyColumn = body === 'markdown' ? 's.body_markdown' : 's.body_html';
    const [story, translations, related] = await this.batch([
      this.db
        .prepare(
          `SELECT ${STORY_SUMMARY_COLUMNS}, s.status, s.visibility, s.author_name, s.author_email, s.seo_settings, s.tags, ${bodyColumn}, s.media_files, s.contact_keys
           FROM stories s WHERE s.slug = ?1`,
        )
        .bind(slug),
      this.db
        .prepare(
          `SELECT t.uuid, t.slug, t.locale, t.title, t.status, t.visibility FROM stories t
           WHERE t.translation_group = (SELECT translation_group FROM stories WHERE slug = ?1) AND t.slug != ?1
           ORDER BY t.locale`,
        )
        .bind(slug),
      // Related stories: candidates come from index range scans over the story's categories and
      // tags in its language; a shared category counts 2, a shared tag 1, newer first on ties.
      this.db
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
    ]);
    const row = rowsOf<StoryRow>(story)[0];
    if (!row) return null;
    return { story: toStory(row, rowsOf<StoryTranslationRef>(translations)), related: rowsOf<StorySummaryRow>(related).map(toStorySummary) };
  }

  async getSharedStory(tokenHash: string): Promise<SharedStory | null> {
    const [story, translations] = await this.batch([
      this.db
        .prepare(
          `SELECT ${STORY_SUMMARY_COLUMNS}, s.status, s.visibility, s.author_name, s.author_email, s.seo_settings, s.tags, s.body_html, s.media_files, s.contact_keys, l.token AS link_token
           FROM story_links l JOIN stories s ON s.uuid = l.story_uuid WHERE l.token_hash = ?1`,
        )
        .bind(tokenHash),
      this.db
        .prepare(
          `SELECT t.uuid, t.slug, t.locale, t.title, t.status, t.visibility, tl.token AS link_token
           FROM story_links l JOIN stories s ON s.uuid = l.story_uuid
           JOIN stories t ON t.translation_group = s.translation_group AND t.id != s.id
           LEFT JOIN story_links tl ON tl.story_uuid = t.uuid
           WHERE l.token_hash = ?1 ORDER BY t.locale`,
        )
        .bind(tokenHash),
    ]);
    const row = rowsOf<StoryRow & { link_token: string }>(story)[0];
    if (!row) return null;
    const translationRows = rowsOf<StoryTranslationRef & { link_token: string | null }>(translations);
    return {
      story: toStory(row, translationRows.map(({ link_token: _token, ...translation }) => translation)),
      token: row.link_token,
      translationTokens: Object.fromEntries(translationRows.filter((t) => t.link_token).map((t) => [t.uuid, t.link_token!])),
    };
  }

  async listFeedStories(input: ListFeedStoriesInput): Promise<FeedStory[]> {
    const [rows] = await this.batch([this.feedStatement(input)]);
    return rowsOf<StorySummaryRow & { body_html: string; body_markdown?: string; author_name: string | null; tags: string }>(rows).map((row) => ({
      ...toStorySummary(row),
      body_html: row.body_html,
      ...(row.body_markdown === undefined ? {} : { body_markdown: row.body_markdown }),
      author_name: row.author_name,
      tags: JSON.parse(row.tags) as string[],
    }));
  }

  /** A feed's stories: of a language, or of a category or tag in it (index range scans). */
  private feedStatement(input: ListFeedStoriesInput): D1PreparedStatement {
    const columns = `${STORY_SUMMARY_COLUMNS}, s.body_html, ${input.withMarkdown ? 's.body_markdown, ' : ''}s.author_name, s.tags`;
    if (input.tag != null) {
      return this.db
        .prepare(
          `SELECT ${columns} FROM story_tags st JOIN stories s ON s.id = st.story_id
           WHERE st.is_public = 1 AND st.tag = ?1 AND st.locale = ?2 ORDER BY st.published_at DESC, st.story_id DESC LIMIT ?3`,
        )
        .bind(input.tag, input.locale, input.limit);
    }
    if (input.categoryId == null) {
      return this.db
        .prepare(`SELECT ${columns} FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC, s.id DESC LIMIT ?2`)
        .bind(input.locale, input.limit);
    }
    return this.db
      .prepare(
        `SELECT ${columns} FROM story_categories sc JOIN stories s ON s.id = sc.story_id
         WHERE sc.is_public = 1 AND sc.category_id = ?1 AND sc.locale = ?2 ORDER BY sc.published_at DESC, sc.story_id DESC LIMIT ?3`,
      )
      .bind(input.categoryId, input.locale, input.limit);
  }

  async listSitemapStories(input: { locale: string; offset: number; limit: number }): Promise<SitemapStory[]> {
    const [rows] = await this.batch([
      this.db
        .prepare(
          `SELECT ${SITEMAP_COLUMNS} FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1
           ORDER BY s.published_at DESC, s.id DESC LIMIT ?2 OFFSET ?3`,
        )
        .bind(input.locale, input.limit, input.offset),
    ]);
    return rowsOf<SitemapRow>(rows).map(toSitemapStory);
  }

  async listRecentStories(since: number, limit: number): Promise<SitemapStory[]> {
    const [rows] = await this.batch([
      this.db
        .prepare(`SELECT ${SITEMAP_COLUMNS} FROM stories s WHERE ${PUBLIC_STORY} AND s.published_at >= ?1 ORDER BY s.published_at DESC LIMIT ?2`)
        .bind(since, limit),
    ]);
    return rowsOf<SitemapRow>(rows).map(toSitemapStory);
  }

  async getListFreshness(locale: string): Promise<ListFreshness> {
    // The homepage and categories are one index seek each (stories_public_by_locale,
    // story_categories_public): no scan, even at 100,000 stories. Tags have no table of their own
    // to seek in: their newest times come from one pass over the language's public tag rows in
    // story_tags_public (covering), then one range per tag for its other languages; the pages
    // sitemap holding them is cached like any page.
    const [home, categories, tags] = await this.batch([
      this.db.prepare(`SELECT s.published_at FROM stories s WHERE ${PUBLIC_STORY} AND s.locale = ?1 ORDER BY s.published_at DESC LIMIT 1`).bind(locale),
      this.db
        .prepare(
          `SELECT c.id AS category_id,
                  (SELECT sc.published_at FROM story_categories sc
                    WHERE sc.category_id = c.id AND sc.locale = ?1 AND sc.is_public = 1
                    ORDER BY sc.published_at DESC LIMIT 1) AS published_at
             FROM categories c`,
        )
        .bind(locale),
      this.db
        .prepare(
          `SELECT st.tag, st.locale, max(st.published_at) AS published_at FROM story_tags st
           WHERE st.is_public = 1 AND st.tag IN (SELECT mine.tag FROM story_tags mine WHERE mine.is_public = 1 AND mine.locale = ?1)
           GROUP BY st.tag, st.locale ORDER BY st.tag, st.locale`,
        )
        .bind(locale),
    ]);
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

  async listAllGalleries(): Promise<Gallery[]> {
    const [galleries, items] = await this.batch([
      this.db.prepare(`SELECT g.id, ${GALLERY_COLUMNS} FROM galleries g WHERE g.images_number + g.videos_number > 0 ORDER BY g.published_at DESC, g.id DESC`),
      this.db.prepare(
        `SELECT i.gallery_id, i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id
         WHERE g.images_number + g.videos_number > 0 ORDER BY i.gallery_id, i.position`,
      ),
    ]);
    const itemsByGallery = new Map<number, GalleryItemRow[]>();
    for (const item of rowsOf<GalleryItemRow & { gallery_id: number }>(items)) {
      itemsByGallery.set(item.gallery_id, [...(itemsByGallery.get(item.gallery_id) ?? []), item]);
    }
    return rowsOf<GalleryRow & { id: number }>(galleries).map((row) => toGallery(row, itemsByGallery.get(row.id) ?? []));
  }

  async listGalleries(page: number, pageSize: number): Promise<GalleryPage> {
    const [list, total] = await this.batch([
      this.db
        .prepare(
          `SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE g.images_number + g.videos_number > 0
           ORDER BY g.published_at DESC, g.id DESC LIMIT ?1 OFFSET ?2`,
        )
        .bind(pageSize, pageOffset(page, pageSize)),
      this.db.prepare('SELECT count(*) AS total FROM galleries g WHERE g.images_number + g.videos_number > 0'),
    ]);
    return { galleries: rowsOf<GalleryRow>(list).map(toGallerySummary), total: rowsOf<{ total: number }>(total)[0]?.total ?? 0 };
  }

  async getGallery(uuid: string): Promise<Gallery | null> {
    const [gallery, items] = await this.batch([
      this.db.prepare(`SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE g.uuid = ?1`).bind(uuid),
      this.db
        .prepare('SELECT i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE g.uuid = ?1 ORDER BY i.position')
        .bind(uuid),
    ]);
    const row = rowsOf<GalleryRow>(gallery)[0];
    return row ? toGallery(row, rowsOf<GalleryItemRow>(items)) : null;
  }

  async getPolicyPage(kind: PolicyKind, locale: string): Promise<PolicyPage | null> {
    const [result] = await this.batch([this.db.prepare('SELECT kind, locale, title, body_html, updated_at FROM policy_pages WHERE kind = ?1 AND locale = ?2').bind(kind, locale)]);
    return rowsOf<PolicyPage>(result)[0] ?? null;
  }
}

function rowsOf<T>(result: D1Result | undefined): T[] {
  return (result?.results ?? []) as T[];
}
