-- Migration number: 0004  Indexes that make text search and the typeahead fast at 50,000 apps.

-- Text search reads apps only to filter and rank the FTS matches (status, type, featured, name_key)
-- or to sort them (date, name). Those columns sit after the long description, so reading them from
-- the table follows overflow pages for every match: this covering index, keyed by seq, answers the
-- per-match probe instead (queries name it with INDEXED BY; the planner would take the rowid).
-- Only the page of 32 (or 6 suggestions) is then read from the table.
CREATE INDEX apps_search ON apps (seq, status, type, is_featured, submitted_at, name_key, name COLLATE NOCASE);

-- Typeahead for one or two letters: names that start with them, straight from this index, instead
-- of ranking every word in the catalogue that starts with "p".
CREATE INDEX apps_status_name_key ON apps (status, name_key);
