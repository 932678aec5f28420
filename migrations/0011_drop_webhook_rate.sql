-- Issue 12: incoming-webhook posts are counted by the RATE_LIMIT_WEBHOOK Workers Rate Limiting
-- binding (docs/decisions/013); the D1 per-minute window table is no longer read or written.
DROP TABLE IF EXISTS webhook_rate;
