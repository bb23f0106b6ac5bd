-- Exactly-once mail and go-live search pushes (docs/decisions/0035-exactly-once-alerts-and-search-push.md).

-- Alert claims still 'sending' long after they were taken belong to a consumer that died between
-- the claim and the send: the minute cron finds them here and queues them again (the email API's
-- idempotency key makes a second send of a mail that did leave a no-op).
CREATE INDEX alert_deliveries_abandoned ON alert_deliveries (claimed_at) WHERE status = 'sending';

-- The outbox's mail is claimed (claimed_at) before it is sent and marked sent (sent_at) after,
-- instead of being marked sent at the claim: a claim whose consumer died is taken again later.
-- idempotency_key: the key the mail was written with (an alert's, per story and subscriber): the
-- same key twice is one mail, in the outbox as at the email API.
ALTER TABLE outbox ADD COLUMN claimed_at INTEGER;
ALTER TABLE outbox ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX outbox_idempotency_key ON outbox (idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Stories the minute cron made live, pushed to the configured search engine (Meilisearch,
-- Algolia) by the queue: one row per go-live run of a story (`stories.live_run`), claimed by a
-- cron run for the queue and marked pushed by the job, so a lost message or a failed push is
-- handed over again by a later run. The import's `--sync-search` fills the index for the rest.
CREATE TABLE search_pushes (
  story_uuid TEXT NOT NULL,
  live_run TEXT NOT NULL,
  claimed_at INTEGER NOT NULL,
  pushed_at INTEGER,
  PRIMARY KEY (story_uuid, live_run)
);
