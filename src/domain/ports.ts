/**
 * The data interface of the site. Methods are shaped by what one page needs, so each page costs
 * one call (one D1 round trip), never one query per story. D1 implements it in src/platform/d1.
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
   * A page whose address is a secret (src/routes/private-page.ts): no third party at all, browser
   * error reporting included, since an event would carry the address.
   */
  readonly withoutThirdParties?: boolean;
  readonly languages: readonly Language[];
  /** Company information by locale code. */
  readonly companies: Readonly<Record<string, CompanyInformation>>;
  readonly categories: readonly Category[];
  /** All press contacts, each with the languages it serves (a handful of rows). */
  readonly contacts: readonly Contact[];
  /** Galleries with at least one image or video. */
  readonly galleries_count: number;
  /** Which policy pages the content folder wrote, by kind and language (not their text). */
  readonly policy_pages: readonly { readonly kind: PolicyKind; readonly locale: string }[];
  readonly revision: number;
}

export interface StoryPage {
  readonly stories: readonly StorySummary[];
  readonly total: number;
  /**
   * With a tag filter: every language the tag has public stories in (its pages' translations,
   * found in the same round trip).
   */
  readonly tagLocales?: readonly string[];
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

export interface ContentRepository {
  /** Null when the newsroom has not been imported yet. */
  getSiteContext(): Promise<SiteContext | null>;
  getHomepage(locale: string, page: number, pageSize: number): Promise<HomepageContent>;
  listStories(input: ListStoriesInput): Promise<StoryPage>;
  /** Public stories matching an API filter, newest first, with their total (a count query). */
  listMatchingStories(input: MatchingStoriesInput): Promise<StoryPage>;
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
  /** Newest public stories of a language (or one of its categories or tags) with their bodies. */
  listFeedStories(input: ListFeedStoriesInput): Promise<FeedStory[]>;
  /** A page of a language's public stories for its sitemap, newest first. */
  listSitemapStories(input: { locale: string; offset: number; limit: number }): Promise<SitemapStory[]>;
  /** Public stories of any language published since the given time (Google News sitemap). */
  listRecentStories(since: number, limit: number): Promise<SitemapStory[]>;
  /** All non-empty galleries with their images, for sitemaps. */
  listAllGalleries(): Promise<Gallery[]>;
  /**
   * When a language's list pages last changed, for sitemap `lastmod`: the newest public story of
   * the language, and of each category and tag in it (epoch seconds; categories without one are
   * absent).
   */
  getListFreshness(locale: string): Promise<ListFreshness>;
  /** Non-empty galleries, newest first. */
  listGalleries(page: number, pageSize: number): Promise<GalleryPage>;
  /** A gallery with its images and videos, or null (empty galleries included: callers decide). */
  getGallery(uuid: string): Promise<Gallery | null>;
  /** A policy page written in the content folder, or null. */
  getPolicyPage(kind: PolicyKind, locale: string): Promise<PolicyPage | null>;
}

/** A confirmation mail to write with a request, once its quota allows (see SubscriptionStore). */
export interface ConfirmationRequest {
  /** The canonical mailbox the daily quota counts (domain/subscriber.ts canonicalMailbox). */
  readonly mailbox: string;
  /** Unique per request: marks the quota row the rest of the transaction depends on. */
  readonly requestId: string;
  readonly now: number;
  /** The confirmation link's token and its expiry (epoch seconds). */
  readonly confirmToken: string;
  readonly confirmExpiresAt: number;
}

/**
 * Visitors' writes: subscriptions and privacy requests, with their confirmation mail. Each request
 * is one transaction: the mailbox's daily quota is checked and counted, the row written and its
 * mail put in the outbox, or (quota spent, address already confirmed) nothing at all. Callers
 * answer the visitor the same either way, so the answer tells nobody who is on the list.
 */
export interface SubscriptionStore {
  /** The unsubscribe token of an existing (email, locale) subscriber, to put in a new mail. */
  unsubscribeTokenOf(email: string, locale: string): Promise<string | null>;
  /**
   * Starts (or restarts) the double opt-in of (email, locale): pending with a new confirmation
   * token, unless already confirmed. The mail is written with it.
   */
  requestSubscription(input: ConfirmationRequest & { email: string; locale: string; categories: readonly number[]; unsubscribeToken: string; mail: MailMessage }): Promise<void>;
  /** The pending subscription a confirmation token opens, if it has not expired. */
  findPendingSubscription(confirmToken: string, now: number): Promise<{ email: string; locale: string } | null>;
  /** Confirms the pending subscriber holding this unexpired confirmation token (used once); false otherwise. */
  confirm(confirmToken: string, now: number): Promise<boolean>;
  /** Unsubscribes the holder of this unsubscribe token; false when the token is unknown. */
  unsubscribe(token: string, now: number): Promise<boolean>;
  /** The subscriber holding this unsubscribe token, for the unsubscribe page. */
  findByToken(token: string): Promise<{ email: string; locale: string; status: string } | null>;
  /** Stores a privacy request, pending until confirmed by mail, with its mail. */
  requestDataRequest(input: ConfirmationRequest & { email: string; locale: string; kind: string; message: string; mail: MailMessage }): Promise<void>;
  findPendingDataRequest(confirmToken: string, now: number): Promise<{ email: string; kind: string } | null>;
  /** Confirms a pending privacy request (once); false for an unknown or expired token. */
  confirmDataRequest(confirmToken: string, now: number): Promise<boolean>;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post on alerts). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Mail written to the outbox by visitors' requests, waiting for the email API. */
export interface OutboxQueue {
  /** Claims up to `limit` unsent mails (each claimed by one caller). */
  claimUnsent(limit: number, now: number): Promise<(MailMessage & { id: number })[]>;
  /** Gives a claimed mail back after a failed send. */
  release(id: number): Promise<void>;
  /** Records that the email API refused a claimed mail for good (it is not tried again). */
  markFailed(id: number, now: number): Promise<void>;
  hasUnsent(): Promise<boolean>;
}

/** Sends mail: an HTTP email API when configured, else the D1 outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxMessage {
  readonly to_address: string;
  readonly subject: string;
  readonly text_body: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly created_at: number;
}

/** A confirmed privacy request, for the newsroom's operators. */
export interface ConfirmedDataRequest {
  readonly email: string;
  readonly locale: string;
  readonly kind: string;
  readonly message: string;
  readonly created_at: number;
  readonly confirmed_at: number;
}

/** Mail kept in the outbox and confirmed privacy requests, newest first (for the dev server). */
export interface OutboxReader {
  recent(limit: number): Promise<OutboxMessage[]>;
  confirmedDataRequests(limit: number): Promise<ConfirmedDataRequest[]>;
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

/** A story the minute cron made public. */
export interface WentLiveStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
}

/** Go-live work recorded for a story (docs/decisions/0015-scheduled-publishing.md). */
export interface PublishEvent {
  readonly id: number;
  readonly story_uuid: string;
  /** Alert the story's subscribers (its `notify` and the newsroom's `notify_subscribers`). */
  readonly alerts: boolean;
}

/** A story as announcements need it: where it lives and what it is filed under. */
export interface AnnouncedStory {
  readonly uuid: string;
  readonly slug: string;
  readonly locale: string;
  readonly title: string;
  readonly summary: string;
  readonly category_ids: readonly number[];
  /** Still public now? (It may have been withdrawn since it went live.) */
  readonly is_public: boolean;
}

/** Publishing by the clock: the cron's reads and writes. */
export interface PublishingStore {
  /**
   * Makes every scheduled or embargoed story whose release time is at or before `now` published
   * and public, in one transaction with its counts, its publish event and the content-revision
   * bump. `runId` must be unique per run: two overlapping runs each report only their own stories.
   */
  publishDue(now: number, runId: string): Promise<{ published: WentLiveStory[]; revision: number | null }>;
  /** The content revision D1 holds now and its last withdrawal's (one statement). */
  cachePointers(): Promise<{ revision: number; lastWithdrawal: number } | null>;
  /**
   * Takes the events not yet handed to the queue (each taken by exactly one caller), including
   * those a run claimed more than EVENT_CLAIM_TIMEOUT_SECONDS ago and never handed over.
   */
  claimWaitingEvents(now: number, limit: number): Promise<PublishEvent[]>;
  /** Records that the queue took these events. */
  markHanded(ids: readonly number[], now: number): Promise<void>;
  /** Gives events back when the queue refused them, for the next run. */
  releaseEvents(ids: readonly number[]): Promise<void>;
  /** The stories named, as announcements need them (unknown uuids are left out). */
  announcedStories(uuids: readonly string[]): Promise<AnnouncedStory[]>;
}

/** A confirmed subscriber an alert goes to. */
export interface AlertRecipient {
  readonly id: number;
  readonly email: string;
  readonly token: string;
}

/** Alert mail to subscribers, once per (story, subscriber). */
export interface AlertStore {
  /**
   * Confirmed subscribers of the locale whose chosen categories meet the story's (all of them
   * when they chose none), by id after `afterId`.
   */
  recipients(input: { locale: string; categoryIds: readonly number[]; afterId: number; limit: number }): Promise<AlertRecipient[]>;
  /** Claims the delivery; false when it was claimed before (sent, or being sent). */
  claimDelivery(storyUuid: string, subscriberId: number, now: number): Promise<boolean>;
  completeDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void>;
  /** Gives a claim back after a failed send, so a retry sends it. */
  releaseDelivery(storyUuid: string, subscriberId: number): Promise<void>;
  /** Records that the email API refused this subscriber's mail for good (not retried). */
  failDelivery(storyUuid: string, subscriberId: number, now: number): Promise<void>;
  /** Records that every alert of the story's event was handled. */
  finishAlerts(storyUuid: string, now: number): Promise<void>;
}
