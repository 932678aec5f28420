-- Migration number: 0010  Webhooks' owner standing and the owners' grants (issue 12; docs/decisions/010).

-- The owner's standing as last checked: an inactive webhook posts and delivers nothing.
-- status: 'active' | 'inactive'; status_reason (when inactive): 'left_space' | 'bot_removed' |
-- 'bot_disabled' | 'grant_revoked'; standing_checked_at: unix ms of the last check (0 = never).
ALTER TABLE webhooks ADD COLUMN status TEXT NOT NULL DEFAULT 'active';
ALTER TABLE webhooks ADD COLUMN status_reason TEXT;
ALTER TABLE webhooks ADD COLUMN standing_checked_at INTEGER NOT NULL DEFAULT 0;

-- People who own webhooks: their platform tokens for App Hub, sealed (AES-GCM, key derived from
-- SESSION_SECRETS), kept only while they own at least one webhook, used only to ask the platform
-- whether they still grant App Hub access (people/me, then a refresh). grant_status: 'granted' |
-- 'revoked' | 'unknown'; grant_checked_at: unix ms of the last check.
CREATE TABLE webhook_owners (
  user_id          TEXT PRIMARY KEY,          -- the decoded person uuid (webhooks.user_id)
  person_id        TEXT NOT NULL,             -- the platform's encoded person id
  tokens           TEXT,                      -- sealed JSON; NULL once the grant is known revoked
  grant_status     TEXT NOT NULL DEFAULT 'unknown',
  grant_checked_at INTEGER NOT NULL DEFAULT 0,
  updated_at       TEXT NOT NULL
) WITHOUT ROWID;

-- The Cron Trigger picks due retries per webhook (at most a few each per run).
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, next_attempt_at);
