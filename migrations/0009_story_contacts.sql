-- The press contacts a story names itself (`contacts:` in its front matter), as contacts.yaml
-- keys in order: the story page shows them as "Media contacts".
ALTER TABLE stories ADD COLUMN contact_keys TEXT NOT NULL DEFAULT '[]';
