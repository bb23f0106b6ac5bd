/**
 * The document head of a page (src/views/document.tsx): title, description, canonical and
 * alternates, icons, Open Graph, feeds, JSON-LD and oEmbed discovery. Built by the routes with
 * the page's layout (src/pages/layout.ts).
 */
import type { Alternate } from '#src/i18n/alternates';
import type { AbsoluteImage, JsonLd } from './structured-data';

export interface HeadModel {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL. */
  readonly canonical: string;
  readonly alternates: readonly Alternate[];
  readonly indexable: boolean;
  /** Favicon and apple-touch icon addresses, from the newsroom's icon and square logo. */
  readonly icon?: string | null;
  readonly appleTouchIcon?: string | null;
  readonly openGraph?: OpenGraphModel;
  /** google-site-verification, from the newsroom's Search Console key. */
  readonly siteVerification?: string | null;
  /** Feeds of this page's stories (RSS, Atom, JSON Feed). */
  readonly feeds?: readonly FeedLink[];
  /** The page's own JSON representation (stories). */
  readonly jsonAlternate?: string | null;
  /** The page's Markdown alternate (absolute), for `<link rel="alternate" type="text/markdown">`. */
  readonly markdownAlternate?: string | null;
  readonly jsonLd?: readonly JsonLd[];
  /** oEmbed discovery (stories and galleries): the endpoint's JSON answer for this page, and its title. */
  readonly oembed?: { readonly href: string; readonly title: string } | null;
}

export interface FeedLink {
  readonly type: 'application/rss+xml' | 'application/atom+xml' | 'application/feed+json';
  readonly title: string;
  readonly href: string;
}

export interface OpenGraphModel {
  readonly type: 'website' | 'article';
  readonly siteName: string;
  /** `fr_FR` style. */
  readonly locale: string;
  readonly alternateLocales: readonly string[];
  readonly image: AbsoluteImage | null;
  readonly article?: {
    readonly publishedTime: string;
    readonly modifiedTime: string;
    readonly author: string | null;
    readonly section: string | null;
    readonly tags: readonly string[];
  };
}
