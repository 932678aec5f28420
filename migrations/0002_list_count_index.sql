-- Migration number: 0002  Index for list totals filtered by a relation (category, product type, collection).
--
-- Proposed by the benchmark (bench/run.mjs) and measured there. Counting with a correlated EXISTS
-- makes SQLite walk every published app (48,004 of 50,000) and probe the relation table per app:
-- 191,987 rows read for /category/whiteboarding. listApps counts with
-- `a.status = ? AND a.seq IN (SELECT app_seq FROM <relation> WHERE ...)` instead; with this index
-- SQLite reads only the relation's rows and probes (status, seq) per row without touching the wide
-- apps rows: 11,946 rows read (16x fewer). The LIST query keeps EXISTS: it walks apps_status_date in
-- order and stops after one page.
CREATE INDEX apps_status_seq ON apps (status, seq);
