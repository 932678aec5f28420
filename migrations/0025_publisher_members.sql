-- Migration number: 0025  Publisher members and the publisher console (issue 30 items 1-2;
-- docs/decisions/037).
--
-- A member is a platform person, named by a platform e-mail (lower case), of one publisher. A hub
-- admin's link makes an active member at once; a member's invitation waits until the invited person
-- signs in with that e-mail and accepts it (within 14 days). The first sign-in binds the row to the
-- person's uuid: another person who later holds the same address is not that member. Removing a
-- member deletes the row; the audit log keeps who did what. No foreign key to publishers: the import
-- replaces that table's rows, and members outlive it (keyed by the slug, like apps.publisher_slug).
CREATE TABLE publisher_members (
  publisher_slug TEXT NOT NULL,
  email          TEXT NOT NULL,            -- lower case
  user_id        TEXT,                     -- the decoded person uuid, bound at the first sign-in
  name           TEXT NOT NULL DEFAULT '', -- as the platform named the person when they joined
  state          TEXT NOT NULL CHECK (state IN ('invited', 'active')),
  added_by       TEXT NOT NULL,            -- the e-mail of the hub admin or member who added them
  added_at       TEXT NOT NULL,
  expires_at     TEXT,                     -- an invitation's end; NULL once active
  joined_at      TEXT,
  PRIMARY KEY (publisher_slug, email)
) WITHOUT ROWID;
CREATE INDEX publisher_members_email ON publisher_members (email, publisher_slug);

-- Submissions from the console: a person (`submitted_by`, their e-mail) instead of an API token
-- (token_id NULL), and a pending submission its publisher withdrew. SQLite cannot change a CHECK in
-- place, so the table is rebuilt with its rows (as 0016 did).
CREATE TABLE submissions_new (
  id              INTEGER PRIMARY KEY,
  publisher_slug  TEXT NOT NULL,
  app_id          TEXT NOT NULL,
  kind            TEXT NOT NULL CHECK (kind IN ('draft', 'listing', 'version')),
  payload         TEXT NOT NULL,
  state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected', 'withdrawn')),
  reason          TEXT,
  token_id        INTEGER,
  idempotency_key TEXT,
  created_at      TEXT NOT NULL,
  decided_by      TEXT,
  decided_at      TEXT,
  decision_id     TEXT,
  app_name        TEXT NOT NULL DEFAULT '',
  submitted_by    TEXT,
  CHECK (token_id IS NOT NULL OR submitted_by IS NOT NULL)
);
INSERT INTO submissions_new (id, publisher_slug, app_id, kind, payload, state, reason, token_id, idempotency_key, created_at, decided_by, decided_at, decision_id, app_name)
  SELECT id, publisher_slug, app_id, kind, payload, state, reason, token_id, idempotency_key, created_at, decided_by, decided_at, decision_id, app_name FROM submissions;
DROP TABLE submissions;
ALTER TABLE submissions_new RENAME TO submissions;
CREATE UNIQUE INDEX submissions_idempotency ON submissions (publisher_slug, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX submissions_state ON submissions (state, created_at);
CREATE INDEX submissions_app ON submissions (app_id, created_at DESC);
CREATE INDEX submissions_publisher ON submissions (publisher_slug, created_at DESC);
