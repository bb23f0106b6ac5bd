-- Publishing that runs itself (docs/decisions/0015-scheduled-publishing.md): scheduled and
-- embargoed stories go live by a Cron Trigger, every non-public story has a secret link for
-- journalists, and going live alerts subscribers through a Queue, exactly once per recipient.

-- `notify: false` in a story's front matter: no alert mail when it goes live.
ALTER TABLE stories ADD COLUMN notify INTEGER NOT NULL DEFAULT 1;
-- The go-live run that made the story public: the statements after the flip in the same
-- transaction find exactly the stories this run flipped (never another run's).
ALTER TABLE stories ADD COLUMN live_run TEXT;
-- `notify_subscribers: false` in newsroom.yaml turns every alert off.
ALTER TABLE newsroom ADD COLUMN notify_subscribers INTEGER NOT NULL DEFAULT 1;

-- The cron's first question every minute ("is anything due?") is one probe of this index.
CREATE INDEX stories_due ON stories (published_at) WHERE status IN ('scheduled', 'embargo');
CREATE INDEX stories_live_run ON stories (live_run) WHERE live_run IS NOT NULL;

-- Secret links `/s/{token}`, by story uuid. Not owned by the import (it only adds rows for new
-- stories), so a link survives re-imports until it is rotated. The page looks a token up by its
-- SHA-256, so the lookup's timing says nothing about the token itself.
CREATE TABLE story_links (
  story_uuid TEXT PRIMARY KEY,
  token TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  rotated_at INTEGER
);

-- One row per story that went live as news (not backdated more than two days): the outbox of
-- go-live work. Written in the same transaction as the flip (cron) or the import, then handed to
-- the queue by the next cron run (`enqueued_at`), so a crash between the two loses nothing.
-- UNIQUE story_uuid: a story announces itself once, whatever runs overlap or re-imports follow.
CREATE TABLE publish_events (
  id INTEGER PRIMARY KEY,
  story_uuid TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL CHECK (source IN ('schedule', 'import')),
  live_at INTEGER NOT NULL,
  -- 1 when subscribers are to be alerted (story and newsroom switches, decided at go-live).
  alerts INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  -- Claimed by a cron run for the queue, and handed over once the queue took it; a claim never
  -- handed over (the run died) is claimed again by a later run.
  enqueued_at INTEGER,
  handed_at INTEGER,
  alerts_done_at INTEGER
);
CREATE INDEX publish_events_waiting ON publish_events (id) WHERE handed_at IS NULL;

-- One row per (story, subscriber) alert: claimed before sending, so a message delivered twice
-- sends nothing twice; a failed send gives its claim back for the retry.
CREATE TABLE alert_deliveries (
  story_uuid TEXT NOT NULL,
  subscriber_id INTEGER NOT NULL,
  -- failed: the email API refused this address for good (suppressed, invalid); not retried.
  status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed')),
  claimed_at INTEGER NOT NULL,
  sent_at INTEGER,
  PRIMARY KEY (story_uuid, subscriber_id)
);

-- Recipients of one language's alerts, paged by id.
CREATE INDEX subscribers_confirmed ON subscribers (locale, id) WHERE status = 'confirmed';

-- Mail headers (List-Unsubscribe, List-Unsubscribe-Post) kept with the mail in the outbox.
ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';
