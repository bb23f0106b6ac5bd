/**
 * Row shapes as D1 returns them and their mappers to domain values. JSON columns are parsed
 * here, once; a malformed column is a bug in the import and fails loudly.
 */
import type { Category, CategoryTranslation } from '#src/domain/category';
import type { Contact } from '#src/domain/contact';
import type { Gallery, GallerySummary, GalleryVideo } from '#src/domain/gallery';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import type { CompanyInformation, Language, NavigationLayout, Newsroom, NewsroomNotification, OneTrustCookieConsent, TrackingPolicy } from '#src/domain/newsroom';
import type { NewsroomTheme } from '#src/domain/theme';
import { DEFAULT_CONTENT_SIGNALS, type ContentSignals } from '#src/domain/content-signals';
import type { Story, StoryCategoryRef, StoryStatus, StorySummary, StoryTranslationRef, StoryVisibility } from '#src/domain/story';

type Nullable<T> = T | null;

function json<T>(value: Nullable<string>, fallback: T): T {
  return value === null || value === '' ? fallback : (JSON.parse(value) as T);
}

export interface NewsroomRow {
  uuid: string;
  url: string;
  display_name: string;
  is_indexable: number;
  is_plausible_enabled: number;
  plausible_site_id: Nullable<string>;
  tracking_policy: TrackingPolicy;
  segment_analytics_id: Nullable<string>;
  google_analytics_id: Nullable<string>;
  google_search_console_key: Nullable<string>;
  theme_color: Nullable<string>;
  timezone: string;
  onetrust_cookie_consent: string;
  newsroom_logo: Nullable<string>;
  icon: Nullable<string>;
  square_logo: Nullable<string>;
  thumbnail: Nullable<string>;
  /** JSON of newsroom.yaml's `theme:` (migration 0011). */
  theme: Nullable<string>;
  navigation_layout: NavigationLayout;
  show_featured_categories: number;
  /** JSON of newsroom.yaml's `content_signals:` (migration 0012); NULL, or a field missing (stored before it existed): the defaults. */
  content_signals: Nullable<string>;
}

export function toNewsroom(row: NewsroomRow): Newsroom {
  return {
    uuid: row.uuid,
    url: row.url,
    display_name: row.display_name,
    is_indexable: row.is_indexable === 1,
    is_plausible_enabled: row.is_plausible_enabled === 1,
    plausible_site_id: row.plausible_site_id,
    tracking_policy: row.tracking_policy,
    segment_analytics_id: row.segment_analytics_id,
    google_analytics_id: row.google_analytics_id,
    google_search_console_key: row.google_search_console_key,
    theme_color: row.theme_color,
    timezone: row.timezone,
    onetrust_cookie_consent: json<OneTrustCookieConsent>(row.onetrust_cookie_consent, { is_enabled: false, category: '', script: '' }),
    newsroom_logo: json<StoredImagePayload | null>(row.newsroom_logo, null),
    icon: json<StoredImagePayload | null>(row.icon, null),
    square_logo: json<StoredImagePayload | null>(row.square_logo, null),
    thumbnail: json<StoredImagePayload | null>(row.thumbnail, null),
    theme: json<NewsroomTheme | null>(row.theme, null),
    navigation_layout: row.navigation_layout,
    show_featured_categories: row.show_featured_categories === 1,
    content_signals: { ...DEFAULT_CONTENT_SIGNALS, ...json<Partial<ContentSignals>>(row.content_signals, {}) },
  };
}

export interface LanguageRow {
  code: string;
  is_default: number;
  public_stories_count: number;
}

export function toLanguage(row: LanguageRow): Language {
  return { code: row.code, is_default: row.is_default === 1, public_stories_count: row.public_stories_count };
}

export interface CompanyRow {
  locale: string;
  name: string;
  about_html: string;
  about_plaintext: string;
  address: Nullable<string>;
  phone: Nullable<string>;
  email: Nullable<string>;
  website: Nullable<string>;
  social: string;
  seo_settings: string;
  custom_data_request_link: Nullable<string>;
  notifications: string;
  privacy_policy_url: Nullable<string>;
  cookie_policy_url: Nullable<string>;
}

export function toCompany(row: CompanyRow): CompanyInformation {
  return {
    name: row.name,
    about: row.about_html,
    about_plaintext: row.about_plaintext,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    social: json(row.social, {}),
    seo_settings: json(row.seo_settings, {}),
    custom_data_request_link: row.custom_data_request_link,
    notifications: json<NewsroomNotification[]>(row.notifications, []),
    privacy_policy_url: row.privacy_policy_url,
    cookie_policy_url: row.cookie_policy_url,
  };
}

