-- Migration number: 0003  apps.name_key: the name as a person types it, for search ranking.
--
-- Relevance puts an exact name first and names that start with the query next (then bm25). Both
-- compare apps.name_key with the typed text reduced the same way (app/lib/name-key.ts: lowercase,
-- diacritics removed, words joined by single spaces). The catalogue import writes it. Rows already
-- in a database get SQLite's ASCII-only lower(name) here until the next import rewrites them.
ALTER TABLE apps ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
UPDATE apps SET name_key = lower(name);
