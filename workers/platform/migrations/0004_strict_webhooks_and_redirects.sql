-- Issue 27: the emulator is as strict as the platform.
-- Auto-disable as the platform does it: WEBHOOK_FAILURE_LIMIT (100) failures within
-- WEBHOOK_FAILURE_WINDOW_SECONDS (300) make a webhook inactive. `failures` now counts the failures
-- of the window that began at failure_window_start (ms); a webhook set active again (reactivated_at,
-- ms) within that window is disabled again on its very next failure.
ALTER TABLE webhooks ADD COLUMN failure_window_start INTEGER;
ALTER TABLE webhooks ADD COLUMN reactivated_at INTEGER;

-- Redirect URIs registered on the hub's clients after seeding (the developer portal's "add a
-- redirect URI", done by /_emulator/redirect-uris for a test's or dev server's own port). Matched
-- exactly, like every other client's; kept across /_emulator/reset as registrations are.
CREATE TABLE registered_redirect_uris (
  client_id TEXT NOT NULL,
  uri TEXT NOT NULL,
  PRIMARY KEY (client_id, uri)
);
