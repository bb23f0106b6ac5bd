-- Dates are shown in the newsroom's own time zone (an IANA name such as Europe/Amsterdam).
ALTER TABLE newsroom ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC';
