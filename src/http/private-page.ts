/**
 * Pages whose address is a secret (journalists' links `/s/{token}`, the privacy portal's confirm
 * and unsubscribe links): they must not let it travel. Their answers are private and unindexed and
 * send no Referer, and they are rendered for a view of the newsroom with every third party off
 * (no analytics, no consent tool), which the page's CSP follows, so no analytics event or
 * third-party request can carry `location.href` away.
 */
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { requireSite } from './require-site';
import type { SiteContext } from '#src/domain/ports';

/** The newsroom with tracking disabled and no Plausible, Google Analytics, segment key, OneTrust or browser error reporting. */
export function withoutThirdParties(site: SiteContext): SiteContext {
  return {
    ...site,
    withoutThirdParties: true,
    newsroom: {
      ...site.newsroom,
      tracking_policy: 'disabled',
      is_plausible_enabled: false,
      segment_analytics_id: null,
      google_analytics_id: null,
      onetrust_cookie_consent: { is_enabled: false, category: '', script: '' },
    },
  };
}

/** Makes the rest of this request (its page, its CSP, its error page) see the quiet newsroom. */
export function quietSite(c: Context<AppEnv>): SiteContext {
  const site = withoutThirdParties(requireSite(c));
  c.set('site', site);
  return site;
}

