/**
 * What every page's model shares: the layout (head, navigation, language switcher, contexts),
 * story cards, the share bar's target. Each page kind's own model is in its file (./home.ts,
 * ./story.ts, …), beside its load function; the document head's model is ./head.ts.
 */
import type { PageClientConfig } from './browser-config';
import type { CompanyInformation, NavigationLayout, Newsroom, NewsroomNotification } from '#src/domain/newsroom';
import type { StorySummary } from '#src/domain/story';
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
  /** The start of the page's head, known before its data (src/views/render.tsx). */
  readonly shell: DocumentShell;
}

/**
 * What a document's head starts with: known from the newsroom alone, before a page reads its data,
 * so it is sent first (docs/decisions/0049-stream-the-head-first.md).
 */
export interface DocumentShell {
  readonly locale: string;
  /** In order: the site's, then the newsroom's theme (`/theme-{hash}.css`, custom properties only), so its values win. */
  readonly stylesheets: readonly string[];
  /** `light dark` when the stylesheets style both, so the browser paints the right canvas before they arrive. */
  readonly colorScheme: string | null;
  readonly themeColor: string | null;
  /** Whether the page loads the browser bundle (deferred: a module script). */
  readonly clientScript: boolean;
}

export interface StoryCardModel {
  readonly story: StorySummary;
  readonly href: string;
  readonly categories: readonly { name: string; href: string }[];
}

/** A page the share bar offers: its absolute, canonical address and its title. */
export interface ShareBarTarget {
  readonly url: string;
  readonly title: string;
}
