/**
 * The view models pages receive: complete data, no fetching, no request objects. Built by the
 * routes' load functions, rendered by the views, and serialised for JSON alternates (json.ts).
 * The document head's model is head-model.ts.
 */
import type { ServerClientConfig } from '#src/client/config';
import type { Contact } from '#src/domain/contact';
import type { Gallery, GallerySummary } from '#src/domain/gallery';
import type { StoredImagePayload } from '#src/domain/media-payload';
import type { CompanyInformation, NavigationLayout, Newsroom, NewsroomNotification } from '#src/domain/newsroom';
import type { SearchResultHit } from '#src/domain/search-query';
import type { SharedStoryNotice } from '#src/domain/publishing';
import type { Story, StorySummary } from '#src/domain/story';
import type { MessageId } from '#src/i18n/translate';
import type { NewsroomContextProps, PageTranslation } from './contexts';
import type { HeadModel } from './head-model';

export interface NavigationItem {
  readonly name: string;
  readonly href: string;
  readonly isCurrent: boolean;
}

export interface LayoutModel {
  readonly context: NewsroomContextProps;
  /** The page's browser configuration (consent, analytics, messages). */
  readonly client: ServerClientConfig;
  readonly siteDomains: readonly string[];
  readonly head: HeadModel;
  readonly newsroom: Newsroom;
  readonly company: CompanyInformation | null;
  readonly homeHref: string;
  /** Where the header's search form submits. */
  readonly searchAction: string;
  readonly navigation: {
    /** How wide screens show the categories: a bar (overflow under "More") or one dropdown. */
    readonly layout: NavigationLayout;
    readonly categories: readonly NavigationItem[];
    /** The media gallery, when the newsroom has one. */
    readonly media: NavigationItem | null;
  };
  /** The current page in every language it exists in, the current language included. */
  readonly languages: readonly (PageTranslation & { isCurrent: boolean })[];
  readonly privacyLinks: { readonly subscribe: string; readonly dataRequest: string };
  /** Notices of this language, shown above the header. */
  readonly notifications: readonly NewsroomNotification[];
  /** The privacy and cookie policies of this language, where the newsroom has them. */
  readonly policyLinks: { readonly privacy: string | null; readonly cookie: string | null };
  readonly mediaRoot: string;
  readonly stylesheet: string;
  /** The newsroom's theme stylesheet (`/theme-{hash}.css`), linked after the stylesheet; null without a theme. */
  readonly themeStylesheet: string | null;
}

export interface StoryCardModel {
  readonly story: StorySummary;
  readonly href: string;
  readonly categories: readonly { name: string; href: string }[];
}

export interface HomePageModel {
  readonly layout: LayoutModel;
  readonly highlighted: StoryCardModel | null;
  /** The grid's pages leave out the highlighted story (shown above page 1 only). */
  readonly withHighlightedStory: boolean;
  readonly stories: readonly StoryCardModel[];
  readonly page: number;
  readonly pages: number;
  readonly nextPageHref: string | null;
  readonly previousPageHref: string | null;
  readonly contacts: readonly Contact[];
  /** Tiles above the story list on page 1, when the newsroom shows featured categories. */
  readonly featuredCategories: readonly FeaturedCategoryModel[];
}

export interface CategoryPageModel {
  readonly layout: LayoutModel;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly stories: readonly StoryCardModel[];
  readonly page: number;
  readonly pages: number;
  readonly nextPageHref: string | null;
  readonly previousPageHref: string | null;
}

/** A tag's public stories in one language (src/routes/tag.tsx). */
export interface TagPageModel {
  readonly layout: LayoutModel;
  /** The tag in its stored form, as in its address. */
  readonly tag: string;
  /** "Stories tagged “{tag}”", in the page's language. */
  readonly title: string;
  readonly stories: readonly StoryCardModel[];
  readonly page: number;
  readonly pages: number;
  readonly nextPageHref: string | null;
  readonly previousPageHref: string | null;
}

export interface GalleryIndexModel {
  readonly layout: LayoutModel;
  readonly title: string;
  readonly galleries: readonly { gallery: GallerySummary; href: string }[];
  readonly page: number;
  readonly pages: number;
  readonly nextPageHref: string | null;
  readonly previousPageHref: string | null;
}

/** A page the share bar offers: its absolute, canonical address and its title. */
export interface SharedPage {
  readonly url: string;
  readonly title: string;
}

export interface GalleryPageModel {
  readonly layout: LayoutModel;
  readonly gallery: Gallery;
  readonly indexHref: string;
  /** "Download all": the ZIP's address and the originals' total size; null without images. */
  readonly archive: { readonly href: string; readonly bytes: number } | null;
  /** What the share bar offers; null on the secret-link page of an unreleased gallery. */
  readonly share: SharedPage | null;
  /** The embargo banner of the secret-link page; null on public pages. */
  readonly notice: GalleryNoticeModel | null;
}

/** A gallery's release time in the newsroom's zone, for the embargo banner of its secret-link page. */
export interface GalleryNoticeModel {
  readonly date: string;
  readonly time: string;
  readonly zone: string;
}

