-- A story's media files (its cover, the images and attachments of its body), as stored payloads,
-- recorded by the import: the story page offers them as one ZIP ("Download all") without reading
-- anything more than the story's own row.
ALTER TABLE stories ADD COLUMN media_files TEXT NOT NULL DEFAULT '[]';
