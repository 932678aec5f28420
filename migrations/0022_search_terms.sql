-- Issue 28 (search that forgives): the FTS index's own vocabulary, one row per term and column with
-- the number of apps that hold it. fts5vocab reads apps_fts directly, so it is always in step with
-- the index (imports and published submissions alike); search reads it once per catalogue version
-- (app/features/search/vocabulary.server.ts, docs/decisions/034).
CREATE VIRTUAL TABLE IF NOT EXISTS apps_fts_terms USING fts5vocab(apps_fts, 'col');
