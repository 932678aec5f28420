// Who joined the developer-support space through App Hub (migration 0009): the record that tells
// "already joined" (spec §8) apart from "already a member" (in the space some other way).
import type { Db } from "./db.server";

export async function hasJoinedSupportSpace(db: Db, userId: string, roomId: string): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS x FROM support_space_joins WHERE user_id = ? AND room_id = ?").bind(userId, roomId).first();
  return row !== null;
}

export async function recordSupportSpaceJoin(db: Db, userId: string, roomId: string, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO support_space_joins (user_id, room_id, joined_at) VALUES (?, ?, ?)
       ON CONFLICT (user_id, room_id) DO UPDATE SET joined_at = excluded.joined_at`,
    )
    .bind(userId, roomId, now.toISOString())
    .run();
}
