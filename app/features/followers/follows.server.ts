// The follows table (migrations/0018_follows.sql): who follows which app, and where its updates go.
// The one module that writes it; the fan-out reads followers in pages from here too.
import { LISTING } from "~/models/catalogue.server";
import type { Db } from "~/models/db.server";
import type { FollowProblem } from "./follow-view";

export type FollowDestination = { kind: "direct" } | { kind: "space"; roomId: string; roomTitle: string };

export type Follow = {
  id: number;
  userId: string;
  /** The platform's encoded person id: where direct messages go. */
  personId: string;
  appId: string;
  destination: FollowDestination;
  unfollowToken: string;
  problem: { kind: FollowProblem; at: string } | null;
  createdAt: string;
  updatedAt: string;
};

type FollowRow = {
  id: number;
  user_id: string;
  person_id: string;
  app_id: string;
  destination: "direct" | "space";
  room_id: string | null;
  room_title: string | null;
  unfollow_token: string;
  problem: FollowProblem | null;
  problem_at: string | null;
  created_at: string;
  updated_at: string;
};

const toFollow = (row: FollowRow): Follow => ({
  id: row.id,
  userId: row.user_id,
  personId: row.person_id,
  appId: row.app_id,
  destination: row.destination === "space" && row.room_id ? { kind: "space", roomId: row.room_id, roomTitle: row.room_title ?? "" } : { kind: "direct" },
  unfollowToken: row.unfollow_token,
  problem: row.problem && row.problem_at ? { kind: row.problem, at: row.problem_at } : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function findFollow(db: Db, userId: string, appId: string): Promise<Follow | null> {
  const row = await db.prepare("SELECT * FROM follows WHERE user_id = ? AND app_id = ?").bind(userId, appId).first<FollowRow>();
  return row ? toFollow(row) : null;
}

/**
 * Follows an app, or changes where its updates go: one row per person per app. A change takes the
 * new unfollow token (the old one is in messages the old destination's readers can see; issue 27)
 * and clears a recorded problem (a new destination deserves a new chance).
 */
export async function saveFollow(
  db: Db,
  follow: { userId: string; personId: string; appId: string; destination: FollowDestination; unfollowToken: string },
  now = new Date(),
): Promise<Follow> {
  const { destination } = follow;
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO follows (user_id, person_id, app_id, destination, room_id, room_title, unfollow_token, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
       ON CONFLICT (user_id, app_id) DO UPDATE SET person_id = excluded.person_id, destination = excluded.destination,
         room_id = excluded.room_id, room_title = excluded.room_title, unfollow_token = excluded.unfollow_token, problem = NULL, problem_at = NULL, updated_at = excluded.updated_at
       RETURNING *`,
    )
    .bind(
      follow.userId,
      follow.personId,
      follow.appId,
      destination.kind,
      destination.kind === "space" ? destination.roomId : null,
      destination.kind === "space" ? destination.roomTitle : null,
      follow.unfollowToken,
      at,
    )
    .first<FollowRow>();
  if (!row) throw new Error("Saving a follow returned no row");
  return toFollow(row);
}

/** Stops a person's updates about an app. True when they followed it. */
export async function deleteFollow(db: Db, userId: string, appId: string): Promise<boolean> {
  const result = await db.prepare("DELETE FROM follows WHERE user_id = ? AND app_id = ?").bind(userId, appId).run();
  return result.meta.changes > 0;
}

/** A follow and its app's name and address (null path: no longer in the catalogue), for the unfollow link's page. */
export type FollowWithApp = Follow & { appName: string | null; appKey: string | null };

type FollowWithAppRow = FollowRow & { app_name: string | null; app_key: string | null };

const withApp = (row: FollowWithAppRow): FollowWithApp => ({ ...toFollow(row), appName: row.app_name, appKey: row.app_key });

/** A follow beside its app: only an app that still has a page (not removed by a moderator). */
const FOLLOW_WITH_APP = `SELECT f.*, a.name AS app_name, coalesce(a.friendly_id, a.id) AS app_key
  FROM follows f LEFT JOIN apps a ON a.id = f.app_id AND a.listing < ${LISTING.removed}`;

export async function findFollowByToken(db: Db, token: string): Promise<FollowWithApp | null> {
  const row = await db.prepare(`${FOLLOW_WITH_APP} WHERE f.unfollow_token = ?`).bind(token).first<FollowWithAppRow>();
  return row ? withApp(row) : null;
}

/** The unfollow link's action: deletes the follow the token belongs to, and returns what it was. */
export async function deleteFollowByToken(db: Db, token: string): Promise<Follow | null> {
  const row = await db.prepare("DELETE FROM follows WHERE unfollow_token = ? RETURNING *").bind(token).first<FollowRow>();
  return row ? toFollow(row) : null;
}

/** A person's follows with their apps' names, by name (apps no longer listed last, under their id). */
export async function listFollows(db: Db, userId: string): Promise<FollowWithApp[]> {
  const { results } = await db
    .prepare(`${FOLLOW_WITH_APP} WHERE f.user_id = ? ORDER BY a.name IS NULL, a.name COLLATE NOCASE, f.app_id LIMIT 500`)
    .bind(userId)
    .all<FollowWithAppRow>();
  return results.map(withApp);
}

/**
 * One page of an app's followers for the fan-out, in id order after `after` (keyset paging, on the
 * follows_app index). Only follows made before the update was announced: someone who follows
 * later did not ask to hear about it.
 */
export async function followersPage(db: Db, appId: string, page: { after: number; before: string; limit: number }): Promise<{ id: number; userId: string }[]> {
  const { results } = await db
    .prepare("SELECT id, user_id FROM follows WHERE app_id = ?1 AND id > ?2 AND created_at <= ?3 ORDER BY id LIMIT ?4")
    .bind(appId, page.after, page.before, page.limit)
    .all<{ id: number; user_id: string }>();
  return results.map((r) => ({ id: r.id, userId: r.user_id }));
}
