-- Migration number: 0031  Search insights' floor counts browsers, not searches (issue 40 item 8;
-- docs/decisions/038). One bit per browser bucket (48 buckets of a hash of address and user agent,
-- app/features/insights/record.server.ts browserBucket) that searched the query that day, or-ed in
-- by the queue's consumer. No address, id or cookie is stored: a bucket is about 1/48 of all
-- browsers. Rows from before have 0 (no browser known), so their queries stay below the floor.
ALTER TABLE insights_search_daily ADD COLUMN browsers INTEGER NOT NULL DEFAULT 0;
