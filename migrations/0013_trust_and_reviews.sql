-- Migration number: 0013  Know before you add (issue 15; docs/decisions/024): publishers, versions,
-- permissions, security facts, freshness, ratings and reviews, reports and moderation.
--
-- Catalogue data (replaced by every import, like the rest of apps): publishers, app_versions,
-- app_certifications, app_data_regions and the new apps columns. Community data (written by people,
-- never by the import, keyed by the app's public id so it outlives re-imports): reviews and the
-- rest below.

CREATE TABLE publishers (
  slug             TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  domain           TEXT,                    -- the publisher's domain (what verification checked)
  verified_at      TEXT,                    -- when the hub verified the domain; NULL: not verified
  about            TEXT,
  website_url      TEXT,
  support_url      TEXT,
  privacy_url      TEXT,
  security_contact TEXT,
  location         TEXT
);

-- apps.publisher_slug names the publisher; publisher_verified is copied from it, for filters and cards.
ALTER TABLE apps ADD COLUMN publisher_slug TEXT NOT NULL DEFAULT '';
ALTER TABLE apps ADD COLUMN publisher_verified INTEGER NOT NULL DEFAULT 0;
-- JSON array of permission keys (app/models/permissions.ts).
ALTER TABLE apps ADD COLUMN permissions TEXT NOT NULL DEFAULT '[]';
-- JSON object of the security facts (app/models/security-facts.ts); a missing fact is null.
ALTER TABLE apps ADD COLUMN security TEXT NOT NULL DEFAULT '{}';
-- 'none' | 'no-training' | 'training', or NULL when not stated: the AI use filter.
ALTER TABLE apps ADD COLUMN ai_use TEXT;
ALTER TABLE apps ADD COLUMN current_version TEXT;
-- The latest release (or the submission when there is none): freshness is computed from it.
ALTER TABLE apps ADD COLUMN last_release_at TEXT NOT NULL DEFAULT '';
-- 0 listed; 1 deprecated (lists show it only when asked); 2 removed by a moderator (shown nowhere).
ALTER TABLE apps ADD COLUMN listing INTEGER NOT NULL DEFAULT 0;
ALTER TABLE apps ADD COLUMN deprecated INTEGER NOT NULL DEFAULT 0;
-- The app key (friendlyId or id) of the app to use instead of a deprecated one.
ALTER TABLE apps ADD COLUMN replacement_key TEXT;
-- The visible reviews' average and count, written with every review change (and by the import).
ALTER TABLE apps ADD COLUMN rating_avg REAL;
ALTER TABLE apps ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;

-- List pages now filter on listing too: the sort indexes lead with (status, listing) so page 1 and
-- deep pages stay index walks. The old ones are replaced.
DROP INDEX apps_status_date;
DROP INDEX apps_status_name;
DROP INDEX apps_type_date;
DROP INDEX apps_type_name;
DROP INDEX apps_featured;
DROP INDEX apps_status_seq;
CREATE INDEX apps_status_date ON apps (status, listing, submitted_at DESC, seq DESC);
CREATE INDEX apps_status_name ON apps (status, listing, name COLLATE NOCASE, seq);
CREATE INDEX apps_type_date ON apps (status, listing, type, submitted_at DESC, seq DESC);
CREATE INDEX apps_type_name ON apps (status, listing, type, name COLLATE NOCASE, seq);
CREATE INDEX apps_featured ON apps (status, listing, is_featured, submitted_at DESC);
CREATE INDEX apps_status_seq ON apps (status, listing, seq);
CREATE INDEX apps_status_rating ON apps (status, listing, rating_avg DESC, rating_count DESC, seq DESC);
CREATE INDEX apps_publisher ON apps (publisher_slug, listing);
-- The covering index a text search probes per match (0004) gains the new filter and sort columns.
DROP INDEX apps_search;
CREATE INDEX apps_search ON apps (seq, status, listing, type, is_featured, submitted_at, name_key, name COLLATE NOCASE, publisher_verified, ai_use, last_release_at, rating_avg, rating_count);

CREATE TABLE app_versions (
  app_seq     INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  version     TEXT NOT NULL,
  released_at TEXT NOT NULL,
  notes       TEXT NOT NULL,               -- markdown
  PRIMARY KEY (app_seq, released_at, version)
) WITHOUT ROWID;

CREATE TABLE app_certifications (
  certification TEXT NOT NULL,
  app_seq       INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  PRIMARY KEY (certification, app_seq)
) WITHOUT ROWID;
CREATE INDEX app_certifications_app ON app_certifications (app_seq);

CREATE TABLE app_data_regions (
  region  TEXT NOT NULL,
  app_seq INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  PRIMARY KEY (region, app_seq)
) WITHOUT ROWID;
CREATE INDEX app_data_regions_app ON app_data_regions (app_seq);

-- People who use an app by the hub's own records: they added its bot or connected it through the
-- hub, or the platform confirmed it (a bot in one of their spaces, a first-party grant) when they
-- asked to review. Who may review (app/features/reviews/eligibility.server.ts) reads this first.
CREATE TABLE app_uses (
  user_id TEXT NOT NULL,
  app_id  TEXT NOT NULL,
  how     TEXT NOT NULL CHECK (how IN ('added', 'connected', 'bot-in-space', 'grant')),
  seen_at TEXT NOT NULL,
  PRIMARY KEY (user_id, app_id)
) WITHOUT ROWID;

CREATE TABLE reviews (
  id            INTEGER PRIMARY KEY,
  app_id        TEXT NOT NULL,             -- the app's public id
  user_id       TEXT NOT NULL,             -- the decoded person uuid, as in users
  author_name   TEXT NOT NULL,             -- as the person's platform profile named them when they wrote
  rating        INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title         TEXT NOT NULL,
  body          TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  report_count  INTEGER NOT NULL DEFAULT 0,
  -- visible; reported (hidden after 3 reports until a moderator decides); removed (by a moderator).
  state         TEXT NOT NULL DEFAULT 'visible' CHECK (state IN ('visible', 'reported', 'removed')),
  -- Set when a moderator restored it: reports before this no longer count.
  restored_at   TEXT,
  UNIQUE (app_id, user_id)
);
CREATE INDEX reviews_app_newest ON reviews (app_id, state, created_at DESC, id DESC);
CREATE INDEX reviews_app_helpful ON reviews (app_id, state, helpful_count DESC, created_at DESC, id DESC);
CREATE INDEX reviews_app_lowest ON reviews (app_id, state, rating, created_at DESC, id DESC);
CREATE INDEX reviews_state ON reviews (state, updated_at DESC) WHERE state <> 'visible';

CREATE TABLE review_votes (
  review_id INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id   TEXT NOT NULL,
  voted_at  TEXT NOT NULL,
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;

CREATE TABLE review_reports (
  review_id   INTEGER NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id     TEXT NOT NULL,
  reason      TEXT NOT NULL,
  details     TEXT NOT NULL DEFAULT '',
  reported_at TEXT NOT NULL,
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;

CREATE TABLE app_reports (
  id          INTEGER PRIMARY KEY,
  app_id      TEXT NOT NULL,
  user_id     TEXT NOT NULL,
  reason      TEXT NOT NULL,
  details     TEXT NOT NULL DEFAULT '',
  reported_at TEXT NOT NULL,
  -- open until a moderator decides: dismissed (the app stays) or removed (the app is taken down).
  state       TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'dismissed', 'removed')),
  decided_by  TEXT,
  decided_at  TEXT
);
CREATE INDEX app_reports_open ON app_reports (state, reported_at DESC);
-- One open report per person per app (a decided one may be followed by a new report).
CREATE UNIQUE INDEX app_reports_one_open ON app_reports (app_id, user_id) WHERE state = 'open';

-- Apps a moderator took down. The import keeps them down (it sets apps.listing = 2 from this table),
-- and restoring deletes the row.
CREATE TABLE app_removals (
  app_id     TEXT PRIMARY KEY,
  reason     TEXT NOT NULL,
  removed_by TEXT NOT NULL,
  removed_at TEXT NOT NULL
) WITHOUT ROWID;

-- What moderators decided, for the record.
CREATE TABLE moderation_log (
  id         INTEGER PRIMARY KEY,
  subject    TEXT NOT NULL CHECK (subject IN ('review', 'app')),
  subject_id TEXT NOT NULL,
  action     TEXT NOT NULL,
  by_email   TEXT NOT NULL,
  at         TEXT NOT NULL
);
