/**
 * Where the site is served: the one origin every absolute address it writes is built on
 * (canonical and hreflang links, feeds, sitemaps, robots.txt, llms.txt, oEmbed, structured data,
 * the JSON alternates, mailed confirmation, unsubscribe and alert links). It comes from
 * configuration, never from a request: anyone can send any `Host`, and a page cached for everyone
 * or a mail in a real inbox would carry it. The deployment's `SITE_URL` wins (staging, or a
 * local server at http://localhost:8787); without it, the newsroom's own `url` from newsroom.yaml.
 * Code reads the result as `site.newsroom.url`.
 */
import type { SiteContext } from './ports';

/** The site context with `newsroom.url` set to the configured origin (unchanged without one). */
export function siteServedAt(site: SiteContext, siteUrl: string | null): SiteContext {
  if (siteUrl === null || site.newsroom.url === siteUrl) return site;
  return { ...site, newsroom: { ...site.newsroom, url: siteUrl } };
}
