-- The inquiry inbox (docs/decisions/0054-the-inquiry-inbox.md): journalists ask the press office
-- from a story, a gallery or the home page's contacts; each inquiry is routed to the contact
-- responsible for its language and category (contacts.yaml `responsible_for`), else the
-- newsroom's default inbox (INQUIRY_INBOX), kept here for INQUIRY_RETENTION_DAYS (180 by default)
-- and then deleted by the minute cron, answers and all. Personal data: never on a public page.

-- What contacts.yaml says a contact answers for: {"languages":[…],"categories":[…]} (each list
-- empty: any), written by the import; '' for a contact who answers no inquiries by rule.
ALTER TABLE contacts ADD COLUMN responsible_for TEXT NOT NULL DEFAULT '';

CREATE TABLE inquiries (
  id INTEGER PRIMARY KEY,
  -- Random, what the office view's addresses name.
  uuid TEXT NOT NULL UNIQUE,
  -- The language the journalist wrote in (the page's): their confirmation's and the answer's.
  locale TEXT NOT NULL,
  -- What it is about: a story (its translation's uuid, slug, title) or a gallery, or neither
  -- (the home page's contacts). Copied, so the office sees it even after the story changed.
  about_kind TEXT NOT NULL CHECK (about_kind IN ('story', 'gallery', 'newsroom')),
  about_uuid TEXT,
  about_title TEXT NOT NULL DEFAULT '',
  about_path TEXT NOT NULL DEFAULT '',
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  -- The canonical mailbox (domain/email-address.ts): the per-sender daily quota counts on it.
  mailbox TEXT NOT NULL,
  outlet TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL,
  message TEXT NOT NULL,
  -- The journalist's deadline, YYYY-MM-DD, or NULL.
  deadline TEXT,
  -- Whom it was routed to: the contact's key (NULL: the default inbox) and address (NULL: no one
  -- to mail; the office view still lists it).
  contact_key TEXT,
  routed_to TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at INTEGER NOT NULL,
  closed_at INTEGER
);
-- The office lists open ones first, by deadline; the quota counts a mailbox's last 24 hours;
-- the cron deletes by age.
CREATE INDEX inquiries_by_status ON inquiries (status, deadline, created_at);
CREATE INDEX inquiries_by_mailbox ON inquiries (mailbox, created_at);
CREATE INDEX inquiries_by_age ON inquiries (created_at);

-- The office's answers, mailed through the outbox and kept with the inquiry (deleted with it).
CREATE TABLE inquiry_answers (
  id INTEGER PRIMARY KEY,
  inquiry_id INTEGER NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  -- Who answered (the Access sign-in's e-mail).
  answered_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX inquiry_answers_of ON inquiry_answers (inquiry_id, id);
