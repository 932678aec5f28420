-- Migration number: 0006  Typed content entries (home, announcement, modals, coming soon,
-- collections, security providers, support), loaded from the versioned files in content/ by
-- `npm run content:load`. Bodies are JSON validated with zod when loaded and again when read
-- (app/models/content.ts); see docs/decisions/007-content-entries.md.

CREATE TABLE content_entries (
  type       TEXT NOT NULL,            -- a content type, e.g. 'announcement', 'app-hub-modal'
  key        TEXT NOT NULL,            -- 'main' for single-entry types; the modal id for modals
  version    INTEGER NOT NULL CHECK (version >= 1),  -- the entry's version from its seed file
  body       TEXT NOT NULL CHECK (json_valid(body)),
  position   INTEGER NOT NULL,         -- order within its file (modals are shown in this order)
  updated_at TEXT NOT NULL,            -- when the loader last stored a change (ISO 8601)
  PRIMARY KEY (type, key)
) WITHOUT ROWID;
