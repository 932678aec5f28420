// Our own records of the integrations a person connected through the hub (migration 0012). The
// platform holds the grants; an ordinary integration (third-party mode) cannot read them, so these
// rows are what My Integrations can list there. confirmed_at is set only when the platform itself
// confirmed a grant (docs/decisions/016).
import type { Db } from "~/models/db.server";
export type ConnectionRow = { user_id: string; client_id: string; app_id: string; started_at: string; confirmed_at: string | null };

/** Connect was chosen: a new row, or a fresh start time on the existing one (a confirmation stays). */
export async function recordConnectStarted(db: Db, row: { userId: string; clientId: string; appId: string }, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO integration_connections (user_id, client_id, app_id, started_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (user_id, client_id) DO UPDATE SET app_id = excluded.app_id, started_at = excluded.started_at`,
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

export async function listConnections(db: Db, userId: string): Promise<ConnectionRow[]> {
  const { results } = await db.prepare("SELECT * FROM integration_connections WHERE user_id = ? ORDER BY started_at").bind(userId).all<ConnectionRow>();
  return results;
}

export async function findConnection(db: Db, userId: string, clientId: string): Promise<ConnectionRow | null> {
  return db.prepare("SELECT * FROM integration_connections WHERE user_id = ? AND client_id = ?").bind(userId, clientId).first<ConnectionRow>();
}

/** Forgets our record only (nothing at the platform). True when there was one. */
export async function forgetConnection(db: Db, userId: string, clientId: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM integration_connections WHERE user_id = ? AND client_id = ?").bind(userId, clientId).run();
  return (result.meta.changes ?? 0) > 0;
}
