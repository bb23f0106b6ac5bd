-- Tag membership, denormalised like story_categories (locale, date, public flag), so "related
-- stories" finds stories sharing tags with index range scans instead of reading every story.
CREATE TABLE story_tags (
  story_id INTEGER NOT NULL REFERENCES stories (id),
  tag TEXT NOT NULL,
  locale TEXT NOT NULL,
  published_at INTEGER NOT NULL,
  is_public INTEGER NOT NULL,
  PRIMARY KEY (story_id, tag)
);
CREATE INDEX story_tags_public ON story_tags (tag, locale, published_at DESC, story_id DESC) WHERE is_public = 1;

-- Google News sitemap: public stories of the last two days, newest first, across languages.
CREATE INDEX stories_public_recent ON stories (published_at DESC) WHERE status = 'published' AND visibility = 'public';
