/**
 * Feeds of a language and of each category and tag: RSS `/feed`, Atom `/feed/atom`, JSON Feed
 * `/feed/json` (prefixed by the locale segment; categories under `/category/{slug}/feed`, tags
 * under `/tag/{tag}/feed`). Full content with absolute addresses, cover images, categories,
 * stable guids, and conditional GET.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import type { Deps } from '#src/adapters';
import { requireSite } from '#src/http/require-site';
import { MovedError, NotFoundError } from '#src/domain/errors';
import { UploadedImage } from '#src/domain/media/index';
import type { SiteContext } from '#src/domain/ports';
import { normalizeTag } from '#src/domain/tag';
import { toBcp47 } from '#src/i18n/locales';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, type FeedFormat, urlContextOf } from '#src/i18n/urls';
import { cacheRules } from '#src/http/cache-rules';
import { absolutizeHtml, renderAtom, renderJsonFeed, renderRss, type FeedModel } from '#src/pages/feeds';
import { resolveBodyMedia } from '#src/domain/media/payload-addresses';
import { absoluteImage, siteIcons } from '#src/pages/layout';
import { absoluteMediaRoot } from '#src/pages/markdown-form';
import { conditionalResponse } from '#src/http/conditional-get';
import { tagTitle } from '#src/pages/tag';
import { siteNameFor } from '#src/domain/newsroom';

export const FEED_SIZE = 20;

const CONTENT_TYPES: Record<FeedFormat, string> = {
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

async function serveFeed(c: Context<AppEnv>, format: FeedFormat, scope: FeedScope): Promise<Response> {
  const feed = await loadFeed(c.var.deps, requireSite(c), c.var.locale, scope, format);
  const body = format === 'rss' ? renderRss(feed) : format === 'atom' ? renderAtom(feed) : renderJsonFeed(feed);
  return conditionalResponse(c.req.raw, body, { contentType: CONTENT_TYPES[format], cacheControl: cacheRules.feed, lastModified: feed.updated || null });
}

/** A tag's feed, asked for by any spelling: a known tag's other spelling moves to its own address. */
async function serveTagFeed(c: Context<AppEnv>, format: FeedFormat, requested: string): Promise<Response> {
  const tag = normalizeTag(requested);
  if (requested === tag) return serveFeed(c, format, { tag });
  // Loaded first so an unknown tag stays a 404 whatever its spelling.
  const site = requireSite(c);
  await loadFeed(c.var.deps, site, c.var.locale, { tag });
  throw new MovedError(urls.tagFeed(urlContextOf(site), c.var.locale, tag, format));
}

export const feeds = new Hono<AppEnv>()
  .get('/feed', (c) => serveFeed(c, 'rss', null))
  .get('/feed/atom', (c) => serveFeed(c, 'atom', null))
  .get('/feed/json', (c) => serveFeed(c, 'json', null))
  .get('/category/:slug/feed', (c) => serveFeed(c, 'rss', { categorySlug: c.req.param('slug') }))
  .get('/category/:slug/feed/atom', (c) => serveFeed(c, 'atom', { categorySlug: c.req.param('slug') }))
  .get('/category/:slug/feed/json', (c) => serveFeed(c, 'json', { categorySlug: c.req.param('slug') }))
  .get('/tag/:tag/feed', (c) => serveTagFeed(c, 'rss', c.req.param('tag')))
  .get('/tag/:tag/feed/atom', (c) => serveTagFeed(c, 'atom', c.req.param('tag')))
  .get('/tag/:tag/feed/json', (c) => serveTagFeed(c, 'json', c.req.param('tag')));
