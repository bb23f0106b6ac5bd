/**
 * Feeds of a language and of each category and tag: RSS `/feed`, Atom `/feed/atom`, JSON Feed
 * `/feed/json` (prefixed by the locale segment; categories under `/category/{slug}/feed`, tags
 * under `/tag/{tag}/feed`). Full content with absolute addresses, cover images, categories,
 * stable guids: each feed's model and its text in each format (the formats: ./feed-formats.ts).
 */
import type { Deps } from '#src/deps';
import { NotFoundError } from '#src/domain/errors';
import { UploadedImage } from '#src/domain/media';
import type { SiteContext } from '#src/domain/ports';
import { toBcp47 } from '#src/i18n/locales';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, type FeedFormat, urlContextOf } from '#src/i18n/urls';
import { absolutizeHtml, renderAtom, renderJsonFeed, renderRss, type FeedModel } from './feed-formats';
import { resolveBodyMedia } from '#src/domain/media/payload-addresses';
import { absoluteImage, siteIcons } from './layout';
import { absoluteMediaRoot } from './markdown-form';
import { tagTitle } from './tag';
import { siteNameFor } from '#src/domain/newsroom';

export const FEED_SIZE = 20;

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** Whose feed: the language's, one of its categories' (by slug) or one of its tags' (stored form). */
export type FeedScope = { readonly categorySlug: string } | { readonly tag: string } | null;

/** @param format the feed's format: only JSON Feed carries each body as Markdown too (`content_text`). */
export async function loadFeed(deps: Deps, site: SiteContext, locale: string, scope: FeedScope, format: FeedFormat = 'rss'): Promise<FeedModel> {
  const ctx = urlContextOf(site);
  const origin = site.newsroom.url;
  const categorySlug = scope && 'categorySlug' in scope ? scope.categorySlug : null;
  const tag = scope && 'tag' in scope ? scope.tag : null;
  const category = categorySlug ? site.categories.find((candidate) => candidate.i18n[locale]?.slug === categorySlug) : null;
  if (categorySlug && (!category || (category.public_stories_count[locale] ?? 0) === 0)) throw new NotFoundError(`Feed of ${categorySlug}`);
  const stories = await deps.content.listFeedStories({ locale, categoryId: category?.id ?? null, tag, limit: FEED_SIZE, withMarkdown: format === 'json' });
  // A tag without public stories in this language has no feed in it (nor a page).
  if (tag !== null && stories.length === 0) throw new NotFoundError(`Feed of tag ${tag}`);
  const company = site.companies[locale];
  const name = siteNameFor(site, locale);
  const messages = messagesFor(locale);
  const scopeName = category?.i18n[locale]?.name ?? (tag !== null ? tagTitle(locale, tag) : null);
  const self = (format: FeedFormat) => urls.absolute(origin, tag !== null ? urls.tagFeed(ctx, locale, tag, format) : urls.feed(ctx, locale, format, categorySlug));
  const homePath = categorySlug ? urls.category(ctx, locale, categorySlug) : tag !== null ? urls.tag(ctx, locale, tag) : urls.home(ctx, locale);
  const icon = siteIcons(site, deps.config.mediaRoot).appleTouchIcon;
  return {
    title: scopeName ? formatMessage(locale, messages, 'feed.category_title', { name, category: scopeName }) : formatMessage(locale, messages, 'feed.title', { name }),
    description: (category ? category.i18n[locale]?.description : tag !== null ? scopeName : company?.about_plaintext) ?? '',
    homeUrl: urls.absolute(origin, homePath),
    selfUrls: { rss: self('rss'), atom: self('atom'), json: self('json') },
    // Go-live pings the hub for the language's and its categories' feeds (src/jobs/changed-addresses.ts),
    // not for tags: a tag feed names no hub rather than one that never hears of its stories.
    hub: tag === null ? deps.config.webSubHub : null,
    language: toBcp47(locale),
    icon: icon ? urls.absolute(origin, icon) : null,
    updated: Math.max(0, ...stories.map((story) => Math.max(story.updated_at, story.published_at))),
    items: stories.map((story) => {
      // Feed readers show an image per item: a story without a cover gets the newsroom's own.
      const picture = story.cover ?? site.newsroom.thumbnail;
      const image = absoluteImage(picture, deps.config.mediaRoot, origin);
      return {
        id: story.uuid,
        url: urls.absolute(origin, urls.story(story.slug)),
        title: story.title,
        summary: story.subtitle || story.summary,
        contentHtml: absolutizeHtml(resolveBodyMedia(story.body_html, deps.config.mediaRoot), origin),
        contentText: story.body_markdown === undefined ? null : resolveBodyMedia(story.body_markdown, absoluteMediaRoot(deps.config.mediaRoot, origin)),
        published: story.published_at,
        updated: Math.max(story.updated_at, story.published_at),
        author: story.author_name,
        categories: story.categories.map((ref) => ref.name),
        image: image && picture ? { ...image, size: picture.size, mimeType: UploadedImage.fromJSON(picture).mimeType } : null,
      };
    }),
  };
}

/** The feed in one of its formats. */
export function feedText(feed: FeedModel, format: FeedFormat): string {
  return format === 'rss' ? renderRss(feed) : format === 'atom' ? renderAtom(feed) : renderJsonFeed(feed);
}
