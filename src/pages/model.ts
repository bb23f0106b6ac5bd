/**
 * The view models pages receive: complete data, no fetching, no request objects. Built by the
 * page kinds' load functions (./home.ts, ./story.ts, …), rendered by the views, and serialised
 * for JSON alternates (./json-form.ts).
 * The document head's model is ./head.ts.
 */
import type { PageClientConfig } from './browser-config';
import type { Contact } from '#src/domain/contact';
import type { Gallery, GallerySummary } from '#src/domain/gallery';
import type { StoredImagePayload } from '#src/domain/media-payload';
import type { CompanyInformation, NavigationLayout, Newsroom, NewsroomNotification } from '#src/domain/newsroom';
import type { SearchResultHit } from '#src/domain/search-query';
import type { SharedStoryNotice } from '#src/domain/publishing';
import type { Story, StorySummary } from '#src/domain/story';
import type { HeadModel } from './head';

/** One entry of the language switcher: the current page in another language. */
export interface PageTranslation {
  readonly code: string;
  readonly name: string;
  readonly href: string;
}

/** What the shell reads from page props; without it the page renders bare. */
export interface NewsroomContextProps {
  readonly localeCode: string;
  readonly newsroom: Newsroom;
  readonly currentStory: StorySummary | null;
  readonly translations: readonly PageTranslation[];
  readonly isTrackingEnabled: boolean;
}

export interface NavigationItem {
  readonly name: string;
  readonly href: string;
  readonly isCurrent: boolean;
}

export interface LayoutModel {
  readonly context: NewsroomContextProps;
  /** The page's browser configuration (consent, analytics, messages): src/pages/browser-config.ts. */
  readonly client: PageClientConfig;
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
  readonly portalLinks: { readonly subscribe: string; readonly dataRequest: string };
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

/** A tag's public stories in one language (src/pages/tag.ts). */
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
export interface ShareBarTarget {
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
  readonly shareBar: ShareBarTarget | null;
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
  readonly shareBar: ShareBarTarget | null;
  /** The story's own press contacts ("Media contacts"), in its front matter's order. */
  readonly contacts: readonly Contact[];
}

/**
 * The story itself (its article and its own press contacts): the part of a story page that the
 * editor's preview shows too, built there from the file being edited
 * (src/admin/client/story-preview-model.ts). A StoryPageModel is one.
 */
export type StoryArticleModel = Pick<StoryPageModel, 'story' | 'categories' | 'tags' | 'archive' | 'shareBar' | 'contacts'> & {
  readonly layout: Pick<LayoutModel, 'languages' | 'mediaRoot'>;
};

/** The banner of a secret-link page, with its release (or planned) time in the newsroom's zone. */
export interface StoryNoticeModel {
  readonly kind: SharedStoryNotice;
  readonly date: string;
  readonly time: string;
  readonly zone: string;
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
