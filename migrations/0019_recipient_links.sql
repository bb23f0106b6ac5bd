-- A secret link per journalist (docs/decisions/0043-media-list-and-recipient-links.md): each
-- recipient of a story (and of each of its translations) has a link of their own, opened and
-- revoked one by one, beside the story's own link (story_links) that stays for the office.
-- Tokens are a story token with `r` in front (src/domain/recipient-link.ts), hashed for lookup
-- like every secret link. Openings are counted here: first and last time, how many, and a
-- 52-bit sketch of the user agents that opened it (a bit per agent hash, so their number can be
-- estimated without any agent being kept). No IP address, nothing per opening.
CREATE TABLE recipient_links (
  id INTEGER PRIMARY KEY,
  story_uuid TEXT NOT NULL,
  journalist_id INTEGER NOT NULL REFERENCES journalists (id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  -- Revoked: opens nothing from then on; kept (with its openings) for the office's record.
  revoked_at INTEGER,
  first_opened_at INTEGER,
  last_opened_at INTEGER,
  open_count INTEGER NOT NULL DEFAULT 0,
  agent_bits INTEGER NOT NULL DEFAULT 0,
  UNIQUE (story_uuid, journalist_id)
);
CREATE INDEX recipient_links_journalist ON recipient_links (journalist_id);
