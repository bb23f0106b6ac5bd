/**
 * The Content-Security-Policy a page of this newsroom is sent with: the origins the newsroom's
 * settings call for (analytics, the consent tool), the error-reporting ingest where the page may
 * report at all, then what the page itself needs (its video players' frames, Turnstile on a
 * portal form, anyone framing an embed card). Written by the two writers of HTML answers,
 * `renderPage` (./render-page.ts) and `errorResponse` (./error-page.tsx), onto the response they
 * make, so the page cache stores it with the page and its hits replay it.
 */
import type { Context } from 'hono';
import type { SiteContext } from '#src/domain/ports';
import type { AppEnv } from './app-env';
import { contentSecurityPolicy, cspSourcesForNewsroom, errorIngestSources, mergeSources, type CspSources } from './content-security-policy';

/**
 * @param site the newsroom the page shows (null before anything is imported: the strictest policy)
 * @param pageSources origins this one page needs beyond the newsroom's settings
 */
export function pagePolicy(c: Context<AppEnv>, site: SiteContext | null, pageSources: CspSources | null = null): string {
  const config = c.var.deps?.config;
  const newsroom = site ? cspSourcesForNewsroom(site.newsroom, config?.analyticsHost ?? null) : null;
  // The browser reports to the DSN's ingest, where the page may report at all.
  const ingest = site && !site.withoutThirdParties ? errorIngestSources(config?.errorReporting?.dsn ?? null) : null;
  return contentSecurityPolicy(mergeSources(mergeSources(newsroom, ingest), pageSources) ?? {});
}
