/**
 * Feeds of a language and of each category: RSS `/feed`, Atom `/feed/atom`, JSON Feed `/feed/json`
 * (prefixed by the locale segment; categories under `/category/{slug}/feed`). Full content with
 * absolute addresses, cover images, categories, stable guids, and conditional GET.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '#src/env';
import { NotFoundError } from '#src/domain/errors';
import { UploadedImage } from '#src/domain/media/index';
import type { SiteContext } from '#src/domain/ports';
import { toBcp47 } from '#src/i18n/locales';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, type FeedFormat } from '#src/i18n/urls';
import { cacheRules } from '#src/middleware/cache-rules';
import { absolutizeHtml, renderAtom, renderJsonFeed, renderRss, type FeedModel } from '#src/views/feeds';
import { resolveBodyMedia } from '#src/views/image-attributes';
import { absoluteImage, siteIcons, urlContextOf } from './layout-model';
import { conditionalResponse } from './conditional';

export const FEED_SIZE = 20;

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

export async function loadFeed(deps: Deps, site: SiteContext, locale: string, categorySlug: string | null): Promise<FeedModel> {
  const ctx = urlContextOf(site);
  const origin = site.newsroom.url;
  const category = categorySlug ? site.categories.find((candidate) => candidate.i18n[locale]?.slug === categorySlug) : null;
  if (categorySlug && (!category || (category.public_stories_count[locale] ?? 0) === 0)) throw new NotFoundError(`Feed of ${categorySlug}`);
  const stories = await deps.content.listFeedStories({ locale, categoryId: category?.id ?? null, limit: FEED_SIZE });
  const company = site.companies[locale];
  const name = company?.name ?? site.newsroom.display_name;
  const messages = messagesFor(locale);
  const categoryName = category?.i18n[locale]?.name;
  const self = (format: FeedFormat) => urls.absolute(origin, urls.feed(ctx, locale, format, categorySlug));
  const icon = siteIcons(site, deps.config.mediaRoot).appleTouchIcon;
  return {
    title: categoryName ? formatMessage(locale, messages, 'feed.category_title', { name, category: categoryName }) : formatMessage(locale, messages, 'feed.title', { name }),
    description: (category ? category.i18n[locale]?.description : company?.about_plaintext) ?? '',
    homeUrl: urls.absolute(origin, categorySlug ? urls.category(ctx, locale, categorySlug) : urls.home(ctx, locale)),
    selfUrls: { rss: self('rss'), atom: self('atom'), json: self('json') },
    hub: deps.config.webSubHub,
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
        published: story.published_at,
        updated: Math.max(story.updated_at, story.published_at),
        author: story.author_name,
        categories: story.categories.map((ref) => ref.name),
        image: image && picture ? { ...image, size: picture.size, mimeType: UploadedImage.fromJSON(picture).mimeType } : null,
      };
    }),
  };
}

async function serveFeed(c: Context<AppEnv>, format: FeedFormat, categorySlug: string | null): Promise<Response> {
  const feed = await loadFeed(c.var.deps, c.var.site!, c.var.locale, categorySlug);
  const body = format === 'rss' ? renderRss(feed) : format === 'atom' ? renderAtom(feed) : renderJsonFeed(feed);
  return conditionalResponse(c.req.raw, body, { contentType: CONTENT_TYPES[format], cacheControl: cacheRules.feed, lastModified: feed.updated || null });
}

export const feeds = new Hono<AppEnv>()
  .get('/feed', (c) => serveFeed(c, 'rss', null))
  .get('/feed/atom', (c) => serveFeed(c, 'atom', null))
  .get('/feed/json', (c) => serveFeed(c, 'json', null))
  .get('/category/:slug/feed', (c) => serveFeed(c, 'rss', c.req.param('slug')))
  .get('/category/:slug/feed/atom', (c) => serveFeed(c, 'atom', c.req.param('slug')))
  .get('/category/:slug/feed/json', (c) => serveFeed(c, 'json', c.req.param('slug')));
