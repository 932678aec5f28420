-- Issue 27: the platform disables a webhook again on its next failure when it is re-enabled within
-- 5 minutes of being disabled. Reviving at once made an outgoing webhook whose receiver was still
-- failing flap (revived, disabled, revived...). The Cron Trigger now remembers when it first saw
-- the platform webhook inactive (ms) and revives it only once that is longer ago than the window
-- (app/features/webhooks/revival.server.ts). NULL: active, or not seen inactive yet.
ALTER TABLE webhooks ADD COLUMN platform_inactive_since INTEGER;
