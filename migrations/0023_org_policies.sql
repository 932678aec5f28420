-- Migration number: 0023  Organisations decide which apps their people use (issue 29; decision 035).
--
-- Every table is keyed by the organisation: `org_id` is the uuid inside the platform's encoded
-- orgId (app/auth/user.ts hydraUuid), so the same organisation written with or without base64
-- padding is one key. Nothing here is ever read without the org id of the logged-in person's
-- session: an admin of one organisation cannot name another's rows.

-- The organisation's policy. No row: open (today's behaviour, the default).
CREATE TABLE org_policies (
  org_id            TEXT PRIMARY KEY,
  mode              TEXT NOT NULL CHECK (mode IN ('open', 'approval')),
  -- Where requests go: a direct message from the updates bot to each admin the hub knows, or one
  -- group space an admin chose (the updates bot is added to it when it is chosen).
  requests_to       TEXT NOT NULL DEFAULT 'admins' CHECK (requests_to IN ('admins', 'space')),
  requests_room_id  TEXT,
  requests_room_title TEXT,
  updated_by        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  CHECK ((requests_to = 'space') = (requests_room_id IS NOT NULL))
) WITHOUT ROWID;

-- The organisation's admins the hub has seen: full administrators (people/me roles) who logged in
-- or opened the admin page. The platform's list of an organisation's admins is an admin API the
-- hub's scopes do not reach (decision 035), so requests go to these people. A login without the
-- role (a demoted admin) removes the row.
CREATE TABLE org_admins (
  org_id     TEXT NOT NULL,
  user_id    TEXT NOT NULL,   -- the decoded person uuid
  person_id  TEXT NOT NULL,   -- the platform's encoded person id: where direct messages go
  email      TEXT NOT NULL,
  name       TEXT NOT NULL,
  seen_at    TEXT NOT NULL,
  PRIMARY KEY (org_id, user_id)
) WITHOUT ROWID;

-- Pre-approved and restricted apps. `permissions` is the JSON list of permission keys the app
-- asked for when it was approved: a later version asking for more is not approved by this row.
CREATE TABLE org_app_decisions (
  org_id      TEXT NOT NULL,
  app_id      TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('approved', 'restricted')),
  permissions TEXT NOT NULL DEFAULT '[]',
  reason      TEXT NOT NULL DEFAULT '',
  decided_by  TEXT NOT NULL,   -- the admin's display name, or "Rule: <name>"
  decided_at  TEXT NOT NULL,
  PRIMARY KEY (org_id, app_id)
) WITHOUT ROWID;

-- Rules on an app's trust facts that approve requests on their own. `conditions` is JSON
-- (app/features/org-policy/rules.ts): every condition set must hold.
CREATE TABLE org_rules (
  id          INTEGER PRIMARY KEY,
  org_id      TEXT NOT NULL,
  name        TEXT NOT NULL,
  conditions  TEXT NOT NULL,
  created_by  TEXT NOT NULL,
  created_at  TEXT NOT NULL
);
CREATE INDEX org_rules_org ON org_rules (org_id, id);

-- Members' requests and how each was decided (the history).
CREATE TABLE org_app_requests (
  id                  INTEGER PRIMARY KEY,
  org_id              TEXT NOT NULL,
  app_id              TEXT NOT NULL,
  app_name            TEXT NOT NULL,
  requester_user_id   TEXT NOT NULL,
  requester_person_id TEXT NOT NULL,
  requester_name      TEXT NOT NULL,
  requester_email     TEXT NOT NULL,
  comment             TEXT NOT NULL DEFAULT '',
  permissions         TEXT NOT NULL DEFAULT '[]',  -- what the app asked for when requested
  status              TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'denied', 'restricted')),
  reason              TEXT NOT NULL DEFAULT '',
  decided_by          TEXT,       -- the admin's display name, or null when a rule decided
  rule_name           TEXT,       -- the rule that decided it, if one did
  created_at          TEXT NOT NULL,
  decided_at          TEXT
);
-- One open request per person per app: asking twice adds nothing.
CREATE UNIQUE INDEX org_app_requests_open ON org_app_requests (org_id, app_id, requester_user_id) WHERE status = 'pending';
CREATE INDEX org_app_requests_org ON org_app_requests (org_id, status, created_at DESC);
CREATE INDEX org_app_requests_person ON org_app_requests (requester_user_id, app_id, created_at DESC);
CREATE INDEX audit_log_subject ON audit_log (subject, id DESC);
