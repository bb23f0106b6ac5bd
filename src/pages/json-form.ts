/**
 * JSON representations, built by allowlist: each serializer names the fields that leave the
 * worker, so no internal column (author email, body text, sections) reaches a browser by accident.
 */
import type { GallerySummary } from '#src/domain/gallery';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { OEMBED_THUMBNAIL_MAX_WIDTH } from '#src/domain/oembed';
import { UploadedImage } from '#src/domain/media';
import { isoDate } from '#src/i18n/translate';
import { urls } from '#src/i18n/urls';
import { imageAttributes, resolveBodyMedia } from '#src/domain/media/payload-addresses';
import { absolutizeHtml } from './feed-formats';
import type { StoryCardModel } from './model';
import type { StoryPageModel } from './story';
import type { SiteContext } from '#src/domain/ports';
import { categoryJson, cultureJson, languageJson, newsroomJson } from './entity-json';

export interface ImageJson {
  readonly src: string;
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
}

function imageJson(image: StoredImagePayload | null, mediaRoot: string, width: number): ImageJson | null {
  if (!image) return null;
  const { src, srcSet, width: shownWidth, height } = imageAttributes(image, mediaRoot, width, `${width}px`);
  return { src, srcSet, width: shownWidth, height };
}

/** A story card's fields a client may leave out (`include` of POST /api/fetch-stories). */
export const OPTIONAL_CARD_FIELDS = ['thumbnail_image', 'categories', 'subtitle', 'summary'] as const;
export type OptionalCardField = (typeof OPTIONAL_CARD_FIELDS)[number];

/**
 * A story card as JSON. `include` names the optional fields to send; null (a client that names
 * none) sends them all, as the load-more island expects.
 */
export function storyCardJson(card: StoryCardModel, mediaRoot: string, include: readonly OptionalCardField[] | null = null) {
  const { story } = card;
  const optional = {
    subtitle: story.subtitle,
    summary: story.summary,
    thumbnail_image: imageJson(story.cover, mediaRoot, 400),
    categories: card.categories.map((category) => ({ name: category.name, url: category.href })),
  };
  return {
    uuid: story.uuid,
    slug: story.slug,
    url: card.href,
    locale: story.locale,
    title: story.title,
    published_at: isoDate(story.published_at),
    ...(include === null ? optional : Object.fromEntries(include.map((field) => [field, optional[field]]))),
  };
}

/**
 * The JSON alternate of a story page: docs/spec-coverage.md section 3's Story (with its culture, translations,
 * newsroom and oembed), its language and categories as entities, and the rendered content. The
 * author's e-mail is withheld (`null`): it is a person's address, not the press office's.
 */
export function storyJson(model: StoryPageModel, site: SiteContext) {
  const { story, layout } = model;
  const origin = site.newsroom.url;
  const cover = story.cover ? imageAttributes(story.cover, layout.mediaRoot, 1200, '1200px') : null;
  const absolute = (path: string) => urls.absolute(origin, path);
  const language = site.languages.find((candidate) => candidate.code === story.locale);
  const coverImage = cover ? { url: absolute(cover.src), width: cover.width, height: cover.height, caption: story.cover?.['prezly:data']?.caption ?? null } : null;
  return {
    uuid: story.uuid,
    slug: story.slug,
    url: absolute(urls.story(story.slug)),
    canonical_url: layout.head.canonical,
    locale: story.locale,
    culture: cultureJson(story.locale),
    status: story.status,
    visibility: story.visibility,
    title: story.title,
    subtitle: story.subtitle,
    summary: story.summary,
    published_at: isoDate(story.published_at),
    updated_at: isoDate(Math.max(story.updated_at, story.published_at)),
    author: story.author ? { display_name: story.author.display_name, email: null } : null,
    seo_settings: {
      meta_title: story.seo_settings.meta_title ?? null,
      meta_description: story.seo_settings.meta_description ?? null,
      canonical_url: story.seo_settings.canonical_url ?? null,
    },
    oembed: storyOembed(model, site),
    // model.categories are the same categories' page links, in the same order.
    categories: story.categories.flatMap((ref, index) => {
      const category = site.categories.find((candidate) => candidate.id === ref.id);
      const href = model.categories[index]?.href;
      return category ? [{ ...categoryJson(category, story.locale), url: href ? absolute(href) : null }] : [];
    }),
    tags: story.tags,
    cover_image: coverImage,
    content_html: absolutizeHtml(resolveBodyMedia(story.body_html, layout.mediaRoot), origin),
    // The translations this page may link to (SPEC section 5's table), with their addresses.
    translations: layout.context.translations
      .filter((language) => language.code !== story.locale)
      .flatMap((link) => {
        const translation = story.translations.find((candidate) => candidate.locale === link.code);
        return translation ? [{ culture: cultureJson(translation.locale), status: translation.status, visibility: translation.visibility, slug: translation.slug, locale: link.code, url: absolute(link.href) }] : [];
      }),
    language: language ? languageJson(language, site.companies[story.locale] ?? null) : null,
    newsroom: newsroomJson(site.newsroom, layout.mediaRoot),
  };
}

