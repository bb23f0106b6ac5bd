-- Galleries have a release time (docs/decisions/0036-gallery-release-time.md): a gallery whose
-- `published_at` is still ahead is not released. It stays out of every public list, page, API,
-- sitemap and archive until the minute cron releases it, and journalists reach it through a
-- secret link meanwhile.

-- 1 once released: written by the import (published_at at or before the import's time) and by
-- the cron. Galleries already in the database are judged by the clock now, so one dated ahead
-- is hidden from the moment this migration runs.
ALTER TABLE galleries ADD COLUMN is_public INTEGER NOT NULL DEFAULT 1;
UPDATE galleries SET is_public = 0 WHERE published_at > CAST(strftime('%s', 'now') AS INTEGER);
-- The go-live run that released the gallery: the batch's later statements find exactly this run's.
ALTER TABLE galleries ADD COLUMN live_run TEXT;

-- Every public gallery query carries `is_public = 1` beside the non-empty condition.
DROP INDEX galleries_non_empty;
CREATE INDEX galleries_public ON galleries (published_at DESC, id DESC)
  WHERE is_public = 1 AND images_number + videos_number > 0;
-- The cron's "is a gallery due?" is one probe of this index (most minutes: none).
CREATE INDEX galleries_due ON galleries (published_at) WHERE is_public = 0;
CREATE INDEX galleries_live_run ON galleries (live_run) WHERE live_run IS NOT NULL;

-- Secret links of galleries, by gallery uuid, like story_links: the import adds a row for each
-- gallery without one, deletes the rows of galleries it removed, and replaces the link of a
-- released gallery taken back before its release time. Tokens start with `g`
-- (src/domain/gallery-link.ts), so `/s/{token}` knows which table to ask.
CREATE TABLE gallery_links (
  gallery_uuid TEXT PRIMARY KEY,
  token TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  rotated_at INTEGER
);
