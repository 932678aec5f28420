-- Migration number: 0020  Doors left ajar (issue 27, items 12 and 15; docs/decisions/032).
--
-- An OAuth client id or a bot address names ONE app. An app that shared another's would ride on
-- the real vendor's grants and bot: "Connected", review eligibility, My Integrations. The catalogue
-- file (validateCatalogue), the publisher API's drafts and the review queue refuse a taken one with a
-- clear message; these indexes are the last guard, so an approval racing another cannot slip
-- through. Bot addresses are e-mail addresses, equal in any case (as findBot compares them).
--
-- If this migration fails with "UNIQUE constraint failed", the local catalogue already holds two
-- apps with one client id or bot address. List them with
--   SELECT client_id, group_concat(id) FROM apps WHERE client_id IS NOT NULL GROUP BY client_id HAVING count(*) > 1;
--   SELECT lower(bot_email), group_concat(id) FROM apps WHERE bot_email IS NOT NULL GROUP BY lower(bot_email) HAVING count(*) > 1;
-- then import a catalogue file without them (the import now names them) and migrate again.
DROP INDEX IF EXISTS apps_client_id;
CREATE UNIQUE INDEX apps_client_id ON apps (client_id) WHERE client_id IS NOT NULL;
CREATE UNIQUE INDEX apps_bot_email ON apps (bot_email COLLATE NOCASE) WHERE bot_email IS NOT NULL;

-- A report counts towards hiding a review only when its author uses the app (review-eligible, by
-- the hub's records, when they reported): anyone may still tell the moderators, but three fresh
-- accounts can no longer hide a review. Reports made before this migration keep counting.
ALTER TABLE review_reports ADD COLUMN counts INTEGER NOT NULL DEFAULT 1 CHECK (counts IN (0, 1));
