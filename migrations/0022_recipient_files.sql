-- Files that name their recipient (docs/decisions/0053-files-that-name-their-recipient.md): a
-- story opened through a recipient's link serves its files under `/s/{file key}/…`, a key derived
-- from that link's token (src/domain/recipient-files.ts). Only the key's SHA-256 is kept, written
-- the first time the recipient's page is shown (a file address exists only from then on), so a
-- file address found anywhere is looked up to its link, its journalist and its story.
ALTER TABLE recipient_links ADD COLUMN file_key_hash TEXT;
CREATE UNIQUE INDEX recipient_links_file_key ON recipient_links (file_key_hash) WHERE file_key_hash IS NOT NULL;

-- Downloads through a recipient's file addresses, counted per (link, file): first and last time
-- and how many. `file` is the file's uuid, or `download` for the story's ZIP. No IP address, no
-- agent, nothing per download. Deleted with the link (retention, the journalist, the story).
CREATE TABLE recipient_file_downloads (
  link_id INTEGER NOT NULL REFERENCES recipient_links (id) ON DELETE CASCADE,
  file TEXT NOT NULL,
  first_at INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  download_count INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (link_id, file)
);
