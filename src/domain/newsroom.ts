/** The newsroom, its languages and company information (docs/spec-coverage.md section 3). */
import type { StoredImagePayload } from './media-payload';
import type { ContentSignals } from './content-signals';
import type { NewsroomTheme } from './theme';

export const TRACKING_POLICIES = ['default', 'disabled', 'consent-to-identify'] as const;
export type TrackingPolicy = (typeof TRACKING_POLICIES)[number];
export const DEFAULT_TRACKING_POLICY: TrackingPolicy = 'default';

/** How the header shows categories on wide screens (newsroom.yaml `navigation`). */
export const NAVIGATION_LAYOUTS = ['bar', 'dropdown'] as const;
export type NavigationLayout = (typeof NAVIGATION_LAYOUTS)[number];

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
  /** Colours and logo height from newsroom.yaml (src/domain/theme.ts); null: the stylesheet's own. */
  readonly theme: NewsroomTheme | null;
  readonly navigation_layout: NavigationLayout;
  /** The homepage shows the featured categories as tiles. */
  readonly show_featured_categories: boolean;
  /** What robots.txt says the content may be used for (src/domain/content-signals.ts). */
  readonly content_signals: ContentSignals;
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
  /** Notices shown above the header on every page of this language. */
  readonly notifications: readonly NewsroomNotification[];
  /** The organisation's own policy pages, used when the content folder has none of its own. */
  readonly privacy_policy_url: string | null;
  readonly cookie_policy_url: string | null;
}

export const NOTIFICATION_STYLES = ['success', 'info', 'warning', 'danger'] as const;
export type NotificationStyle = (typeof NOTIFICATION_STYLES)[number];

/** A per-language notice ("This newsroom moves on 1 December"), with optional links. */
export interface NewsroomNotification {
  readonly style: NotificationStyle;
  readonly title: string;
  readonly description: string;
  /** Each action is a link: `target` is an http(s) address or a path on this site. */
  readonly actions: readonly { readonly name: string; readonly target: string }[];
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
 * The company information a page in `locale` shows: that language's, else the default language's
 * (a language the content folder wrote no company file for still shows the newsroom's own), else
 * none.
 */
export function companyFor<Company = CompanyInformation>(
  site: { readonly languages: readonly Language[]; readonly companies: Readonly<Record<string, Company>> },
  locale: string,
): Company | null {
  return site.companies[locale] ?? (site.languages.length > 0 ? site.companies[defaultLanguage(site.languages).code] : undefined) ?? null;
}

/**
 * The name the newsroom goes by in `locale`, the same in its header and breadcrumbs, page titles,
 * feeds, mails and structured data: the name of the company companyFor finds (a language without
 * company information goes by the default language's company, as its header always did), else
 * the newsroom's display name.
 */
export function siteNameFor(
  site: { readonly newsroom: Pick<Newsroom, 'display_name'>; readonly languages: readonly Language[]; readonly companies: Readonly<Record<string, Pick<CompanyInformation, 'name'>>> },
  locale: string,
): string {
  return companyFor(site, locale)?.name ?? site.newsroom.display_name;
}

/**
 * The Plausible site list the analytics context receives: the newsroom's own site plus the
 * shared roll-up domain, so one dashboard can aggregate every newsroom.
 */
export function analyticsSiteDomains(newsroom: Pick<Newsroom, 'plausible_site_id'>, rollupDomain: string | null): string[] {
  return [newsroom.plausible_site_id, rollupDomain].filter((domain): domain is string => Boolean(domain));
}
