-- The platform emulator's state. Times are ISO-8601 strings (what the API returns) except the
-- expiry columns, which are epoch milliseconds so comparisons are plain integer checks.

CREATE TABLE orgs (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created TEXT NOT NULL
);

-- People and bots. Bots (type 'bot') are reference data from the catalogue; reset keeps them.
CREATE TABLE people (
  uuid TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT,
  nick_name TEXT,
  first_name TEXT,
  last_name TEXT,
  avatar TEXT,               -- file name under /avatars/, or NULL for no avatar
  org_uuid TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('person', 'bot')),
  is_org_admin INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  last_modified TEXT NOT NULL
);

-- Bots an organisation's policy does not allow (add to a space or message directly → 403).
CREATE TABLE org_disabled_bots (
  org_uuid TEXT NOT NULL,
  bot_email TEXT NOT NULL COLLATE NOCASE,
  PRIMARY KEY (org_uuid, bot_email)
);

-- OAuth applications. kind 'catalogue' rows are reference data; 'hub' and 'other' are demo seed.
CREATE TABLE applications (
  client_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('hub', 'catalogue', 'other')),
  client_secret TEXT,        -- NULL: tokens can never be exchanged (catalogue apps)
  created TEXT NOT NULL
);

CREATE TABLE rooms (
  uuid TEXT PRIMARY KEY,
  title TEXT,                -- NULL for direct rooms: the title is the other member's name
  type TEXT NOT NULL CHECK (type IN ('direct', 'group')),
  is_locked INTEGER NOT NULL DEFAULT 0,
  is_restricted INTEGER NOT NULL DEFAULT 0, -- the owning org refuses new memberships (400)
  is_announcement_only INTEGER NOT NULL DEFAULT 0,
  team_uuid TEXT,
  creator_uuid TEXT NOT NULL,
  owner_org_uuid TEXT NOT NULL,
  description TEXT,
  created TEXT NOT NULL,
  last_activity TEXT NOT NULL
);

CREATE TABLE memberships (
  person_uuid TEXT NOT NULL,
  room_uuid TEXT NOT NULL,
  is_moderator INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  PRIMARY KEY (person_uuid, room_uuid)
);
CREATE INDEX memberships_room ON memberships (room_uuid);

CREATE TABLE messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  uuid TEXT NOT NULL UNIQUE,
  room_uuid TEXT NOT NULL,
  person_uuid TEXT NOT NULL,
  parent_uuid TEXT,
  to_person_uuid TEXT,
  to_person_email TEXT,
  text TEXT,
  markdown TEXT,
  mentioned TEXT NOT NULL DEFAULT '[]', -- JSON array of person uuids
  created TEXT NOT NULL
);
CREATE INDEX messages_room ON messages (room_uuid, seq);

CREATE TABLE webhooks (
  uuid TEXT PRIMARY KEY,
  owner_uuid TEXT NOT NULL,
  client_id TEXT,
  name TEXT NOT NULL,
  target_url TEXT NOT NULL,
  resource TEXT NOT NULL,
  event TEXT NOT NULL,
  filter TEXT,
  secret TEXT,
  status TEXT NOT NULL DEFAULT 'active',
  created TEXT NOT NULL
);
CREATE INDEX webhooks_owner ON webhooks (owner_uuid);

CREATE TABLE auth_codes (
  code TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  person_uuid TEXT NOT NULL,
  scopes TEXT NOT NULL,
  code_challenge TEXT,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE tokens (
  token TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  person_uuid TEXT NOT NULL,
  client_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  from_code TEXT,            -- the authorization code it came from (revoked on code replay)
  expires_at INTEGER NOT NULL,
  created TEXT NOT NULL
);
CREATE INDEX tokens_person_client ON tokens (person_uuid, client_id);

CREATE TABLE authorizations (
  uuid TEXT PRIMARY KEY,
  person_uuid TEXT NOT NULL,
  client_id TEXT NOT NULL,
  scopes TEXT NOT NULL,      -- space separated
  created TEXT NOT NULL,
  UNIQUE (person_uuid, client_id)
);

-- Injected failures for tests (/_emulator/faults): in D1 so every isolate sees them.
CREATE TABLE faults (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  method TEXT,
  path_prefix TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('status', 'slow')),
  status INTEGER,
  retry_after INTEGER,
  delay_ms INTEGER,
  remaining INTEGER NOT NULL -- -1 = until cleared
);
