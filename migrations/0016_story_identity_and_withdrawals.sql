-- A secret link belongs to one story for good, the clock never widens a story's visibility, and
-- every import that takes away or changes something public is a withdrawal
-- (docs/decisions/0037-states-and-story-identity.md).

-- The uuids of stories an import removed: never given to a story again, so an old secret link,
-- alert or go-live record can never point at a different story. The import refuses a content
-- file naming one; this trigger refuses it even to a hand-written statement.
CREATE TABLE retired_stories (
  uuid TEXT PRIMARY KEY,
  retired_at INTEGER NOT NULL
);
CREATE TRIGGER stories_uuid_not_retired BEFORE INSERT ON stories
WHEN EXISTS (SELECT 1 FROM retired_stories WHERE uuid = NEW.uuid)
BEGIN
  SELECT RAISE(ABORT, 'retired story uuid: this story was removed; give the new one a uuid of its own');
END;

-- The clock (and anything else that updates a row) never makes a private or confidential story
-- readable by more people; only an import, which writes the row anew, changes what it declares.
CREATE TRIGGER stories_visibility_never_widened BEFORE UPDATE OF visibility ON stories
WHEN OLD.visibility IN ('private', 'confidential') AND NEW.visibility <> OLD.visibility
BEGIN
  SELECT RAISE(ABORT, 'a private or confidential story is never made more visible by an update');
END;

-- Links left behind by stories removed before this migration: their stories are retired and
-- the links deleted, so a story written later in the same folder does not inherit them.
INSERT OR IGNORE INTO retired_stories (uuid, retired_at)
  SELECT story_uuid, unixepoch() FROM story_links WHERE story_uuid NOT IN (SELECT uuid FROM stories);
DELETE FROM story_links WHERE story_uuid NOT IN (SELECT uuid FROM stories);

-- What public pages show, fingerprinted by the import (src/content/fingerprints.ts): a story or
-- gallery on its row, everything else that is always public (newsroom, languages, companies,
-- policies, categories, contacts) in public_fingerprints, which the import owns.
ALTER TABLE stories ADD COLUMN fingerprint TEXT;
ALTER TABLE galleries ADD COLUMN fingerprint TEXT;
CREATE TABLE public_fingerprints (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL
);

-- The import's snapshot of what was public (public = 1) and of every other story (public = 0), taken
-- in its transaction before it replaces the content, compared after it. Empty between imports.
DROP TABLE import_previous_public;
CREATE TABLE import_previous (
  key TEXT PRIMARY KEY,
  fingerprint TEXT,
  public INTEGER NOT NULL
);
