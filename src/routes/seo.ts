/**
 * For crawlers: robots.txt, the IndexNow key file, the sitemap index, each language's sitemaps and
 * the news sitemap (their texts: src/pages/crawler-files.ts), with conditional GET. A
 * non-indexable newsroom disallows everything and has no sitemaps.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '#src/http/app-env';
import { NotFoundError } from '#src/domain/errors';
import type { SiteContext } from '#src/domain/ports';
import { cacheRules } from '#src/http/cache-rules';
import { conditionalResponse } from '#src/http/conditional-get';
import { requireSite } from '#src/http/require-site';
import { loadLanguageSitemap, loadNewsSitemap, robotsText, sitemapIndex } from '#src/pages/crawler-files';

const XML = 'application/xml; charset=utf-8';

function indexableSite(c: Context<AppEnv>): SiteContext {
  const site = requireSite(c);
  if (!site.newsroom.is_indexable) throw new NotFoundError('Sitemap');
  return site;
}

export const seo = new Hono<AppEnv>()
  // The one route that answers before anything is imported (no requireSite): nothing to crawl yet.
  .get('/robots.txt', (c) => c.text(robotsText(c.var.site), 200, { 'Cache-Control': cacheRules.feed }))
  // IndexNow's proof of ownership: the key, as plain text, at /{key}.txt (only when configured).
  // Any other such file is not this route's: it passes on (`/llms-full.txt`), down to a 404.
  .get('/:keyFile{[A-Za-z0-9-]{8,128}\\.txt}', async (c, next) => {
    const indexNow = c.var.deps.config.indexNow;
    if (!indexNow || c.req.param('keyFile') !== `${indexNow.key}.txt`) return next();
    return c.text(indexNow.key, 200, { 'Cache-Control': cacheRules.feed });
  })
  .get('/sitemap.xml', (c) => conditionalResponse(c.req.raw, sitemapIndex(indexableSite(c)), { contentType: XML, cacheControl: cacheRules.feed }))
  .get('/sitemaps/news.xml', async (c) => {
    const body = await loadNewsSitemap(c.var.deps, indexableSite(c), Math.floor(Date.now() / 1000));
    return conditionalResponse(c.req.raw, body, { contentType: XML, cacheControl: cacheRules.feed });
  })
  .get('/sitemaps/:name{[a-z0-9-]+\\.xml}', async (c) => {
    const { body, lastModified } = await loadLanguageSitemap(c.var.deps, indexableSite(c), c.req.param('name'));
    return conditionalResponse(c.req.raw, body, { contentType: XML, cacheControl: cacheRules.feed, lastModified });
  });
