-- Each story's body as Markdown, converted once at import from the body HTML (issue 16): the
-- Markdown alternates (`/{slug}.md`, `Accept: text/markdown`), llms-full.txt and JSON Feed's
-- content_text read it without parsing HTML at request time.
ALTER TABLE stories ADD COLUMN body_markdown TEXT NOT NULL DEFAULT '';
