/**
 * The data interface of the site. Methods are shaped by what one page needs, so each page costs
 * one call (one D1 round trip), never one query per story. D1 implements it in src/platform/d1.
 */
import type { Category } from './category';
import type { CompanyInformation, Language, Newsroom } from './newsroom';
import type { Contact } from './contact';
import type { Gallery, GallerySummary } from './gallery';
import type { SearchQuery, SearchResults } from './search-query';
import type { Story, StorySummary } from './story';

/** What every page needs, whatever its language: loaded in one round trip. */
export interface SiteContext {
  readonly newsroom: Newsroom;
  readonly languages: readonly Language[];
  /** Company information by locale code. */
  readonly companies: Readonly<Record<string, CompanyInformation>>;
  readonly categories: readonly Category[];
  /** All press contacts, each with the languages it serves (a handful of rows). */
  readonly contacts: readonly Contact[];
  /** Galleries with at least one image or video. */
  readonly galleries_count: number;
  readonly revision: number;
}

export interface StoryPage {
  readonly stories: readonly StorySummary[];
  readonly total: number;
}

export interface HomepageContent extends StoryPage {
  readonly highlighted: StorySummary | null;
}

export interface ListStoriesInput {
  readonly locale: string;
  readonly page: number;
  readonly pageSize: number;
  /** Leave the highlighted story out of the list (it is shown above the grid). */
  readonly excludeUuid?: string | null;
  readonly categoryId?: number | null;
}

export interface GalleryPage {
  readonly galleries: readonly GallerySummary[];
  readonly total: number;
}

/** A story with what feeds need: the whole body and its author. */
export interface FeedStory extends StorySummary {
  readonly body_html: string;
  readonly author_name: string | null;
  readonly tags: readonly string[];
}

export interface ListFreshness {
  readonly homepage: number | null;
  readonly categories: Readonly<Record<number, number>>;
}

/** One story entry of a sitemap, with its public translations for hreflang pairs. */
export interface SitemapStory {
  readonly slug: string;
  readonly locale: string;
  readonly published_at: number;
  readonly updated_at: number;
  readonly title: string;
  readonly cover: StorySummary['cover'];
  readonly translations: readonly { locale: string; slug: string }[];
}

export interface ContentRepository {
  /** Null when the newsroom has not been imported yet. */
  getSiteContext(): Promise<SiteContext | null>;
  getHomepage(locale: string, page: number, pageSize: number): Promise<HomepageContent>;
  listStories(input: ListStoriesInput): Promise<StoryPage>;
  /**
   * A story page in one round trip: the story (whatever its status: callers apply the visibility
   * rules) and up to `relatedLimit` public stories of its language sharing categories or tags.
   */
  getStoryPage(slug: string, relatedLimit: number): Promise<{ story: Story; related: StorySummary[] } | null>;
  /** Newest public stories of a language (or one of its categories) with their bodies. */
  listFeedStories(input: { locale: string; categoryId: number | null; limit: number }): Promise<FeedStory[]>;
  /** A page of a language's public stories for its sitemap, newest first. */
  listSitemapStories(input: { locale: string; offset: number; limit: number }): Promise<SitemapStory[]>;
  /** Public stories of any language published since the given time (Google News sitemap). */
  listRecentStories(since: number, limit: number): Promise<SitemapStory[]>;
  /** All non-empty galleries with their images, for sitemaps. */
  listAllGalleries(): Promise<Gallery[]>;
  /**
   * When a language's list pages last changed, for sitemap `lastmod`: the newest public story of
   * the language, and of each category in it (epoch seconds; categories without one are absent).
   */
  getListFreshness(locale: string): Promise<ListFreshness>;
  /** Non-empty galleries, newest first. */
  listGalleries(page: number, pageSize: number): Promise<GalleryPage>;
  /** A gallery with its images and videos, or null (empty galleries included: callers decide). */
  getGallery(uuid: string): Promise<Gallery | null>;
}

/** Result of a subscribe request: `created` is false when the address was already subscribed. */
export interface SubscribeResult {
  readonly created: boolean;
  readonly token: string | null;
}

/** Visitors' writes: subscriptions and privacy requests. */
export interface SubscriptionStore {
  /** Creates a pending subscriber; idempotent: an existing (email, locale) is left as it is. */
  subscribe(input: { email: string; locale: string; categories: readonly number[]; token: string; now: number }): Promise<SubscribeResult>;
  /** Confirms the pending subscriber holding this token; false when the token is unknown. */
  confirm(token: string, now: number): Promise<boolean>;
  /** Unsubscribes the holder of this token; false when the token is unknown. */
  unsubscribe(token: string, now: number): Promise<boolean>;
  /** The subscriber holding this token, for the unsubscribe page. */
  findByToken(token: string): Promise<{ email: string; locale: string; status: string } | null>;
  recordDataRequest(input: { email: string; locale: string; kind: string; message: string; now: number }): Promise<void>;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends mail: an HTTP email API when configured, else the D1 outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Mail kept in the outbox, newest first (for the dev server). */
export interface OutboxReader {
  recent(limit: number): Promise<{ to_address: string; subject: string; text_body: string; created_at: number }[]>;
}

/**
 * Full-text search over published, public stories of one language. The D1 backend is built in;
 * Meilisearch and Algolia adapters implement the same port.
 */
export interface SearchBackend {
  search(query: SearchQuery): Promise<SearchResults>;
}
