-- Migration number: 0005  Logged-in users' login counts, per-user feature toggles, and the index
-- My Integrations uses to match platform authorizations to catalogue apps by client id.

-- Only what the hub itself needs about a person: no names or e-mails (those stay in the session).
CREATE TABLE users (
  user_id        TEXT PRIMARY KEY,   -- the decoded person uuid (spec §3)
  org_id         TEXT NOT NULL,
  login_count    INTEGER NOT NULL DEFAULT 0,
  first_login_at TEXT NOT NULL,
  last_login_at  TEXT NOT NULL
);

-- Spec §3: a toggle is a key and a val ('true' means on). user_id '' holds the default for everyone;
-- a row for a user overrides it.
CREATE TABLE feature_toggles (
  key     TEXT NOT NULL,
  user_id TEXT NOT NULL DEFAULT '',
  val     TEXT NOT NULL,
  PRIMARY KEY (key, user_id)
) WITHOUT ROWID;
INSERT INTO feature_toggles (key, user_id, val) VALUES ('embedded-app-phase-1-enabled', '', 'true');

CREATE INDEX apps_client_id ON apps (client_id) WHERE client_id IS NOT NULL;
