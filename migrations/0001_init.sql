-- The newsroom content store. D1 is the system of record; the import CLI replaces its content in
-- one atomic batch. Times are Unix seconds (UTC). JSON columns hold small value objects (stored
-- media payloads, SEO settings, social links) that are always read whole.
--
-- List queries are served by partial indexes over the public, published rows, so a page of the
-- homepage or a category costs an index range scan whatever the size of the archive. The queries
-- in src/platform/d1 repeat the partial-index conditions literally so SQLite can use them.

CREATE TABLE newsroom (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  uuid TEXT NOT NULL,
  url TEXT NOT NULL,
  display_name TEXT NOT NULL,
  is_indexable INTEGER NOT NULL DEFAULT 1,
  is_plausible_enabled INTEGER NOT NULL DEFAULT 0,
  plausible_site_id TEXT,
  tracking_policy TEXT NOT NULL DEFAULT 'default'
    CHECK (tracking_policy IN ('default', 'disabled', 'consent-to-identify')),
  segment_analytics_id TEXT,
  google_analytics_id TEXT,
  google_search_console_key TEXT,
  theme_color TEXT,
  onetrust_cookie_consent TEXT NOT NULL DEFAULT '{"is_enabled":false,"category":"","script":""}',
  newsroom_logo TEXT,
  icon TEXT,
  square_logo TEXT,
  thumbnail TEXT
);

CREATE TABLE languages (
  code TEXT PRIMARY KEY,
  is_default INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL,
  -- Counted at import time so no page pays for a COUNT(*) over the archive.
  public_stories_count INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE company_information (
  locale TEXT PRIMARY KEY REFERENCES languages (code),
  name TEXT NOT NULL,
  about_html TEXT NOT NULL DEFAULT '',
  about_plaintext TEXT NOT NULL DEFAULT '',
  address TEXT,
  phone TEXT,
  email TEXT,
  website TEXT,
  social TEXT NOT NULL DEFAULT '{}',
  seo_settings TEXT NOT NULL DEFAULT '{}',
  custom_data_request_link TEXT
);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL
);

CREATE TABLE category_i18n (
  category_id INTEGER NOT NULL REFERENCES categories (id),
  locale TEXT NOT NULL,
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  public_stories_count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (category_id, locale),
  UNIQUE (locale, slug)
);

CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  translation_group TEXT NOT NULL,
  locale TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL DEFAULT '',
  summary TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL
    CHECK (status IN ('uninitialized', 'draft', 'scheduled', 'embargo', 'published')),
  visibility TEXT NOT NULL
    CHECK (visibility IN ('public', 'embargo', 'private', 'confidential')),
  published_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  author_name TEXT,
  author_email TEXT,
  cover TEXT,
  is_pinned INTEGER NOT NULL DEFAULT 0,
  seo_settings TEXT NOT NULL DEFAULT '{}',
  tags TEXT NOT NULL DEFAULT '[]',
  body_html TEXT NOT NULL DEFAULT '',
  body_text TEXT NOT NULL DEFAULT '',
  sections TEXT NOT NULL DEFAULT '[]'
);

-- Homepage, feeds, sitemap and load more: newest public stories of one language.
CREATE INDEX stories_public_by_locale ON stories (locale, published_at DESC, id DESC)
  WHERE status = 'published' AND visibility = 'public';
-- Highlighted story: the newest pinned public story of one language.
CREATE INDEX stories_pinned_by_locale ON stories (locale, published_at DESC)
  WHERE status = 'published' AND visibility = 'public' AND is_pinned = 1;
CREATE INDEX stories_translation_group ON stories (translation_group);

-- Category membership, denormalised with the story's locale, date and public flag so a category
-- page is one index range scan (no sort, no join to filter) even at 100,000 stories.
CREATE TABLE story_categories (
  story_id INTEGER NOT NULL REFERENCES stories (id),
  category_id INTEGER NOT NULL REFERENCES categories (id),
  position INTEGER NOT NULL,
  locale TEXT NOT NULL,
  published_at INTEGER NOT NULL,
  is_public INTEGER NOT NULL,
  PRIMARY KEY (story_id, category_id)
);
CREATE INDEX story_categories_public ON story_categories (category_id, locale, published_at DESC, story_id DESC)
  WHERE is_public = 1;

CREATE TABLE galleries (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL UNIQUE,
  key TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  published_at INTEGER NOT NULL,
  thumbnail_image TEXT,
  images_number INTEGER NOT NULL DEFAULT 0,
  videos_number INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX galleries_non_empty ON galleries (published_at DESC, id DESC)
  WHERE images_number + videos_number > 0;

CREATE TABLE gallery_items (
  gallery_id INTEGER NOT NULL REFERENCES galleries (id),
  position INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
  uuid TEXT NOT NULL,
  payload TEXT NOT NULL,
  PRIMARY KEY (gallery_id, position)
);

CREATE TABLE contacts (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  company TEXT NOT NULL DEFAULT '',
  email TEXT,
  phone TEXT,
  mobile TEXT,
  website TEXT,
  avatar TEXT
);

CREATE TABLE contact_locales (
  contact_id INTEGER NOT NULL REFERENCES contacts (id),
  locale TEXT NOT NULL,
  PRIMARY KEY (locale, contact_id)
);

-- Media files known to the newsroom (stored Uploadcare payloads). Without a CDN the worker
-- serves them itself from static assets under /media/{uuid}/{filename}.
CREATE TABLE media (
  uuid TEXT PRIMARY KEY,
  source_path TEXT NOT NULL UNIQUE,
  sha256 TEXT NOT NULL,
  payload TEXT NOT NULL
);

-- Written by visitors (subscription form), never by the import.
CREATE TABLE subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (email, locale)
);

-- One row: the content revision that page-cache keys include. Every import that changes
-- something bumps it, so no cached page outlives the content it was rendered from.
CREATE TABLE content_revision (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  revision INTEGER NOT NULL,
  content_hash TEXT NOT NULL,
  imported_at INTEGER NOT NULL
);

-- Full-text index over story text (search). External content: the import rebuilds it after
-- writing stories, inside the same batch.
CREATE VIRTUAL TABLE story_search USING fts5 (
  title, subtitle, summary, body_text,
  content = 'stories', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
