-- The press office's media list (docs/decisions/0043-media-list-and-recipient-links.md):
-- journalists and the named lists they are on, for sending embargoed releases. Personal data
-- lives here, never in the content folder (its git history would keep it for good). A journalist
-- removed is deleted, with their memberships; the import never touches these tables.

-- One row per mailbox, stored canonical (src/domain/email-address.ts), so one journalist typed
-- two ways is one record.
CREATE TABLE journalists (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  outlet TEXT NOT NULL DEFAULT '',
  -- The language their mails go in when the story has it.
  language TEXT NOT NULL,
  -- IANA zone for the embargo time in their mails; NULL: the newsroom's.
  time_zone TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE media_lists (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);

CREATE TABLE media_list_members (
  list_id INTEGER NOT NULL REFERENCES media_lists (id) ON DELETE CASCADE,
  journalist_id INTEGER NOT NULL REFERENCES journalists (id) ON DELETE CASCADE,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (list_id, journalist_id)
);
CREATE INDEX media_list_members_journalist ON media_list_members (journalist_id);
