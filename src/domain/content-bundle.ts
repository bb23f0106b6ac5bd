/**
 * The content bundle: a content folder read, validated and rendered by the import
 * (src/content/load-folder.ts), as plain data. It is handed on to the adapters that store it (the
 * D1 statements, the search documents), so the shape lives here, where every layer may see it;
 * content/ makes it and platform/ reads it without either importing the other.
 */
import type { StoredFilePayload, StoredImagePayload } from './media-payload';
import type { ContentSignals } from './content-signals';
import type { NavigationLayout, NewsroomNotification, OneTrustCookieConsent, TrackingPolicy } from './newsroom';
import type { PolicyPage } from './policy';
import type { StorySection } from './story';
import type { NewsroomTheme } from './theme';

/** One file of the folder's media/ directory, as a stored Uploadcare payload. */
export interface MediaFile {
  /** Path relative to the folder's media/ directory, as content files reference it. */
  readonly path: string;
  readonly absolutePath: string;
  readonly sha256: string;
  readonly payload: StoredFilePayload | StoredImagePayload;
}

/** newsroom.yaml's fields as checked by its schema (src/content/schema.ts), images resolved. */
export interface BundleNewsroom {
  uuid: string;
  url: string;
  display_name: string;
  is_indexable: boolean;
  is_plausible_enabled: boolean;
  plausible_site_id?: string | null;
  tracking_policy: TrackingPolicy;
  segment_analytics_id?: string | null;
  google_analytics_id?: string | null;
  google_search_console_key?: string | null;
  timezone: string;
  notify_subscribers: boolean;
  image_credit?: string | null;
  image_licence?: string | null;
  theme_color?: string | null;
  theme?: NewsroomTheme | null;
  onetrust_cookie_consent: OneTrustCookieConsent;
  navigation: NavigationLayout;
  show_featured_categories: boolean;
  content_signals: ContentSignals;
  newsroom_logo: StoredImagePayload | null;
  icon: StoredImagePayload | null;
  square_logo: StoredImagePayload | null;
  thumbnail: StoredImagePayload | null;
}

export interface BundleStory {
  uuid: string;
  translation_group: string;
  locale: string;
  slug: string;
  title: string;
  subtitle: string;
  summary: string;
  status: string;
  visibility: string;
  published_at: number;
  updated_at: number;
  author_name: string | null;
  author_email: string | null;
  cover: StoredImagePayload | null;
  is_pinned: boolean;
  is_public: boolean;
  /** Alert subscribers when the story goes live. */
  notify: boolean;
  /** The files the story shows (cover, body images, attachments), once each. */
  media_files: StoredFilePayload[];
  /** Its own press contacts, as contacts.yaml keys. */
  contact_keys: string[];
  seo_settings: Record<string, unknown>;
  tags: string[];
  body_html: string;
  /** The body as Markdown (src/content/html-to-markdown.ts), for the Markdown alternates. */
  body_markdown: string;
  body_text: string;
  sections: StorySection[];
  category_keys: string[];
}

/** One thing a public page shows (`story:{uuid}`, `gallery:{uuid}`, `newsroom`, `policy:…`) and its content's hash. */
export interface ContentFingerprint {
  readonly key: string;
  readonly fingerprint: string;
}

export interface ContentBundle {
  newsroom: BundleNewsroom;
  languages: { code: string; is_default: boolean; public_stories_count: number }[];
  companies: {
    locale: string;
    name: string;
    about_html: string;
    about_plaintext: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    social: Record<string, string>;
    seo_settings: Record<string, unknown>;
    custom_data_request_link: string | null;
    notifications: NewsroomNotification[];
    privacy_policy_url: string | null;
    cookie_policy_url: string | null;
  }[];
  categories: {
    key: string;
    i18n: Record<string, { name: string; slug: string; description: string; public_stories_count: number }>;
    featured: boolean;
    image: StoredImagePayload | null;
  }[];
  policies: PolicyPage[];
  contacts: {
    key: string;
    name: string;
    description: string;
    company: string;
    email: string | null;
    phone: string | null;
    mobile: string | null;
    website: string | null;
    avatar: StoredImagePayload | null;
    locales: string[];
    /** The inquiries this contact answers (docs/decisions/0054-the-inquiry-inbox.md); absent: none by rule. */
    responsible_for?: { languages: string[]; categories: string[] } | null;
  }[];
  galleries: {
    key: string;
    uuid: string;
    title: string;
    description: string;
    /** Its release time: a gallery dated ahead of the import is not released yet (src/domain/gallery.ts). */
    published_at: number;
    /** Released at the import's time: shown on public pages; otherwise only through its secret link. */
    is_public: boolean;
    thumbnail_image: StoredImagePayload | null;
    images: StoredImagePayload[];
    videos: { url: string; title: string; thumbnail: StoredImagePayload | null }[];
  }[];
  stories: BundleStory[];
  media: MediaFile[];
  /** What public pages show, one fingerprint per thing (src/content/fingerprints.ts). */
  fingerprints: ContentFingerprint[];
  /** Hash of everything above: an import of an unchanged folder writes nothing. */
  hash: string;
}
