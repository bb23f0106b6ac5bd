-- Content signals (newsroom.yaml `content_signals:`, https://contentsignals.org): JSON of
-- {search, ai_input, ai_train}, each a boolean, printed in robots.txt; NULL (a database imported
-- before this column) reads as the defaults: search and ai-input yes, ai-train no.
ALTER TABLE newsroom ADD COLUMN content_signals TEXT;
