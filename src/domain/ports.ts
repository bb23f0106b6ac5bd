/**
 * The data interface of the site. Methods are shaped by what one page needs, so each page costs
 * one call (one D1 round trip), never one query per story. D1 implements it in src/platform/d1.
 * The stores that write (visitors' requests, mail, publishing) have their own ports beside this:
 * subscription-ports.ts, mail-ports.ts, publishing-ports.ts.
 */
import type { PolicyKind, PolicyPage } from './policy';
import type { Category } from './category';
import type { CompanyInformation, Language, Newsroom } from './newsroom';
import type { Contact } from './contact';
import type { Gallery, GallerySummary } from './gallery';
import type { FacetValueHit, FacetValueQuery, SearchQuery, SearchResults } from './search-query';
import type { Story, StorySummary } from './story';

/** What every page needs, whatever its language: loaded in one round trip. */
export interface SiteContext {
  readonly newsroom: Newsroom;
  /**
   * A page whose address is a secret (src/http/private-page.ts): no third party at all, browser
   * error reporting included, since an event would carry the address.
   */
  readonly withoutThirdParties?: boolean;
  readonly languages: readonly Language[];
  /** Company information by locale code. */
  readonly companies: Readonly<Record<string, CompanyInformation>>;
  readonly categories: readonly Category[];
  /** All press contacts, each with the languages it serves (a handful of rows). */
  readonly contacts: readonly Contact[];
  /** Released galleries with at least one image or video. */
  readonly galleries_count: number;
  /** Which policy pages the content folder wrote, by kind and language (not their text). */
  readonly policy_pages: readonly { readonly kind: PolicyKind; readonly locale: string }[];
  readonly revision: number;
}

/** One page of a story list (a language's, a category's, a tag's, the API's) and the list's total. */
export interface StoryListPage {
  readonly stories: readonly StorySummary[];
  readonly total: number;
  /**
   * With a tag filter: every language the tag has public stories in (its pages' translations,
   * found in the same round trip).
   */
  readonly tagLocales?: readonly string[];
}

export interface HomepageContent extends StoryListPage {
  readonly highlighted: StorySummary | null;
}

export interface ListStoriesInput {
  readonly locale: string;
  readonly page: number;
  readonly pageSize: number;
  /** Leave the highlighted story out of the list (it is shown above the grid). */
  readonly excludeUuid?: string | null;
  /** At most one of categoryId and tag. */
  readonly categoryId?: number | null;
  /** A tag in its stored form (src/domain/tag.ts). */
  readonly tag?: string | null;
}

/** The newest public stories of a language, or of one of its categories or tags (at most one). */
export interface ListFeedStoriesInput {
  readonly locale: string;
  readonly categoryId: number | null;
  /** A tag in its stored form (src/domain/tag.ts). */
  readonly tag?: string | null;
  readonly limit: number;
  /** Also each body as Markdown (JSON Feed's content_text, llms-full.txt). */
  readonly withMarkdown?: boolean;
}

/** The API's filtered list (src/domain/story-filter.ts): every condition given must hold. */
export interface MatchingStoriesInput {
  readonly locales: readonly string[];
  /** Each group is "in any of these categories"; a story must satisfy every group. */
  readonly categoryGroups: readonly (readonly number[])[];
  /** The story has any of these tags; null: any tags. */
  readonly tags: readonly string[] | null;
  readonly page: number;
  readonly pageSize: number;
}

export interface GalleryPage {
  readonly galleries: readonly GallerySummary[];
  readonly total: number;
}

/** A gallery behind its secret link (src/domain/gallery-link.ts), released or not. */
export interface SharedGallery {
  readonly gallery: Gallery;
  /** The link's stored token, to compare with the one asked for in constant time. */
  readonly token: string;
  /** Released: the link answers with the public address. */
  readonly isReleased: boolean;
}

/** An unreleased gallery's secret link, for the secret page of a story that shows it. */
export interface UnreleasedGalleryLink {
  readonly uuid: string;
  readonly token: string;
}

/** Which form of a story's body a page reads: the HTML page's, or the Markdown alternate's. */
export type StoryBodyFormat = 'html' | 'markdown';

/** A story with what feeds need: the whole body and its author. */
export interface FeedStory extends StorySummary {
  readonly body_html: string;
  /** The body as Markdown, when asked for (`withMarkdown`). */
  readonly body_markdown?: string;
  readonly author_name: string | null;
  readonly tags: readonly string[];
}

