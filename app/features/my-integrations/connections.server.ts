// Our own records of the integrations a person connected through the hub (migration 0012). The
// platform holds the grants; an ordinary integration (third-party mode) cannot read them, so these
// rows are what My Integrations can list there. confirmed_at is set only when the platform itself
// confirmed a grant (docs/decisions/016). scopes and app_version (migration 0017) keep what the
// catalogue listed at the last Connect, the only baseline for "This app now asks for more access"
// (docs/decisions/027).
import { z } from "zod";
import { LISTING } from "~/models/catalogue.server";
import type { Db } from "~/models/db.server";
import type { AppStatus, AppType } from "~/models/enums";

export type ConnectionRow = {
  user_id: string;
  client_id: string;
  app_id: string;
  started_at: string;
  confirmed_at: string | null;
  /** JSON array of permission keys asked at the last Connect; NULL for rows from before 0017. */
  scopes: string | null;
  app_version: string | null;
};

/**
 * Connect was chosen: a new row, or a fresh start time on the existing one (a confirmation stays).
 * What the app asks for (its permissions and current version in D1, at this moment) is kept in the
 * same statement, so it can never disagree with the start it belongs to.
 */
export async function recordConnectStarted(db: Db, row: { userId: string; clientId: string; appId: string }, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO integration_connections (user_id, client_id, app_id, started_at, scopes, app_version)
       VALUES (?1, ?2, ?3, ?4, (SELECT permissions FROM apps WHERE id = ?3), (SELECT current_version FROM apps WHERE id = ?3))
       ON CONFLICT (user_id, client_id) DO UPDATE SET app_id = excluded.app_id, started_at = excluded.started_at,
         scopes = excluded.scopes, app_version = excluded.app_version`,
    )
    .bind(row.userId, row.clientId, row.appId, now.toISOString())
    .run();
}

/** The platform listed a grant of this client for this person. */
export async function recordConnectConfirmed(db: Db, row: { userId: string; clientId: string; appId: string }, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO integration_connections (user_id, client_id, app_id, started_at, confirmed_at) VALUES (?1, ?2, ?3, ?4, ?4)
       ON CONFLICT (user_id, client_id) DO UPDATE SET confirmed_at = excluded.confirmed_at`,
    )
    .bind(row.userId, row.clientId, row.appId, at)
    .run();
}

/** A record with what its app (by the app id it was connected as) lists now; app null when it is gone. */
export type ConnectionWithApp = {
  clientId: string;
  startedAt: string;
  confirmedAt: string | null;
  /** Asked at the last Connect; null when not known (rows from before migration 0017, or unreadable). */
  askedScopes: string[] | null;
  askedVersion: string | null;
  app: {
    id: string;
    friendlyId: string | null;
    type: AppType;
    status: AppStatus;
    clientId: string | null;
    connectUrl: string | null;
    /** A moderator removed it: shown nowhere, so not connectable either. */
    removed: boolean;
    permissions: string[];
    currentVersion: string | null;
  } | null;
};

type ConnectionJoinRow = ConnectionRow & {
  a_id: string | null;
  a_friendly_id: string | null;
  a_type: AppType | null;
  a_status: AppStatus | null;
  a_client_id: string | null;
  a_connect_url: string | null;
  a_listing: number | null;
  a_permissions: string | null;
  a_current_version: string | null;
};

const keysSchema = z.array(z.string());

/** A JSON array of permission keys from D1, or null when absent or not one (never a guess). */
function parseKeys(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const parsed = keysSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function listConnections(db: Db, userId: string): Promise<ConnectionWithApp[]> {
  const { results } = await db
    .prepare(
      `SELECT c.*, a.id AS a_id, a.friendly_id AS a_friendly_id, a.type AS a_type, a.status AS a_status, a.client_id AS a_client_id,
         a.connect_url AS a_connect_url, a.listing AS a_listing, a.permissions AS a_permissions, a.current_version AS a_current_version
       FROM integration_connections c LEFT JOIN apps a ON a.id = c.app_id
       WHERE c.user_id = ? ORDER BY c.started_at`,
    )
    .bind(userId)
    .all<ConnectionJoinRow>();
  return results.map((row) => ({
    clientId: row.client_id,
    startedAt: row.started_at,
    confirmedAt: row.confirmed_at,
    askedScopes: parseKeys(row.scopes),
    askedVersion: row.app_version,
    app:
      row.a_id && row.a_type && row.a_status
        ? {
            id: row.a_id,
            friendlyId: row.a_friendly_id,
            type: row.a_type,
            status: row.a_status,
            clientId: row.a_client_id,
            connectUrl: row.a_connect_url,
            removed: row.a_listing === LISTING.removed,
            permissions: parseKeys(row.a_permissions) ?? [],
            currentVersion: row.a_current_version,
          }
        : null,
  }));
}

export async function findConnection(db: Db, userId: string, clientId: string): Promise<ConnectionRow | null> {
  return db.prepare("SELECT * FROM integration_connections WHERE user_id = ? AND client_id = ?").bind(userId, clientId).first<ConnectionRow>();
}

/** Forgets our record only (nothing at the platform). True when there was one. */
export async function forgetConnection(db: Db, userId: string, clientId: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM integration_connections WHERE user_id = ? AND client_id = ?").bind(userId, clientId).run();
  return (result.meta.changes ?? 0) > 0;
}
