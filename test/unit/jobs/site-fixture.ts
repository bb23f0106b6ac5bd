/**
 * A minimal SiteContext for unit tests: an Acme newsroom, overridable field by field; and the
 * worker's configuration with nothing optional set (media served by the worker, D1 search).
 */
import type { AppConfig } from '#src/env';
import type { CompanyInformation, Newsroom } from '#src/domain/newsroom';
import type { SiteContext } from '#src/domain/ports';

export const NEWSROOM_UUID = '11111111-2222-4333-8444-555555555555';
export const ORIGIN = 'https://news.acme.example';

export function company(name: string): CompanyInformation {
  return { name, about: '', about_plaintext: '', address: null, phone: null, email: null, website: null, social: {}, seo_settings: {}, custom_data_request_link: null, notifications: [], privacy_policy_url: null, cookie_policy_url: null };
}

export function testSite(overrides: Partial<SiteContext> = {}, newsroom: Partial<Newsroom> = {}): SiteContext {
  return {
    newsroom: {
      uuid: NEWSROOM_UUID,
      url: ORIGIN,
      display_name: 'Acme Newsroom',
      is_indexable: true,
      is_plausible_enabled: false,
      plausible_site_id: null,
      tracking_policy: 'default',
      segment_analytics_id: null,
      google_analytics_id: null,
      google_search_console_key: null,
      theme_color: null,
      timezone: 'UTC',
      onetrust_cookie_consent: { is_enabled: false, category: '', script: '' },
      newsroom_logo: null,
      icon: null,
      square_logo: null,
      thumbnail: null,
      theme: null,
      navigation_layout: 'bar',
      show_featured_categories: false,
      content_signals: { enabled: true, search: true, ai_input: true, ai_train: false },
      ...newsroom,
    },
    languages: [
      { code: 'en', is_default: true, public_stories_count: 3 },
      { code: 'fr', is_default: false, public_stories_count: 2 },
    ],
    companies: {},
    categories: [],
    contacts: [],
    galleries_count: 0,
    policy_pages: [],
    revision: 1,
    ...overrides,
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    siteUrl: null,
    mediaRoot: '/media',
    analyticsRollupDomain: null,
    analyticsHost: null,
    emailApi: null,
    showOutbox: false,
    release: 'dev',
    errorReporting: null,
    requestLog: 'every',
    search: { searchBackend: 'd1', appId: null, apiKey: null, host: null, indexName: 'stories' },
    indexNow: null,
    webSubHub: null,
    turnstile: null,
    recipientRecordsDays: 90,
    inquiries: { inbox: null, retentionDays: 180 },
    ...overrides,
  };
}
