-- Migration number: 0016  Every kind of publisher submission (issue 16): a new app's draft, a listing
-- change and a version, and the review's decision.
--
-- SQLite cannot change a CHECK constraint in place, so the table is rebuilt with its rows.
-- decision_id: a random value the approving batch writes with the decision. Every other statement
-- of that batch runs only while the submission carries it, so a second approval of the same
-- submission (two admins, a double click) changes nothing live.
-- app_name: the app's name as submitted (a draft's app is not in the catalogue until approved).
CREATE TABLE submissions_new (
  id              INTEGER PRIMARY KEY,
  publisher_slug  TEXT NOT NULL,
  app_id          TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('draft', 'listing', 'version')),
  payload         TEXT NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  reason          TEXT,
  token_id        INTEGER NOT NULL,
  idempotency_key TEXT,
  created_at      TEXT NOT NULL,
  decided_by      TEXT,
  decided_at      TEXT,
  decision_id     TEXT,
  app_name        TEXT NOT NULL DEFAULT ''
);
INSERT INTO submissions_new (id, publisher_slug, app_id, kind, payload, state, reason, token_id, idempotency_key, created_at, decided_by, decided_at)
  SELECT id, publisher_slug, app_id, kind, payload, state, reason, token_id, idempotency_key, created_at, decided_by, decided_at FROM submissions;
DROP TABLE submissions;
ALTER TABLE submissions_new RENAME TO submissions;
CREATE UNIQUE INDEX submissions_idempotency ON submissions (publisher_slug, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX submissions_state ON submissions (state, created_at);
CREATE INDEX submissions_app ON submissions (app_id, created_at DESC);
CREATE INDEX submissions_publisher ON submissions (publisher_slug, created_at DESC);
