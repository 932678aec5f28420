-- Spaces that move to another geography get a new room id (the platform's rooms/migrated event;
-- issue 27 item 9, docs/decisions/033). Each of the hub's bots keeps one platform webhook for that
-- event; a received move is recorded, applied at once and applied again by the Cron Trigger, so a
-- move that failed half-way (a platform call refused) is finished later. Applying is idempotent.

-- One rooms/migrated platform webhook per hub bot (incoming, outgoing, updates): the secret the
-- platform signs its deliveries with, and where they go.
CREATE TABLE room_subscriptions (
  bot                 TEXT PRIMARY KEY CHECK (bot IN ('incoming', 'outgoing', 'updates')),
  platform_webhook_id TEXT NOT NULL,
  secret              TEXT NOT NULL,
  target_url          TEXT NOT NULL,
  inactive_since      INTEGER,                -- unix ms a run first saw it inactive (revival waits)
  created_at          TEXT NOT NULL
);

-- Moves received: old id → new id. Kept a day for the Cron Trigger to finish what failed.
CREATE TABLE room_moves (
  old_room_id TEXT PRIMARY KEY,
  new_room_id TEXT NOT NULL,
  received_at INTEGER NOT NULL               -- unix ms
);
CREATE INDEX room_moves_received ON room_moves (received_at);