export interface CategoryRow {
  id: number;
  key: string;
  locale: Nullable<string>;
  name: Nullable<string>;
  slug: Nullable<string>;
  description: Nullable<string>;
  public_stories_count: Nullable<number>;
  is_featured: number;
  image: Nullable<string>;
}

/** Folds one row per (category, locale), in category order, into categories. */
export function toCategories(rows: readonly CategoryRow[]): Category[] {
  const byId = new Map<number, Category & { i18n: Record<string, CategoryTranslation>; public_stories_count: Record<string, number> }>();
  for (const row of rows) {
    let category = byId.get(row.id);
    if (!category) {
      category = { id: row.id, key: row.key, i18n: {}, public_stories_count: {}, is_featured: row.is_featured === 1, image: json<StoredImagePayload | null>(row.image, null) };
      byId.set(row.id, category);
    }
    if (row.locale !== null) {
      category.i18n[row.locale] = { name: row.name ?? row.key, slug: row.slug ?? row.key, description: row.description ?? '' };
      category.public_stories_count[row.locale] = row.public_stories_count ?? 0;
    }
  }
  return [...byId.values()];
}

/** Columns every story list selects (STORY_SUMMARY_COLUMNS in src/platform/d1/read-sql.ts). */
export interface StorySummaryRow {
  uuid: string;
  slug: string;
  locale: string;
  title: string;
  subtitle: string;
  summary: string;
  published_at: number;
  updated_at: number;
  cover: Nullable<string>;
  categories: Nullable<string>;
}

export function toStorySummary(row: StorySummaryRow): StorySummary {
  return {
    uuid: row.uuid,
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    subtitle: row.subtitle,
    summary: row.summary,
    published_at: row.published_at,
    updated_at: row.updated_at,
    cover: json<StoredImagePayload | null>(row.cover, null),
    categories: json<StoryCategoryRef[]>(row.categories, []),
  };
}

export interface StoryRow extends StorySummaryRow {
  status: StoryStatus;
  visibility: StoryVisibility;
  author_name: Nullable<string>;
  author_email: Nullable<string>;
  seo_settings: string;
  tags: string;
  body_html?: string;
  body_markdown?: string;
  media_files: string;
  contact_keys: string;
}

export function toStory(row: StoryRow, translations: readonly StoryTranslationRef[]): Story {
  return {
    ...toStorySummary(row),
    status: row.status,
    visibility: row.visibility,
    author: row.author_name ? { display_name: row.author_name, email: row.author_email } : null,
    seo_settings: json(row.seo_settings, {}),
    tags: json<string[]>(row.tags, []),
    body_html: row.body_html ?? '',
    ...(row.body_markdown === undefined ? {} : { body_markdown: row.body_markdown }),
    translations,
    media_files: json<StoredFilePayload[]>(row.media_files, []),
    contact_keys: json<string[]>(row.contact_keys, []),
  };
}

export interface ContactRow {
  key: string;
  name: string;
  description: string;
  company: string;
  email: Nullable<string>;
  phone: Nullable<string>;
  mobile: Nullable<string>;
  website: Nullable<string>;
  avatar: Nullable<string>;
  locales: string;
}

export function toContact(row: ContactRow): Contact {
  return {
    key: row.key,
    name: row.name,
    description: row.description,
    company: row.company,
    email: row.email,
    phone: row.phone,
    mobile: row.mobile,
    website: row.website,
    avatar: json<StoredImagePayload | null>(row.avatar, null),
    locales: json<string[]>(row.locales, []),
  };
}

export interface GalleryRow {
  uuid: string;
  title: string;
  description: string;
  published_at: number;
  thumbnail_image: Nullable<string>;
  images_number: number;
  videos_number: number;
}

export function toGallerySummary(row: GalleryRow): GallerySummary {
  return {
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    published_at: row.published_at,
    images_number: row.images_number,
    videos_number: row.videos_number,
    thumbnail_image: json<StoredImagePayload | null>(row.thumbnail_image, null),
  };
}

export interface GalleryItemRow {
  kind: 'image' | 'video';
  payload: string;
}

export function toGallery(row: GalleryRow, items: readonly GalleryItemRow[]): Gallery {
  return {
    ...toGallerySummary(row),
    images: items.filter((item) => item.kind === 'image').map((item) => JSON.parse(item.payload) as StoredImagePayload),
    videos: items.filter((item) => item.kind === 'video').map((item) => JSON.parse(item.payload) as GalleryVideo),
  };
}
