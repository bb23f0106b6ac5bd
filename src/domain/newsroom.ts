/** The newsroom, its languages and company information (SPEC.md section 3). */
import type { StoredImagePayload } from './media-payload';

export const TRACKING_POLICIES = ['default', 'disabled', 'consent-to-identify'] as const;
export type TrackingPolicy = (typeof TRACKING_POLICIES)[number];
export const DEFAULT_TRACKING_POLICY: TrackingPolicy = 'default';

export interface OneTrustCookieConsent {
  readonly is_enabled: boolean;
  readonly category: string;
  readonly script: string;
}

export interface Newsroom {
  readonly uuid: string;
  readonly url: string;
  readonly display_name: string;
  readonly is_indexable: boolean;
  readonly is_plausible_enabled: boolean;
  readonly plausible_site_id: string | null;
  readonly tracking_policy: TrackingPolicy;
  readonly segment_analytics_id: string | null;
  readonly google_analytics_id: string | null;
  readonly google_search_console_key: string | null;
  readonly theme_color: string | null;
  /** IANA time zone in which dates are shown. */
  readonly timezone: string;
  readonly onetrust_cookie_consent: OneTrustCookieConsent;
  readonly newsroom_logo: StoredImagePayload | null;
  readonly icon: StoredImagePayload | null;
  readonly square_logo: StoredImagePayload | null;
  readonly thumbnail: StoredImagePayload | null;
}

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'pinterest', 'tiktok', 'twitter', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface CompanySeoSettings {
  readonly meta_title?: string | null;
  readonly default_meta_title?: string | null;
  readonly meta_description?: string | null;
  readonly default_meta_description?: string | null;
}

export interface CompanyInformation {
  readonly name: string;
  readonly about: string;
  readonly about_plaintext: string;
  readonly address: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly website: string | null;
  readonly social: Readonly<Partial<Record<SocialNetwork, string>>>;
  readonly seo_settings: CompanySeoSettings;
  readonly custom_data_request_link: string | null;
}

export interface Language {
  readonly code: string;
  readonly is_default: boolean;
  readonly public_stories_count: number;
}

/** The default language of a newsroom: the one flagged default, else the first. */
export function defaultLanguage(languages: readonly Language[]): Language {
  const found = languages.find((language) => language.is_default) ?? languages[0];
  if (!found) throw new Error('A newsroom needs at least one language');
  return found;
}

/**
 * The Plausible site list the analytics context receives: the newsroom's own site plus the
 * shared roll-up domain, so one dashboard can aggregate every newsroom.
 */
export function analyticsSiteDomains(newsroom: Pick<Newsroom, 'plausible_site_id'>, rollupDomain: string | null): string[] {
  return [newsroom.plausible_site_id, rollupDomain].filter((domain): domain is string => Boolean(domain));
}
