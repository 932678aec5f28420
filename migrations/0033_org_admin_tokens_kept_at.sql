-- Migration number: 0033  An organisation admin's kept platform tokens are kept for a bounded time
-- (issue 40 item 11; docs/decisions/047). `tokens_kept_at` is when the login that handed them over
-- happened: a refresh replaces the tokens but not this time, so keeping never extends itself. Tokens
-- older than the session's absolute lifetime (SESSION_MAX_AGE_SECONDS) are never used
-- (listKnownAdmins) and the Cron Trigger deletes them; logging out deletes them at once. Rows from
-- before count from their last login (`seen_at`, written with the tokens at login).
ALTER TABLE org_admins ADD COLUMN tokens_kept_at TEXT;
UPDATE org_admins SET tokens_kept_at = seen_at WHERE tokens IS NOT NULL;
-- The Cron's clean-up reads only the rows that still hold tokens, oldest first.
CREATE INDEX org_admins_tokens_kept_at ON org_admins (tokens_kept_at) WHERE tokens IS NOT NULL;
