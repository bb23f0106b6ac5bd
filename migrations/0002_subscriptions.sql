-- Double opt-in subscriptions, privacy data requests and the mail outbox.
--
-- A subscriber row is created pending with a random token; the confirmation link carries the
-- token. UNIQUE (email, locale) plus INSERT … ON CONFLICT DO NOTHING RETURNING makes subscribing
-- idempotent under concurrent submits: exactly one request inserts (and sends the mail).

DROP TABLE subscribers;

CREATE TABLE subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  locale TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  token TEXT NOT NULL UNIQUE,
  categories TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL,
  confirmed_at INTEGER,
  unsubscribed_at INTEGER,
  UNIQUE (email, locale)
);

CREATE TABLE data_requests (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'deletion', 'correction', 'other')),
  message TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

-- Mail waiting to be delivered. Without an email API configured this is where mail ends up; the
-- dev server shows it at /_dev/outbox.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX outbox_recent ON outbox (created_at DESC);
