-- Migration number: 0015  Publishers' submissions (issue 16): a new version of an app, sent through
-- the publisher API and waiting for a hub admin's review. `payload` is the validated JSON; an
-- Idempotency-Key makes a retried submit return the first answer instead of a second submission.
CREATE TABLE submissions (
  id              INTEGER PRIMARY KEY,
  publisher_slug  TEXT NOT NULL,
  app_id          TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('version')),
  payload         TEXT NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reason          TEXT,
  token_id        INTEGER NOT NULL,
  idempotency_key TEXT,
  created_at      TEXT NOT NULL,
  decided_by      TEXT,
  decided_at      TEXT
);
CREATE UNIQUE INDEX submissions_idempotency ON submissions (publisher_slug, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX submissions_state ON submissions (state, created_at);
CREATE INDEX submissions_app ON submissions (app_id, created_at DESC);
