/**
 * Plausible page views, cookieless: one POST to Plausible's events API per page view, for the
 * newsroom's site and the shared roll-up site at once (a comma-separated domain list), without
 * loading Plausible's script.
 */
export const PLAUSIBLE_EVENT_URL = 'https://plausible.io/api/event';

export function plausiblePageView(domains: readonly string[], url: string, referrer: string): string {
  return JSON.stringify({ name: 'pageview', url, domain: domains.join(','), referrer: referrer || null });
}
