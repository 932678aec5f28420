// What the hub stores about people who log in: a login count (spec §4) and feature toggles.
import type { Db } from "./db.server";
import type { User } from "~/auth/user";

export type FeatureToggle = { key: string; val: string };

/** Spec §4: after a login the login count is incremented. Returns the new count. */
export async function recordLogin(db: Db, user: Pick<User, "userId" | "orgId">, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO users (user_id, org_id, login_count, first_login_at, last_login_at) VALUES (?1, ?2, 1, ?3, ?3)
       ON CONFLICT (user_id) DO UPDATE SET login_count = login_count + 1, last_login_at = ?3, org_id = ?2
       RETURNING login_count`,
    )
    .bind(user.userId, user.orgId, at)
    .first<{ login_count: number }>();
  return row?.login_count ?? 1;
}

/** The toggles that apply to a user: everyone's defaults, overridden by the user's own rows. */
export async function featureTogglesFor(db: Db, userId: string): Promise<FeatureToggle[]> {
  const { results } = await db
    .prepare(
      `SELECT key, val FROM feature_toggles t
       WHERE user_id = ?1 OR (user_id = '' AND NOT EXISTS (SELECT 1 FROM feature_toggles u WHERE u.key = t.key AND u.user_id = ?1))
       ORDER BY key`,
    )
    .bind(userId)
    .all<FeatureToggle>();
  return results;
}

export const isToggleOn = (toggles: FeatureToggle[], key: string) => toggles.some((t) => t.key === key && t.val === "true");
