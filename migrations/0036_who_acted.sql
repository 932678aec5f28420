-- Migration number: 0036  Who acted is kept as a name and an address (issue 40 item 15;
-- docs/decisions/060). Each table kept one half: the audit log, submissions, tokens, members and
-- moderation an address (or "token:<prefix>", "App Hub", "migration:<n>"), the organisation's
-- tables a display name (or "Rule: <name>"). The missing half is written from now on, in the same
-- statement as the half kept already. Rows from before stay NULL: pages show what they knew (the
-- address alone, or the name alone); nothing is filled in by guessing who an address or a name was.
ALTER TABLE audit_log ADD COLUMN actor_name TEXT;                 -- the person's name beside `actor` (an address)
ALTER TABLE submissions ADD COLUMN submitted_by_name TEXT;        -- beside submitted_by (an address)
ALTER TABLE submissions ADD COLUMN decided_by_name TEXT;          -- beside decided_by (a hub admin's or member's address)
ALTER TABLE publisher_tokens ADD COLUMN created_by_name TEXT;     -- beside created_by (an address)
ALTER TABLE publisher_members ADD COLUMN added_by_name TEXT;      -- beside added_by (an address)
ALTER TABLE moderation_log ADD COLUMN by_name TEXT;               -- beside by_email
ALTER TABLE app_reports ADD COLUMN decided_by_name TEXT;          -- beside decided_by (an address)
ALTER TABLE app_removals ADD COLUMN removed_by_name TEXT;         -- beside removed_by (an address)
ALTER TABLE org_app_decisions ADD COLUMN decided_by_email TEXT;   -- beside decided_by (a display name, or "Rule: <name>")
ALTER TABLE org_app_requests ADD COLUMN decided_by_email TEXT;    -- beside decided_by (a display name; NULL when a rule decided)
ALTER TABLE org_rules ADD COLUMN created_by_email TEXT;           -- beside created_by (a display name)
ALTER TABLE org_policies ADD COLUMN updated_by_email TEXT;        -- beside updated_by (a display name, or "the App Hub")
