-- Analytics counts and health results (docs/decisions/009-analytics-and-health.md).

-- One row per UTC day and AppHub_ event name: /api/analytics only counts, it keeps no event
-- properties, no user ids and no addresses, so nothing here identifies a person.
CREATE TABLE analytics_daily (
  day TEXT NOT NULL,            -- YYYY-MM-DD (UTC, the server's clock)
  name TEXT NOT NULL,           -- AppHub_pageView, ...
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, name)
) WITHOUT ROWID;

-- The latest check of each upstream service, written by the cron trigger every minute.
CREATE TABLE health_checks (
  service TEXT PRIMARY KEY,     -- d1, kv, platform, content
  ok INTEGER NOT NULL,          -- 1 reachable, 0 down
  latency_ms INTEGER NOT NULL,
  checked_at TEXT NOT NULL,     -- ISO 8601 UTC
  error TEXT                    -- why it is down (null when ok)
) WITHOUT ROWID;
