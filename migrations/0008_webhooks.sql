-- Migration number: 0008  The hub's own webhooks (issue 6; docs/decisions/010).

-- One row per webhook a person made with the Incoming or Outgoing Webhooks app.
CREATE TABLE webhooks (
  id                  TEXT PRIMARY KEY,       -- random uuid; the id the API and forms use
  type                TEXT NOT NULL CHECK (type IN ('incoming', 'outgoing')),
  user_id             TEXT NOT NULL,          -- the owner's decoded person uuid
  room_id             TEXT NOT NULL,          -- the platform's room id
  room_title          TEXT NOT NULL,          -- kept for the list: the platform is not asked per row
  display_name        TEXT NOT NULL,          -- letters, digits and hyphens (spec §5)
  -- incoming: the secret path segment of /api/hooks/incoming/{token}
  token               TEXT UNIQUE,
  -- outgoing: the person's URL, the secret we sign deliveries with, and the platform webhook that
  -- tells us about messages in the space (with the secret the platform signs those with)
  webhook_url         TEXT,
  signing_secret      TEXT,
  platform_webhook_id TEXT,
  platform_secret     TEXT,
  created_at          TEXT NOT NULL,
  -- A repeated create (double submit, retried request) finds this row instead of adding another.
  UNIQUE (user_id, type, room_id, display_name)
);
CREATE INDEX webhooks_user ON webhooks (user_id, type, created_at);

-- Incoming posts per webhook per minute (429 with Retry-After past the limit).
CREATE TABLE webhook_rate (
  webhook_id   TEXT NOT NULL,
  window_start INTEGER NOT NULL,              -- unix seconds, a multiple of 60
  count        INTEGER NOT NULL,
  PRIMARY KEY (webhook_id, window_start)
) WITHOUT ROWID;

-- Outgoing deliveries that failed and wait for a retry (the Cron Trigger sends them).
CREATE TABLE webhook_deliveries (
  id              TEXT PRIMARY KEY,           -- the platform message id + webhook id: one per pair
  webhook_id      TEXT NOT NULL,
  body            TEXT NOT NULL,              -- the exact JSON we sign and send
  attempts        INTEGER NOT NULL,
  next_attempt_at INTEGER NOT NULL,           -- unix ms
  last_error      TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at);
