-- Withdrawals and the page cache's stale copies (docs/decisions/0011-page-cache.md): when D1
-- fails, the page cache may answer with a copy from a revision just before the current one, but
-- never from before the last import that withdrew a public address (a story removed, made
-- non-public, or moved to another slug), so a story taken down for legal reasons stays down.
ALTER TABLE content_revision ADD COLUMN last_withdrawal INTEGER NOT NULL DEFAULT 0;

-- The public story addresses (uuid and slug) before an import, compared with those after it in
-- the same transaction. Empty between imports.
CREATE TABLE import_previous_public (
  uuid TEXT NOT NULL,
  slug TEXT NOT NULL,
  PRIMARY KEY (uuid, slug)
);
