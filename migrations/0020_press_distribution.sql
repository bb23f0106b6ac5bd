-- Mailing an embargoed release to a media list (docs/decisions/0043-media-list-and-recipient-links.md,
-- "Distribution"): each journalist gets their own link by mail, once per story, with a one-click
-- way to leave the media list.

-- The journalist's "leave the media list" link (/press/leave/{token}, RFC 8058 one-click too):
-- 256 random bits, made the first time they are mailed, looked up by hash and compared in
-- constant time like every secret link. Deleted with the journalist.
ALTER TABLE journalists ADD COLUMN leave_token TEXT;
ALTER TABLE journalists ADD COLUMN leave_token_hash TEXT;
CREATE UNIQUE INDEX journalists_leave_token_hash ON journalists (leave_token_hash) WHERE leave_token_hash IS NOT NULL;

-- When the journalist was mailed this link (by `npm run distribute` or the operator view): a
-- journalist is mailed once per story and its translations, whichever translation's link the
-- mail held. NULL: the link was only given (share --to), never mailed.
ALTER TABLE recipient_links ADD COLUMN mailed_at INTEGER;
