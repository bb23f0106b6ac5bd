-- The privacy portal against abuse (docs/decisions/0017-abuse-limits.md, 0018-token-lifecycle.md).
--
-- Subscriptions get a confirmation token of their own, single use and expiring, apart from the
-- long-lived unsubscribe token (`token`, which alerts carry in List-Unsubscribe). Pending rows of
-- before keep their mailed link working until it expires.
ALTER TABLE subscribers ADD COLUMN confirm_token TEXT;
ALTER TABLE subscribers ADD COLUMN confirm_expires_at INTEGER;
CREATE UNIQUE INDEX subscribers_confirm_token ON subscribers (confirm_token) WHERE confirm_token IS NOT NULL;
UPDATE subscribers SET confirm_token = token, confirm_expires_at = created_at + 604800 WHERE status = 'pending';

-- Data requests count once the sender has confirmed them by mail. Requests stored before this
-- migration were never verified: they stay pending.
ALTER TABLE data_requests ADD COLUMN status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed'));
ALTER TABLE data_requests ADD COLUMN confirm_token TEXT;
ALTER TABLE data_requests ADD COLUMN confirm_expires_at INTEGER;
ALTER TABLE data_requests ADD COLUMN confirmed_at INTEGER;
CREATE UNIQUE INDEX data_requests_confirm_token ON data_requests (confirm_token) WHERE confirm_token IS NOT NULL;
CREATE INDEX data_requests_confirmed ON data_requests (confirmed_at DESC) WHERE status = 'confirmed';

-- Confirmation mails by canonical mailbox (plus-tags and provider dots removed, case folded), so
-- one address gets at most a few a day whatever the language, the spelling or the form. Each row
-- also marks its request: the statements after the quota check in the same batch find it by
-- request_id, and do nothing when the quota said no.
CREATE TABLE mailbox_sends (
  id INTEGER PRIMARY KEY,
  mailbox TEXT NOT NULL,
  request_id TEXT NOT NULL UNIQUE,
  sent_at INTEGER NOT NULL
);
CREATE INDEX mailbox_sends_recent ON mailbox_sends (mailbox, sent_at);

-- Mail written in the same transaction as the row it confirms; with an email API configured the
-- queue delivers it (and the cron sweeps what the queue missed).
-- failed_at: the email API refused the address for good; such mail is not tried again.
ALTER TABLE outbox ADD COLUMN failed_at INTEGER;
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;
