/**
 * The newsroom (settings, languages, companies, categories, contacts) for the request. It only
 * changes with the content revision, so an isolate keeps the last one it loaded and reuses it for
 * every request under the same revision: a warm cache miss loads the site with no D1 statement.
 * Without a known revision (KV and D1 both silent) it is loaded each time.
 */
import { createMiddleware } from 'hono/factory';
import type { SiteContext } from '#src/domain/ports';
import type { AppEnv } from '#src/http/app-env';

export function createSiteLoader() {
  let kept: { revision: number; siteUrl: string | null; site: SiteContext } | null = null;
  return createMiddleware<AppEnv>(async (c, next) => {
    const revision = c.var.contentRevision ?? null;
    // The site's origin is configuration (SITE_URL) the kept context carries: kept per origin too.
    const siteUrl = c.var.deps.config.siteUrl;
    if (revision !== null && kept?.revision === revision && kept.siteUrl === siteUrl) {
      c.set('site', kept.site);
    } else {
      const site = await c.var.deps.content.getSiteContext();
      c.set('site', site);
      // Kept under the revision this request is served under (KV's), so the key and the copy agree.
      if (site && revision !== null) kept = { revision, siteUrl, site };
    }
    await next();
  });
}
