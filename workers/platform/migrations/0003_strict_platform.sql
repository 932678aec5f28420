-- Issue 13: the emulator is as strict as the platform.
-- Clients are registered with their scopes (space separated), redirect URIs (space separated;
-- an entry starting with "/" is a path on the emulator's own origin: the demo vendors' callbacks)
-- and whether they are one of the platform's own first-party clients. client_secret already exists.
ALTER TABLE applications ADD COLUMN scopes TEXT NOT NULL DEFAULT '';
ALTER TABLE applications ADD COLUMN redirect_uris TEXT NOT NULL DEFAULT '';
ALTER TABLE applications ADD COLUMN first_party INTEGER NOT NULL DEFAULT 0;

-- The platform's POST /messages has no sender-name field: nothing can post under another name.
ALTER TABLE messages DROP COLUMN sender_display_name;

-- Consecutive failed deliveries; WEBHOOK_FAILURE_LIMIT of them in a row make the webhook inactive.
ALTER TABLE webhooks ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;

-- The demo vendors' own memory (a vendor's server remembers the state it sent to /v1/authorize).
CREATE TABLE vendor_states (
  state TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  return_to TEXT,            -- an http(s) URL, or NULL
  created_at INTEGER NOT NULL
);
