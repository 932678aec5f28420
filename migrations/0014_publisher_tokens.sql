-- Migration number: 0014  The publisher API's tokens and the audit log (issue 16).
--
-- A publisher's API token is shown once, when a hub admin creates it; only its SHA-256 is kept, so a
-- copy of this table lets nobody call the API. `prefix` (the token's first characters) lets people
-- tell their tokens apart. Revoking sets revoked_at; the row stays for the audit trail.
CREATE TABLE publisher_tokens (
  id             INTEGER PRIMARY KEY,
  publisher_slug TEXT NOT NULL,
  name           TEXT NOT NULL,
  token_hash     TEXT NOT NULL UNIQUE,
  prefix         TEXT NOT NULL,
  created_by     TEXT NOT NULL,
  created_at     TEXT NOT NULL,
  last_used_at   TEXT,
  revoked_at     TEXT
);
CREATE INDEX publisher_tokens_publisher ON publisher_tokens (publisher_slug, created_at DESC);

-- Who changed what, and when: hub admins' decisions and publishers' API calls that change anything.
CREATE TABLE audit_log (
  id      INTEGER PRIMARY KEY,
  at      TEXT NOT NULL,
  actor   TEXT NOT NULL,    -- a hub admin's e-mail, or "token:<prefix>" for a publisher's API token
  action  TEXT NOT NULL,    -- e.g. token.create, token.revoke
  subject TEXT NOT NULL,    -- what it acted on, e.g. the publisher's slug
  detail  TEXT NOT NULL DEFAULT '{}'  -- JSON
);
CREATE INDEX audit_log_at ON audit_log (at DESC);