export interface StoryPageModel {
  readonly layout: LayoutModel;
  readonly story: Story;
  readonly categories: readonly { name: string; href: string }[];
  /** The story's tags, each once; linked to its tag page where the story is public. */
  readonly tags: readonly { readonly name: string; readonly href: string | null }[];
  readonly related: readonly StoryCardModel[];
  /** What a secret-link reader may do with the story; null on public pages. */
  readonly notice: StoryNoticeModel | null;
  /** "Download all" of the story's media (public pages only); null without media. */
  readonly archive: { readonly href: string; readonly bytes: number } | null;
  /** What the share bar offers; null on secret-link pages, whose address must not travel. */
  readonly share: SharedPage | null;
  /** The story's own press contacts ("Media contacts"), in its front matter's order. */
  readonly contacts: readonly Contact[];
}

/**
 * The story itself (its article and its own press contacts): the part of a story page that the
 * editor's preview shows too, built there from the file being edited
 * (src/admin/client/story-preview-model.ts). A StoryPageModel is one.
 */
export type StoryArticleModel = Pick<StoryPageModel, 'story' | 'categories' | 'tags' | 'archive' | 'share' | 'contacts'> & {
  readonly layout: Pick<LayoutModel, 'languages' | 'mediaRoot'>;
};

/** The banner of a secret-link page, with its release (or planned) time in the newsroom's zone. */
export interface StoryNoticeModel {
  readonly kind: SharedStoryNotice;
  readonly date: string;
  readonly time: string;
  readonly zone: string;
}

/** What the privacy portal shows: a form (with the visitor's values and error) or an outcome. */
export type PrivacyView =
  | { kind: 'subscribe'; email: string; error: MessageId | null; selected: readonly number[] }
  | { kind: 'pending' }
  | { kind: 'confirm-subscription' }
  | { kind: 'confirmed' }
  | { kind: 'invalid' }
  | { kind: 'unsubscribe'; email: string }
  | { kind: 'unsubscribed' }
  | { kind: 'data-request'; email: string; error: MessageId | null; requestKind: string; message: string }
  | { kind: 'data-request-pending' }
  /** Kept for the operators without a confirmation mail (its mailbox had already had its mails for the day). */
  | { kind: 'data-request-recorded' }
  | { kind: 'confirm-data-request' }
  | { kind: 'received' }
  /** A journalist's link to leave the media list (src/pages/press-leave.ts): the question, then the outcome. */
  | { kind: 'leave-media-list'; email: string }
  | { kind: 'left-media-list' };

export interface PrivacyPageModel {
  readonly layout: LayoutModel;
  readonly title: string;
  readonly view: PrivacyView;
  /** Where the page's form posts: the page itself. */
  readonly action: string;
  readonly categories: readonly { id: number; name: string }[];
  /** The newsroom's name in the page's language (what a subscription is to). */
  readonly companyName: string;
  /** Cloudflare Turnstile's site key for this page's form; null: no widget. */
  readonly turnstileSiteKey: string | null;
}

export interface SearchFacetModel {
  readonly name: 'category' | 'year' | 'month';
  readonly values: readonly SearchFacetValueModel[];
  /** A form to find more values by name, when the facet has more than it lists; else null. */
  readonly finder?: SearchFacetFinderModel | null;
}

export interface SearchFacetValueModel {
  readonly label: string;
  /** The label with the finder's typed letters marked (highlight markers), when found by name. */
  readonly highlighted?: string | undefined;
  readonly count: number;
  readonly active: boolean;
  readonly href: string;
}

export interface SearchFacetFinderModel {
  /** What was typed; '' when the facet lists its most frequent values. */
  readonly query: string;
  /** The search's other filters, carried by the form. */
  readonly hidden: readonly { name: string; value: string }[];
  /** Back to the most frequent values, when something was typed. */
  readonly clearHref: string | null;
}

export interface SearchPageModel {
  readonly layout: LayoutModel;
  /** The search page address the form submits to. */
  readonly action: string;
  readonly query: string;
  readonly hasQuery: boolean;
  readonly total: number;
  readonly hits: readonly (SearchResultHit & { href: string })[];
  readonly facets: readonly SearchFacetModel[];
  readonly clearFiltersHref: string | null;
  readonly nextPageHref: string | null;
  /** Shown when the configured search engine failed and the built-in search answered. */
  readonly notice: string | null;
}

export interface PolicyPageModel {
  readonly layout: LayoutModel;
  readonly title: string;
  /** Sanitised at import from the content folder's Markdown. */
  readonly bodyHtml: string;
  readonly updatedAt: number | null;
}

export interface FeaturedCategoryModel {
  readonly name: string;
  readonly description: string;
  readonly href: string;
  readonly storiesCount: number;
  readonly image: StoredImagePayload | null;
}

/**
 * An embed card (src/routes/embed.tsx): one public story or gallery, framed by another site
 * through oEmbed. What the card shows, no more: no navigation, no script, no analytics.
 */
export interface EmbedCardModel {
  readonly locale: string;
  /** The newsroom's time zone, for the date. */
  readonly timeZone: string;
  readonly kind: 'story' | 'gallery';
  readonly title: string;
  readonly published: number;
  /** A story's subtitle (else summary), a gallery's description; may be empty. */
  readonly summary: string;
  readonly cover: StoredImagePayload | null;
  /** A gallery's images and videos. */
  readonly counts: { readonly images: number; readonly videos: number } | null;
  /** The page itself (absolute): the card's link opens it in a new tab, outside the frame. */
  readonly href: string;
  readonly newsroomName: string;
  readonly mediaRoot: string;
  readonly stylesheet: string;
  readonly themeStylesheet: string | null;
}
