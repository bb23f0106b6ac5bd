/**
 * Feeds of a language and of each category and tag (RSS, Atom, JSON Feed; the models:
 * src/pages/feeds.ts), with conditional GET. A known tag's other spelling moves to its own address.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { MovedError } from '#src/domain/errors';
import { normalizeTag } from '#src/domain/tag';
import { urls, urlContextOf, type FeedFormat } from '#src/i18n/urls';
import { cacheRules } from '#src/http/cache-rules';
import { conditionalResponse } from '#src/http/conditional-get';
import { requireSite } from '#src/http/require-site';
import { FEED_CONTENT_TYPES, feedText, loadFeed, type FeedScope } from '#src/pages/feeds';

async function serveFeed(c: Context<AppEnv>, format: FeedFormat, scope: FeedScope): Promise<Response> {
  const feed = await loadFeed(c.var.deps, requireSite(c), c.var.locale, scope, format);
  return conditionalResponse(c.req.raw, feedText(feed, format), { contentType: FEED_CONTENT_TYPES[format], cacheControl: cacheRules.feed, lastModified: feed.updated || null });
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
