-- Migration number: 0009  Embedded-app access per organisation, and who joined the developer-support
-- space from App Hub (issue 6; docs/decisions/011-connect-embedded-access-support-space.md).

-- Spec §6: "Embedded-app access is checked per organisation (caller's organisation id and app id);
-- how the server decides: not shown". Here: a policy row per (organisation, app). '' is a wildcard:
-- org_id '' applies to every organisation, app_id '' to every embedded app. The most specific row
-- wins: (org, app), then (org, ''), then ('', app), then ('', ''); with no row at all, no access.
CREATE TABLE embedded_app_policies (
  org_id     TEXT NOT NULL,                 -- decoded organisation uuid (spec §3), or ''
  app_id     TEXT NOT NULL,                 -- the catalogue app's id, or ''
  allowed    INTEGER NOT NULL CHECK (allowed IN (0, 1)),
  note       TEXT,                          -- why, for whoever reads the table next
  updated_at TEXT NOT NULL,
  PRIMARY KEY (org_id, app_id)
) WITHOUT ROWID;

-- The default: embedded apps are open to every organisation unless it turns them off.
INSERT INTO embedded_app_policies (org_id, app_id, allowed, note, updated_at)
VALUES ('', '', 1, 'Default: every organisation may open embedded apps', '2026-07-01T00:00:00.000Z');

-- Demo data for the local platform emulator (workers/platform/demo-data.ts ORGS.globex): Globex has
-- turned embedded apps off, so its people see the "talk to your IT admin" dialog. No real
-- organisation has this id, so the row changes nothing elsewhere.
INSERT INTO embedded_app_policies (org_id, app_id, allowed, note, updated_at)
VALUES ('e54031eb-ffb7-42df-a838-f2311d3519a7', '', 0, 'Demo: Globex turns embedded apps off', '2026-07-01T00:00:00.000Z');

-- People who joined the developer-support space through /support (spec §2.5, §8: "already joined"
-- is told apart from "already a member", who got in some other way).
CREATE TABLE support_space_joins (
  user_id   TEXT NOT NULL,                  -- decoded person uuid
  room_id   TEXT NOT NULL,                  -- the platform's id of the space
  joined_at TEXT NOT NULL,
  PRIMARY KEY (user_id, room_id)
) WITHOUT ROWID;
