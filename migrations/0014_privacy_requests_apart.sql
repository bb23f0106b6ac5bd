-- A person's privacy request is never silently dropped (docs/decisions/0033-addresses-requests-
-- and-the-site-origin.md).
--
-- Confirmation mails are counted per purpose: a stranger's subscription posts no longer spend the
-- quota a data request needs. Rows written before this migration count as subscriptions (they
-- leave the 24 h window within a day).
ALTER TABLE mailbox_sends ADD COLUMN purpose TEXT NOT NULL DEFAULT 'subscription' CHECK (purpose IN ('subscription', 'data-request'));
DROP INDEX mailbox_sends_recent;
CREATE INDEX mailbox_sends_recent ON mailbox_sends (mailbox, purpose, sent_at);

-- A data request that arrives when its mailbox has had its confirmation mails for the day is kept
-- all the same, unconfirmed and flagged for the operators: `flag` says why it needs their eye.
ALTER TABLE data_requests ADD COLUMN flag TEXT CHECK (flag IS NULL OR flag IN ('mail-limit'));
CREATE INDEX data_requests_flagged ON data_requests (created_at DESC) WHERE flag IS NOT NULL;

-- Mail goes to a structured recipient: the address, and a display name when there is one.
ALTER TABLE outbox ADD COLUMN to_name TEXT;
