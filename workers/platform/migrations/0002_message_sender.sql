-- A bot posting on behalf of a named sender (the hub's Incoming Webhooks posts as each webhook's
-- name, docs/platform-api.md "Incoming webhooks"): shown instead of the bot's own name.
ALTER TABLE messages ADD COLUMN sender_display_name TEXT;
