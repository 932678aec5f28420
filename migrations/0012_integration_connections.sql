-- Migration number: 0012  Connect goes through the vendor's own page (issue 13; docs/decisions/016).
--
-- apps.connect_url: the catalogue record's connectUrl, the vendor's start (or authorize) page; it
-- may contain {return_url}. NULL: the vendor's website is the way to connect it.
ALTER TABLE apps ADD COLUMN connect_url TEXT;

-- What the hub knows about integrations a person connected through it. The platform keeps the
-- grants; an ordinary integration (third-party mode) cannot read them, so My Integrations lists
-- these rows, honestly: confirmed_at is set only when the platform confirmed a grant for the
-- client (first-party, or an admin's token), started_at each time the person chose Connect.
CREATE TABLE integration_connections (
  user_id      TEXT NOT NULL,   -- the decoded person uuid (spec §3), as in users
  client_id    TEXT NOT NULL,   -- the integration's OAuth client id
  app_id       TEXT NOT NULL,   -- the catalogue app's id (the row may outlive the app)
  started_at   TEXT NOT NULL,
  confirmed_at TEXT,
  PRIMARY KEY (user_id, client_id)
) WITHOUT ROWID;
