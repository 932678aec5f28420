-- Migration number: 0026  Insights (issues 30 and 28; docs/decisions/038): small daily rollups that
-- the insights pages read. Written by the insights queue's consumer (events, in batches) and by the
-- Cron Trigger (ratings from published reviews, the review queue and update deliveries). No row
-- names a person, an address or a cookie: only apps, publishers' apps, normalised search words and
-- counts per UTC day. Rows older than 400 days are deleted by the Cron Trigger.

-- One row per app per day that saw anything. Column per measure: a window of one app is at most
-- 2 × 90 rows, read in one range of the primary key.
CREATE TABLE insights_app_daily (
  app_id          TEXT NOT NULL,
  day             TEXT NOT NULL,               -- YYYY-MM-DD, UTC
  views           INTEGER NOT NULL DEFAULT 0,  -- app page views (AppHub_appView)
  add_starts      INTEGER NOT NULL DEFAULT 0,  -- an add of the bot tried (to a space or a direct message)
  adds            INTEGER NOT NULL DEFAULT 0,  -- ... and done
  connect_starts  INTEGER NOT NULL DEFAULT 0,  -- a connect of the integration started (sent to the vendor)
  connects        INTEGER NOT NULL DEFAULT 0,  -- ... and confirmed
  follows         INTEGER NOT NULL DEFAULT 0,
  unfollows       INTEGER NOT NULL DEFAULT 0,
  search_opens    INTEGER NOT NULL DEFAULT 0,  -- the page opened from a search's results
  ratings         INTEGER NOT NULL DEFAULT 0,  -- published reviews written that day (Cron Trigger)
  rating_sum      INTEGER NOT NULL DEFAULT 0,  -- the sum of their stars (average = rating_sum / ratings)
  PRIMARY KEY (app_id, day)
) WITHOUT ROWID;
-- The marketplace's gainers and losers: one window of every app.
CREATE INDEX insights_app_daily_day ON insights_app_daily (day);

-- The whole marketplace per day: the funnel (the same events as above, summed as they arrive), the
-- searches, and what the Cron Trigger counts from the review queue and the update deliveries.
CREATE TABLE insights_market_daily (
  day              TEXT PRIMARY KEY,
  views            INTEGER NOT NULL DEFAULT 0,
  add_starts       INTEGER NOT NULL DEFAULT 0,
  adds             INTEGER NOT NULL DEFAULT 0,
  connect_starts   INTEGER NOT NULL DEFAULT 0,
  connects         INTEGER NOT NULL DEFAULT 0,
  follows          INTEGER NOT NULL DEFAULT 0,
  unfollows        INTEGER NOT NULL DEFAULT 0,
  searches         INTEGER NOT NULL DEFAULT 0,
  searches_empty   INTEGER NOT NULL DEFAULT 0,  -- searches that found nothing
  search_opens     INTEGER NOT NULL DEFAULT 0,
  submissions      INTEGER NOT NULL DEFAULT 0,  -- submissions received (Cron Trigger)
  decisions        INTEGER NOT NULL DEFAULT 0,  -- submissions approved or rejected that day
  approvals        INTEGER NOT NULL DEFAULT 0,
  decision_seconds INTEGER NOT NULL DEFAULT 0,  -- summed time from submission to decision of that day's decisions
  deliveries_sent  INTEGER NOT NULL DEFAULT 0,  -- update messages posted to followers
  dead_letters     INTEGER NOT NULL DEFAULT 0   -- update messages given up on
) WITHOUT ROWID;

-- Each normalised search query per day (issue 28 item 8): how often, how many results the last one
-- found, and how many of its searches led to an opened result.
CREATE TABLE insights_search_daily (
  day      TEXT NOT NULL,
  query    TEXT NOT NULL,
  searches INTEGER NOT NULL DEFAULT 0,
  results  INTEGER NOT NULL DEFAULT 0,
  opens    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, query)
) WITHOUT ROWID;

-- The searches that led to an app: per app, day and query, the opens.
CREATE TABLE insights_app_search_daily (
  app_id TEXT NOT NULL,
  day    TEXT NOT NULL,
  query  TEXT NOT NULL,
  opens  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, query)
) WITHOUT ROWID;

-- The Cron Trigger counts the reviews written since yesterday (ratings per app and day).
CREATE INDEX reviews_created ON reviews (created_at);
