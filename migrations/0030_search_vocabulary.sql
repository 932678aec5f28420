-- Migration number: 0030  The search vocabulary as a table, written where the index changes.
--
-- Issue 31 (docs/decisions/049): search reads the FTS index's vocabulary once per catalogue version
-- (decision 034). Through fts5vocab (apps_fts_terms, migration 0022) that read walks the whole
-- index: 0.5 s at 50,000 apps, 10.8 s at 1,000,000, paid by the first request of every version.
-- This table holds the same rows (term, column, apps that hold it there): the catalogue import
-- rebuilds it from fts5vocab in its own batch (scripts/lib/catalogue-sql.ts), an approved
-- submission refreshes its app's words in the approval's batch (app/features/review-queue), and
-- the Worker reads it (~1,300 rows) instead of walking the index.
CREATE TABLE search_vocabulary (
  term TEXT NOT NULL,
  col  TEXT NOT NULL,
  doc  INTEGER NOT NULL,
  PRIMARY KEY (term, col)
) WITHOUT ROWID;

-- A database that already holds a catalogue gets its vocabulary now, once.
INSERT INTO search_vocabulary (term, col, doc) SELECT term, col, doc FROM apps_fts_terms;
