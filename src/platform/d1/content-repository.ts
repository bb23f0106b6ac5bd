/**
 * ContentRepository over D1. Every method is one `batch()` call: one round trip to the database
 * whatever the page holds. Statements are prepared with bound parameters; list queries repeat the
 * partial-index conditions of migrations/0001_init.sql literally so SQLite picks those indexes.
 * The statements and the mapping of their rows live with their kind of page:
 * site-context-queries.ts, story-list-queries.ts, story-page-queries.ts, sitemap-queries.ts and
 * gallery-queries.ts.
 */
import type { Gallery } from '#src/domain/gallery';
import type { ContentRepository, FeedStory, GalleryPage, HomepageContent, ListFeedStoriesInput, ListFreshness, ListStoriesInput, MatchingStoriesInput, QueryStats, SharedGallery, RecipientStory, SharedStory, SitemapStory, SiteContext, StoryBodyFormat, StoryListPage, UnreleasedGalleryLink } from '#src/domain/ports';
import type { PolicyKind, PolicyPage } from '#src/domain/policy';
import type { Story, StorySummary } from '#src/domain/story';
import { siteServedAt } from '#src/domain/site-origin';
import { guardD1 } from './guard';
import type { D1Queryable } from './sessions';
import { rowsOf } from './read-sql';
import { siteContextStatements, toSiteContext } from './site-context-queries';
import { feedStatement, homepageStatements, listStatements, matchingStatements, toFeedStories, toHomepageContent, toStoryListPage } from './story-list-queries';
import { recipientStoryStatements, sharedStoryStatements, storyPageStatements, toRecipientStory, toSharedStory, toStoryWithRelated } from './story-page-queries';
import { listFreshnessStatements, recentStoriesStatement, sitemapStoriesStatement, toListFreshness, toSitemapStories } from './sitemap-queries';
import {
  allGalleriesStatements,
  galleryListStatements,
  galleryStatements,
  sharedGalleryStatements,
  toAllGalleries,
  toGalleryPage,
  toGalleryWithItems,
  toSharedGallery,
  toUnreleasedGalleryLinks,
  unreleasedGalleryLinksStatement,
} from './gallery-queries';

export class D1ContentRepository implements ContentRepository {
  readonly stats: QueryStats = { roundTrips: 0, statements: 0 };

  /**
   * `siteUrl`: the deployment's configured origin (SITE_URL), which the site context's
   * `newsroom.url` carries in place of newsroom.yaml's when set (domain/site-origin.ts).
   */
  constructor(
    private readonly db: D1Queryable,
    private readonly options: { siteUrl?: string | null } = {},
  ) {}

  private async batch(statements: D1PreparedStatement[]): Promise<D1Result[]> {
    this.stats.roundTrips += 1;
    this.stats.statements += statements.length;
    return guardD1(() => this.db.batch(statements));
  }

  /** The content revision alone (one statement), for /healthz's probe of D1. */
  async getContentRevision(): Promise<number | null> {
    const [result] = await this.batch([this.db.prepare('SELECT revision FROM content_revision WHERE id = 1')]);
    return rowsOf<{ revision: number }>(result)[0]?.revision ?? null;
  }

  async getSiteContext(): Promise<SiteContext | null> {
    const site = toSiteContext(await this.batch(siteContextStatements(this.db)));
    return site && siteServedAt(site, this.options.siteUrl ?? null);
  }

  async getHomepage(locale: string, page: number, pageSize: number): Promise<HomepageContent> {
    return toHomepageContent(await this.batch(homepageStatements(this.db, locale, page, pageSize)));
  }

  async listStories(input: ListStoriesInput): Promise<StoryListPage> {
    return toStoryListPage(await this.batch(listStatements(this.db, input)));
  }

  async listMatchingStories(input: MatchingStoriesInput): Promise<StoryListPage> {
    return toStoryListPage(await this.batch(matchingStatements(this.db, input)));
  }

  async getStoryPage(slug: string, relatedLimit: number, body: StoryBodyFormat = 'html'): Promise<{ story: Story; related: StorySummary[] } | null> {
    return toStoryWithRelated(await this.batch(storyPageStatements(this.db, slug, relatedLimit, body)));
  }

  async getSharedStory(tokenHash: string): Promise<SharedStory | null> {
    return toSharedStory(await this.batch(sharedStoryStatements(this.db, tokenHash)));
  }

  async getRecipientStory(tokenHash: string): Promise<RecipientStory | null> {
    return toRecipientStory(await this.batch(recipientStoryStatements(this.db, tokenHash)));
  }

  async listFeedStories(input: ListFeedStoriesInput): Promise<FeedStory[]> {
    const [rows] = await this.batch([feedStatement(this.db, input)]);
    return toFeedStories(rows);
  }

  async listSitemapStories(input: { locale: string; offset: number; limit: number }): Promise<SitemapStory[]> {
    const [rows] = await this.batch([sitemapStoriesStatement(this.db, input)]);
    return toSitemapStories(rows);
  }

  async listRecentStories(since: number, limit: number): Promise<SitemapStory[]> {
    const [rows] = await this.batch([recentStoriesStatement(this.db, since, limit)]);
    return toSitemapStories(rows);
  }

  async getListFreshness(locale: string): Promise<ListFreshness> {
    return toListFreshness(await this.batch(listFreshnessStatements(this.db, locale)));
  }

  async listAllGalleries(): Promise<Gallery[]> {
    return toAllGalleries(await this.batch(allGalleriesStatements(this.db)));
  }

  async listGalleries(page: number, pageSize: number): Promise<GalleryPage> {
    return toGalleryPage(await this.batch(galleryListStatements(this.db, page, pageSize)));
  }

  async getGallery(uuid: string): Promise<Gallery | null> {
    return toGalleryWithItems(await this.batch(galleryStatements(this.db, uuid)));
  }

  async getSharedGallery(tokenHash: string): Promise<SharedGallery | null> {
    return toSharedGallery(await this.batch(sharedGalleryStatements(this.db, tokenHash)));
  }

  async listUnreleasedGalleryLinks(): Promise<UnreleasedGalleryLink[]> {
    const [rows] = await this.batch([unreleasedGalleryLinksStatement(this.db)]);
    return toUnreleasedGalleryLinks(rows);
  }

  async getPolicyPage(kind: PolicyKind, locale: string): Promise<PolicyPage | null> {
    const [result] = await this.batch([this.db.prepare('SELECT kind, locale, title, body_html, updated_at FROM policy_pages WHERE kind = ?1 AND locale = ?2').bind(kind, locale)]);
    return rowsOf<PolicyPage>(result)[0] ?? null;
  }
}
