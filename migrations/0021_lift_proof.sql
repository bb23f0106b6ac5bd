-- A lift that proves itself (docs/decisions/0052-a-lift-that-proves-itself.md): after the minute
-- cron makes a story live, a queue job asks the worker for every public surface the story should
-- now be on (its page, feeds, sitemaps, search, llms.txt, its .md and .json, /api/fetch-stories)
-- and looks for its alerts in the outbox, and records here when it first saw the story on each.
-- One row per (story, lift, surface), written when the job first runs (INSERT … ON CONFLICT DO
-- NOTHING: a redelivered message changes nothing); `lifted_at` is the go-live run's time (its
-- publish event's `live_at`), so a story lifted again later gets a proof of its own.
CREATE TABLE lift_proofs (
  story_uuid TEXT NOT NULL,
  lifted_at INTEGER NOT NULL,
  -- The surface's name (`page`, `feed:atom`, `category-feed:wind-power:json`, `search`, …) and
  -- the address asked (absolute), as the proof prints them.
  surface TEXT NOT NULL,
  address TEXT NOT NULL,
  -- Epoch seconds of the check that first found the story there; NULL: not (yet) found.
  first_seen_at INTEGER,
  -- When the surface, still missing at the end of the proof's window, was logged and reported:
  -- set by one conditional UPDATE, so a missing surface is reported once whatever redeliveries.
  reported_at INTEGER,
  PRIMARY KEY (story_uuid, lifted_at, surface)
);
-- The office view shows the latest lifts first.
CREATE INDEX lift_proofs_recent ON lift_proofs (lifted_at DESC);
