-- Migration number: 0029  The marketplace's gainers and losers read only the views they add up
-- (docs/decisions/038, 047): the day, app and views of the rows that have views, in an index of
-- their own, so the movers' one scan reads neither whole rollup rows nor the days an app had only
-- ratings or follows. The day index stays for the daily clean-up of rows older than 400 days.
CREATE INDEX insights_app_daily_views ON insights_app_daily (day, app_id, views) WHERE views > 0;