/** The largest thumbnail an oEmbed answer may name (the consumer's maxwidth and maxheight, when given). */
export interface ThumbnailBounds {
  readonly maxWidth: number;
  readonly maxHeight: number | null;
}

/** SPEC section 3's `oembed` thumbnail: the cover at most 1200 px wide, as the Open Graph card. */
export const OEMBED_THUMBNAIL_BOUNDS: ThumbnailBounds = { maxWidth: OEMBED_THUMBNAIL_MAX_WIDTH, maxHeight: null };

/**
 * An image as an oEmbed thumbnail inside `bounds`, never upscaled; null when it cannot fit (an
 * animated GIF is served whole, and the oEmbed spec wants the thumbnail within the bounds too).
 */
export function oembedThumbnail(image: StoredImagePayload | null, mediaRoot: string, origin: string, bounds: ThumbnailBounds) {
  if (!image) return null;
  const model = UploadedImage.fromJSON(image, { cdn: mediaRoot });
  // Rounded down so the height, rounded from the width, stays within maxHeight.
  const width = Math.min(bounds.maxWidth, model.width, bounds.maxHeight === null ? Infinity : Math.floor((bounds.maxHeight * model.width) / model.height));
  if (width < 1) return null;
  const shown = model.resize(width);
  if (shown.width > bounds.maxWidth || (bounds.maxHeight !== null && shown.height > bounds.maxHeight)) return null;
  return { thumbnail_url: urls.absolute(origin, shown.cdnUrl), thumbnail_width: shown.width, thumbnail_height: shown.height };
}

/**
 * SPEC section 3's `oembed {url, title, thumbnail_url, thumbnail_width, thumbnail_height}` of a
 * public story: in its JSON alternate, and the title and thumbnail the oEmbed endpoint answers
 * with (src/routes/embed.tsx), there within the consumer's bounds.
 */
export function storyOembed(model: StoryPageModel, site: SiteContext, bounds: ThumbnailBounds = OEMBED_THUMBNAIL_BOUNDS) {
  const thumbnail = oembedThumbnail(model.story.cover, model.layout.mediaRoot, site.newsroom.url, bounds);
  return {
    url: model.layout.head.canonical,
    title: model.story.title,
    thumbnail_url: thumbnail?.thumbnail_url ?? null,
    thumbnail_width: thumbnail?.thumbnail_width ?? null,
    thumbnail_height: thumbnail?.thumbnail_height ?? null,
  };
}

export function galleryCardJson(gallery: GallerySummary, href: string, mediaRoot: string) {
  return {
    uuid: gallery.uuid,
    url: href,
    title: gallery.title,
    images_number: gallery.images_number,
    videos_number: gallery.videos_number,
    thumbnail_image: imageJson(gallery.thumbnail_image, mediaRoot, 400),
  };
}