export interface ListFreshness {
  readonly homepage: number | null;
  readonly categories: Readonly<Record<number, number>>;
  /**
   * Each tag with public stories in the language (stored form), in code-point order: the newest
   * public story's time in every language the tag has one, this one included (for `lastmod` and
   * hreflang pairs).
   */
  readonly tags: readonly { readonly tag: string; readonly newestByLocale: Readonly<Record<string, number>> }[];
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

/** A story reached through its secret link (src/domain/story-link.ts). */
export interface SharedStory {
  readonly story: Story;
  /** The link's stored token, to compare with the one asked for in constant time. */
  readonly token: string;
  /** Secret-link tokens of the story's translations, by translation uuid. */
  readonly translationTokens: Readonly<Record<string, string>>;
}

/** A story reached through a recipient's own link: which link, for counting its openings. */
export interface RecipientStory extends SharedStory {
  readonly linkId: number;
  /** The recipient's press token, for a link to their own page; null until they are first mailed. */
  readonly journalistToken: string | null;
  /** The SHA-256 of the link's file key once kept (src/domain/recipient-files.ts); null before the page was first shown. */
  readonly fileKeyHash?: string | null;
}

/** Openings of recipients' links (src/domain/recipient-link.ts): counted, never stored one by one. */
export interface RecipientLinkStore {
  recordOpening(linkId: number, at: number, agentBit: number): Promise<void>;
  /** Deletes the recipients' links (with their opening records) of stories public since before `cutoff` (epoch seconds); how many. */
  deleteLinksOfStoriesPublicBefore(cutoff: number): Promise<number>;
}

/** Counts the statements and round trips a request costs, for Server-Timing and the benchmark. */
export interface QueryStats {
  roundTrips: number;
  statements: number;
}

export interface ContentRepository {
  /** Null when the newsroom has not been imported yet. */
  getSiteContext(): Promise<SiteContext | null>;
  getHomepage(locale: string, page: number, pageSize: number): Promise<HomepageContent>;
  listStories(input: ListStoriesInput): Promise<StoryListPage>;
  /** Public stories matching an API filter, newest first, with their total (a count query). */
  listMatchingStories(input: MatchingStoriesInput): Promise<StoryListPage>;
  /**
   * A story page in one round trip: the story (whatever its status: callers apply the visibility
   * rules) and up to `relatedLimit` public stories of its language sharing categories or tags.
   */
  getStoryPage(slug: string, relatedLimit: number, body?: StoryBodyFormat): Promise<{ story: Story; related: StorySummary[] } | null>;
  /**
   * The story behind a secret link, found by the SHA-256 of its token, whatever its state (callers
   * compare the token and apply the rules), with the secret-link tokens of its translations.
   */
  getSharedStory(tokenHash: string): Promise<SharedStory | null>;
  /**
   * The story behind a recipient's link (by its hash; revoked links are not found), with the same
   * recipient's links to its translations.
   */
  getRecipientStory(tokenHash: string): Promise<RecipientStory | null>;
  /** Newest public stories of a language (or one of its categories or tags) with their bodies. */
  listFeedStories(input: ListFeedStoriesInput): Promise<FeedStory[]>;
  /** A page of a language's public stories for its sitemap, newest first. */
  listSitemapStories(input: { locale: string; offset: number; limit: number }): Promise<SitemapStory[]>;
  /** Public stories of any language published since the given time (Google News sitemap). */
  listRecentStories(since: number, limit: number): Promise<SitemapStory[]>;
  /** All released, non-empty galleries with their images, for sitemaps. */
  listAllGalleries(): Promise<Gallery[]>;
  /**
   * When a language's list pages last changed, for sitemap `lastmod`: the newest public story of
   * the language, and of each category and tag in it (epoch seconds; categories without one are
   * absent).
   */
  getListFreshness(locale: string): Promise<ListFreshness>;
  /** Released, non-empty galleries, newest first. */
  listGalleries(page: number, pageSize: number): Promise<GalleryPage>;
  /** A released gallery with its images and videos, or null (empty galleries included: callers decide). */
  getGallery(uuid: string): Promise<Gallery | null>;
  /** The gallery whose secret link has this SHA-256, released or not, or null. */
  getSharedGallery(tokenHash: string): Promise<SharedGallery | null>;
  /** The secret links of the galleries not released yet. */
  listUnreleasedGalleryLinks(): Promise<UnreleasedGalleryLink[]>;
  /** A policy page written in the content folder, or null. */
  getPolicyPage(kind: PolicyKind, locale: string): Promise<PolicyPage | null>;
}

/**
 * Full-text search over published, public stories of one language. The D1 backend is built in;
 * Meilisearch and Algolia adapters implement the same port.
 */
export interface SearchBackend {
  search(query: SearchQuery): Promise<SearchResults>;
  /** Facet-value search: categories of the query's results whose name matches typed letters. */
  searchFacetValues(input: FacetValueQuery): Promise<readonly FacetValueHit[]>;
}
