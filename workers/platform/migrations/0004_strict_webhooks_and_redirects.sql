-- Issue 27: the emulator is as strict as the platform.
-- Auto-disable as the platform does it: WEBHOOK_FAILURE_LIMIT (100) failures within
-- WEBHOOK_FAILURE_WINDOW_SECONDS (300) make a webhook inactive. `failures` now counts the failures
-- of the window that began at failure_window_start (ms). disabled_at (ms) is when it last went
-- inactive; a webhook set active again within the window after that is on probation (1): its next
-- failure disables it again, a success ends the probation.
ALTER TABLE webhooks ADD COLUMN failure_window_start INTEGER;
ALTER TABLE webhooks ADD COLUMN disabled_at INTEGER;
ALTER TABLE webhooks ADD COLUMN on_probation INTEGER NOT NULL DEFAULT 0;

-- Redirect URIs registered on the hub's clients after seeding (the developer portal's "add a
-- redirect URI", done by /_emulator/redirect-uris for a test's or dev server's own port). Matched
-- exactly, like every other client's; kept across /_emulator/reset as registrations are.
CREATE TABLE registered_redirect_uris (
  client_id TEXT NOT NULL,
  uri TEXT NOT NULL,
  PRIMARY KEY (client_id, uri)
);
