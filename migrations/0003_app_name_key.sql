-- Migration number: 0003  apps.name_key: the name as a person types it, for search ranking.
--
-- Relevance puts an exact name first and names that start with the query next (then bm25). Both
-- compare apps.name_key with the typed text reduced the same way (app/lib/name-key.ts: lowercase,
-- diacritics removed, words joined by single spaces). The catalogue import writes it. Rows already
-- in a database get SQLite's ASCII-only lower(name) here until the next import rewrites them.
ALTER TABLE apps ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE apps SET name_key = lower(name);

-- Text search reads apps only to filter and rank the FTS matches (status, type, featured, name_key)
-- or to sort them (date, name). Those columns sit after the long description, so reading them from
-- the table follows overflow pages for every match: this covering index, keyed by seq, answers the
-- per-match probe instead (queries name it with INDEXED BY; the planner would take the rowid).
-- Only the page of 32 (or 6 suggestions) is then read from the table.
CREATE INDEX apps_search ON apps (seq, status, type, is_featured, submitted_at, name_key, name COLLATE NOCASE);

-- Typeahead for one or two letters: names that start with them, straight from this index, instead
-- of ranking every word in the catalogue that starts with "p".
CREATE INDEX apps_status_name_key ON apps (status, name_key);
