-- The visitor's newsroom (issue 19): how the header shows categories on wide screens, featured
-- categories on the homepage, per-language notices, and the privacy and cookie policies (a page
-- from the content folder, or a link to the organisation's own).
ALTER TABLE newsroom ADD COLUMN navigation_layout TEXT NOT NULL DEFAULT 'bar' CHECK (navigation_layout IN ('bar', 'dropdown'));
ALTER TABLE newsroom ADD COLUMN show_featured_categories INTEGER NOT NULL DEFAULT 0;

ALTER TABLE categories ADD COLUMN is_featured INTEGER NOT NULL DEFAULT 0;
-- A stored image payload (JSON), shown on the featured category's tile.
ALTER TABLE categories ADD COLUMN image TEXT;

-- JSON list of {style, title, description, actions: [{name, target}]}, shown above the header.
ALTER TABLE company_information ADD COLUMN notifications TEXT NOT NULL DEFAULT '[]';
ALTER TABLE company_information ADD COLUMN privacy_policy_url TEXT;
ALTER TABLE company_information ADD COLUMN cookie_policy_url TEXT;

-- Policy pages written in the content folder (policies/{kind}/{locale}.md). Read one at a time by
-- the policy route; the site context only asks which exist.
CREATE TABLE policy_pages (
  kind TEXT NOT NULL CHECK (kind IN ('privacy-policy', 'cookie-policy')),
  locale TEXT NOT NULL REFERENCES languages (code),
  title TEXT NOT NULL,
  body_html TEXT NOT NULL,
  updated_at INTEGER,
  PRIMARY KEY (kind, locale)
);
