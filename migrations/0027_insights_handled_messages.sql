-- Migration number: 0027  Insights counted once (docs/decisions/047): the queue delivers at least
-- once, so the consumer records each message it added to the rollups, in the same D1 batch as the
-- counts, and skips a message it finds here. A record is needed only while the queue could hand
-- the message over again (its retention, 4 days): the Cron Trigger deletes older ones daily.
CREATE TABLE insights_handled_messages (
  message_id TEXT PRIMARY KEY,   -- the queue's message id (the same on every delivery)
  handled_on TEXT NOT NULL       -- YYYY-MM-DD, UTC: the day its counts were written
) WITHOUT ROWID;
CREATE INDEX insights_handled_messages_day ON insights_handled_messages (handled_on);
