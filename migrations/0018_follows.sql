-- Migration number: 0018  Following apps (issue 16; docs/decisions/026): a person follows an app and
-- the hub's updates bot posts each published change (a new version, a deprecation) where they chose.
--
-- follows: one row per person per app. `destination` is a direct message from the updates bot to the
-- person (`person_id`, the platform's encoded id, is its address) or one of their group spaces
-- (`room_id`, with the title it had when chosen, for display). `unfollow_token` is the capability
-- in every message's unfollow link: whoever holds the link may stop the messages, without logging
-- in. It is kept as it is (not hashed) because each new message must carry it again. `problem` is
-- set when a message could not be posted there for good (the space is gone, the bot was removed),
-- shown in My Integrations, and cleared by the next message that arrives or a new destination.
CREATE TABLE follows (
  id             INTEGER PRIMARY KEY,
  user_id        TEXT NOT NULL,   -- the decoded person uuid (spec §3), as in users
  person_id      TEXT NOT NULL,   -- the platform's encoded person id: where direct messages go
  app_id         TEXT NOT NULL,   -- the catalogue app's id (the row may outlive the app)
  destination    TEXT NOT NULL CHECK (destination IN ('direct', 'space')),
  room_id        TEXT,
  room_title     TEXT,
  unfollow_token TEXT NOT NULL UNIQUE,
  problem        TEXT,
  problem_at     TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  CHECK ((destination = 'space') = (room_id IS NOT NULL))
);
CREATE UNIQUE INDEX follows_person_app ON follows (user_id, app_id);
-- The fan-out reads an app's followers in pages, in id order (keyset paging).
CREATE INDEX follows_app ON follows (app_id, id);

-- One row per update per follower: the queue delivers a message at least once, and this row makes
-- the post happen once. A consumer claims the row ('sending') before posting; a second copy of the
-- message finds it claimed or done and posts nothing. States: sending (claimed), waiting (a failed
-- attempt, to be retried), sent, failed (for good: not retried), dead (retries ran out).
CREATE TABLE follow_deliveries (
  update_id  TEXT NOT NULL,
  user_id    TEXT NOT NULL,
  app_id     TEXT NOT NULL,
  follow_id  INTEGER NOT NULL,
  state      TEXT NOT NULL CHECK (state IN ('sending', 'waiting', 'sent', 'failed', 'dead')),
  attempts   INTEGER NOT NULL,
  claimed_at TEXT NOT NULL,
  message_id TEXT,               -- the platform's id of the posted message
  error      TEXT,               -- the last failure, for operators
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (update_id, user_id)
) WITHOUT ROWID;
CREATE INDEX follow_deliveries_state ON follow_deliveries (state, updated_at);

-- What the dead-letter queue received (a message whose retries ran out, or one that could not be
-- read), for operators: enough to see what was lost and to announce the update again.
CREATE TABLE follow_dead_letters (
  id         INTEGER PRIMARY KEY,
  message_id TEXT NOT NULL UNIQUE,   -- the queue's message id: a redelivered dead letter is kept once
  kind       TEXT NOT NULL,          -- announce, deliver, or unreadable
  update_id  TEXT,
  user_id    TEXT,
  attempts   INTEGER NOT NULL,
  last_error TEXT,
  body       TEXT NOT NULL,          -- the message as JSON
  dead_at    TEXT NOT NULL
);
CREATE INDEX follow_dead_letters_at ON follow_dead_letters (dead_at DESC);
