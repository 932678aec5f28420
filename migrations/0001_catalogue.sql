-- Migration number: 0001  The app catalogue: categories, apps, their relations, and the search index.

CREATE TABLE categories (
  id            TEXT PRIMARY KEY,
  api_id        TEXT NOT NULL,
  slug          TEXT NOT NULL,
  name          TEXT NOT NULL,
  category_type TEXT NOT NULL CHECK (category_type IN ('teams', 'meetings', 'calling', 'contact_center', 'rooms', 'appContext'))
);
CREATE INDEX categories_slug ON categories (slug, category_type);
CREATE INDEX categories_api_id ON categories (api_id);

-- seq is the integer rowid the FTS index points at; id is the public (base64) app id.
CREATE TABLE apps (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  friendly_id     TEXT UNIQUE,
  name            TEXT NOT NULL,
  logo            TEXT NOT NULL,
  type            TEXT NOT NULL CHECK (type IN ('integration', 'bot', 'skill', 'embeddedApp', 'serviceApp')),
  product_type    TEXT NOT NULL CHECK (product_type IN ('teams', 'meetings', 'calling', 'rooms', 'contact_center')),
  company_name    TEXT NOT NULL,
  client_id       TEXT,
  is_featured     INTEGER NOT NULL DEFAULT 0,
  tagline         TEXT NOT NULL,
  description     TEXT NOT NULL,          -- markdown
  screenshots     TEXT NOT NULL DEFAULT '[]', -- JSON array of URLs
  video_url       TEXT,
  website_url     TEXT,
  support_url     TEXT,
  privacy_url     TEXT,
  terms_url       TEXT,
  requires_admin  INTEGER NOT NULL DEFAULT 0,
  bot_email       TEXT,
  submitted_at    TEXT NOT NULL,          -- ISO 8601, UTC
  updated_at      TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('published', 'coming_soon')),
  app_contexts    TEXT NOT NULL DEFAULT '[]', -- JSON array of app contexts
  category_names  TEXT NOT NULL DEFAULT ''    -- denormalised for the search index
);
-- List pages filter by status (and often type) and sort by date or name: these make page 1 and
-- deep pages index walks instead of sorts.
CREATE INDEX apps_status_date ON apps (status, submitted_at DESC, seq DESC);
CREATE INDEX apps_status_name ON apps (status, name COLLATE NOCASE, seq);
CREATE INDEX apps_type_date ON apps (status, type, submitted_at DESC, seq DESC);
CREATE INDEX apps_type_name ON apps (status, type, name COLLATE NOCASE, seq);
CREATE INDEX apps_featured ON apps (status, is_featured, submitted_at DESC);

-- App relations; the primary keys lead with the filter column so a filtered list starts from the index.
CREATE TABLE app_categories (
  app_seq      INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  category_id  TEXT NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (category_id, app_seq)
) WITHOUT ROWID;
CREATE INDEX app_categories_app ON app_categories (app_seq);

CREATE TABLE app_product_types (
  app_seq      INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  product_type TEXT NOT NULL CHECK (product_type IN ('teams', 'meetings', 'calling', 'rooms', 'contact_center')),
  PRIMARY KEY (product_type, app_seq)
) WITHOUT ROWID;
CREATE INDEX app_product_types_app ON app_product_types (app_seq);

-- Curated collections (hybrid work, getting started, contact center). A later issue moves their
-- curation to content entries; until then the catalogue import fills them.
CREATE TABLE collection_apps (
  collection TEXT NOT NULL CHECK (collection IN ('hybrid_work', 'getting_started', 'contact_center')),
  app_seq    INTEGER NOT NULL REFERENCES apps (seq) ON DELETE CASCADE,
  position   INTEGER NOT NULL,
  PRIMARY KEY (collection, app_seq)
) WITHOUT ROWID;

-- Catalogue-wide facts, e.g. the version that edge-cache keys carry.
CREATE TABLE catalogue_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Full-text index over the apps table (external content), kept in sync by triggers.
-- remove_diacritics 2 makes "cafe" find "Café"; prefix indexes make typeahead prefix queries cheap.
CREATE VIRTUAL TABLE apps_fts USING fts5 (
  name, company_name, tagline, description, category_names,
  content = 'apps', content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4'
);

CREATE TRIGGER apps_fts_insert AFTER INSERT ON apps BEGIN
  INSERT INTO apps_fts (rowid, name, company_name, tagline, description, category_names)
  VALUES (new.seq, new.name, new.company_name, new.tagline, new.description, new.category_names);
END;

CREATE TRIGGER apps_fts_delete AFTER DELETE ON apps BEGIN
  INSERT INTO apps_fts (apps_fts, rowid, name, company_name, tagline, description, category_names)
  VALUES ('delete', old.seq, old.name, old.company_name, old.tagline, old.description, old.category_names);
END;

CREATE TRIGGER apps_fts_update AFTER UPDATE ON apps BEGIN
  INSERT INTO apps_fts (apps_fts, rowid, name, company_name, tagline, description, category_names)
  VALUES ('delete', old.seq, old.name, old.company_name, old.tagline, old.description, old.category_names);
  INSERT INTO apps_fts (rowid, name, company_name, tagline, description, category_names)
  VALUES (new.seq, new.name, new.company_name, new.tagline, new.description, new.category_names);
END;
