/**
 * What other sites embed (docs/decisions/0024-oembed-and-content-signals.md): the oEmbed answer
 * for a public story or gallery, and the card its iframe shows (`/{slug}/embed`,
 * `[/{locale}]/media/album/{uuid}/embed`). Stories and galleries are loaded by their pages' own
 * functions, so the same rules decide what exists.
 */
import type { Deps } from '#src/deps';
import { embedSize, type EmbedBounds } from '#src/domain/oembed';
import type { SiteContext } from '#src/domain/ports';
import { urls, urlContextOf } from '#src/i18n/urls';
import { loadGallery } from './galleries';
import { OEMBED_THUMBNAIL_BOUNDS, oembedThumbnail, storyOembed, type ThumbnailBounds } from './json-form';
import type { GalleryPageModel } from './galleries';
import type { DocumentShell, LayoutModel } from './model';
import { themeStylesheetHref } from './layout';
import type { StoryPageModel } from './story';
import type { OembedModel } from './oembed-answer';
import { loadStory } from './story';
import type { StoredImagePayload } from '#src/domain/media-payload';

/** The card's own stylesheet (public/styles/embed.css): a few rules, not the site's. */
export const EMBED_STYLESHEET = '/styles/embed.css';

/** The company's name, as the page's Open Graph card names the site. */
function providerName(layout: LayoutModel): string {
  return layout.head.openGraph?.siteName ?? layout.newsroom.display_name;
}

/** The thumbnail's bounds: SPEC section 3's width, within what the consumer asked for. */
function thumbnailBounds(bounds: EmbedBounds): ThumbnailBounds {
  return { maxWidth: Math.min(OEMBED_THUMBNAIL_BOUNDS.maxWidth, bounds.maxWidth ?? Infinity), maxHeight: bounds.maxHeight };
}

/** The oEmbed answer for a public story. */
export async function loadStoryOembed(deps: Deps, site: SiteContext, slug: string, bounds: EmbedBounds): Promise<OembedModel> {
  const model = await loadStory(deps, site, slug);
  const origin = site.newsroom.url;
  const { title, thumbnail_url, thumbnail_width, thumbnail_height } = storyOembed(model, site, thumbnailBounds(bounds));
  return {
    title,
    authorName: model.story.author?.display_name ?? providerName(model.layout),
    providerName: providerName(model.layout),
    providerUrl: urls.absolute(origin, model.layout.homeHref),
    embedUrl: urls.absolute(origin, urls.storyEmbed(model.story.slug)),
    ...embedSize(bounds),
    thumbnail: thumbnail_url !== null && thumbnail_width !== null && thumbnail_height !== null ? { thumbnail_url, thumbnail_width, thumbnail_height } : null,
  };
}

/** The oEmbed answer for a public gallery. */
export async function loadGalleryOembed(deps: Deps, site: SiteContext, locale: string, uuid: string, bounds: EmbedBounds): Promise<OembedModel> {
  const model = await loadGallery(deps, site, locale, uuid);
  const origin = site.newsroom.url;
  return {
    title: model.gallery.title,
    authorName: providerName(model.layout),
    providerName: providerName(model.layout),
    providerUrl: urls.absolute(origin, model.layout.homeHref),
    embedUrl: urls.absolute(origin, urls.galleryEmbed(urlContextOf(site), locale, model.gallery.uuid)),
    ...embedSize(bounds),
    thumbnail: oembedThumbnail(model.gallery.thumbnail_image, model.layout.mediaRoot, origin, thumbnailBounds(bounds)),
  };
}

/** The card's start: its own stylesheet and the newsroom's theme, in light and dark, and no script (the frame would not run it). */
function embedShell(site: SiteContext, locale: string): DocumentShell {
  const theme = themeStylesheetHref(site);
  return { locale, stylesheets: theme ? [EMBED_STYLESHEET, theme] : [EMBED_STYLESHEET], colorScheme: 'light dark', themeColor: null, clientScript: false };
}

function storyCard(model: StoryPageModel, site: SiteContext): EmbedCardModel {
  const { story, layout } = model;
  return {
    locale: story.locale,
    timeZone: site.newsroom.timezone,
    kind: 'story',
    title: story.title,
    published: story.published_at,
    summary: story.subtitle || story.summary,
    cover: story.cover,
    counts: null,
    href: urls.absolute(site.newsroom.url, urls.story(story.slug)),
    newsroomName: providerName(layout),
    mediaRoot: layout.mediaRoot,
    shell: embedShell(site, story.locale),
  };
}

function galleryCard(model: GalleryPageModel, site: SiteContext, locale: string): EmbedCardModel {
  const { gallery, layout } = model;
  return {
    locale,
    timeZone: site.newsroom.timezone,
    kind: 'gallery',
    title: gallery.title,
    published: gallery.published_at,
    summary: gallery.description,
    cover: gallery.thumbnail_image,
    counts: { images: gallery.images_number, videos: gallery.videos_number },
    href: urls.absolute(site.newsroom.url, urls.gallery(urlContextOf(site), locale, gallery.uuid)),
    newsroomName: providerName(layout),
    mediaRoot: layout.mediaRoot,
    shell: embedShell(site, locale),
  };
}

/** A public story's embed card. */
export async function loadStoryEmbedCard(deps: Deps, site: SiteContext, slug: string): Promise<EmbedCardModel> {
  return storyCard(await loadStory(deps, site, slug), site);
}

/** A public gallery's embed card. */
export async function loadGalleryEmbedCard(deps: Deps, site: SiteContext, locale: string, uuid: string): Promise<EmbedCardModel> {
  return galleryCard(await loadGallery(deps, site, locale, uuid), site, locale);
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
  readonly shell: DocumentShell;
}
