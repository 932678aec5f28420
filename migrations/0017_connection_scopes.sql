-- Migration number: 0017  "This app now asks for more access" (issue 16; docs/decisions/027).
--
-- The platform never says which scopes a grant carries (docs/decisions/016), so the hub keeps what
-- the catalogue listed when the person chose Connect here: My Integrations compares it with what the
-- app asks for now. Written with started_at, in the same statement, from the apps row of that moment.
--
-- scopes: JSON array of the app's permission keys then (app/models/permissions.ts).
-- app_version: the app's current_version then; NULL when it had none.
-- Rows from before this migration have neither: NULL is "not known", and shows no notice (unknown is
-- not "more"); the next Connect fills them in.
ALTER TABLE integration_connections ADD COLUMN scopes TEXT;
ALTER TABLE integration_connections ADD COLUMN app_version TEXT;
