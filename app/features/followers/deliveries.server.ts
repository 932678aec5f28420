// The fan-out's bookkeeping (migrations/0018_follows.sql): one follow_deliveries row per update per
// follower, which turns the queue's at-least-once delivery into one post, and the dead letters that
// operators read. Used by the queue consumer (./fan-out.server.ts) only.
import type { Db } from "~/models/db.server";
import type { FollowProblem } from "./follow-view";
import type { FollowDestination } from "./follows.server";

export type DeliveryKey = { updateId: string; userId: string; appId: string };

/** Where a claimed delivery goes: the follow as it is now (a changed destination is honoured). */
export type DeliveryTarget = { followId: number; personId: string; destination: FollowDestination; unfollowToken: string };

export type Claim =
  /** This consumer holds the delivery and posts it. */
  | { kind: "claimed"; target: DeliveryTarget; attempts: number }
  /** Posted already, or failed for good: nothing to do. */
  | { kind: "done"; state: "sent" | "failed" }
  /** Another consumer holds a fresh claim (the same message delivered twice at once): try later. */
  | { kind: "busy" }
  /** The person unfollowed (or never followed) the app. */
  | { kind: "not-following" };

type TargetRow = { id: number; person_id: string; destination: "direct" | "space"; room_id: string | null; room_title: string | null; unfollow_token: string };

/**
 * Claims the delivery of an update to a follower, in one D1 batch (one transaction): the row is
 * made 'sending' when it is new, waiting for a retry, dead (an operator announced the update again)
 * or claimed longer ago than `staleBefore` (its consumer died mid-post). Anything else means another
 * copy of the message got there first.
 */
export async function claimDelivery(db: Db, key: DeliveryKey, now: Date, staleBefore: Date): Promise<Claim> {
  const at = now.toISOString();
  const [claimed, follow, existing] = await db.batch([
    db
      .prepare(
        `INSERT INTO follow_deliveries (update_id, user_id, app_id, follow_id, state, attempts, claimed_at, created_at, updated_at)
         SELECT ?1, f.user_id, f.app_id, f.id, 'sending', 1, ?4, ?4, ?4 FROM follows f WHERE f.user_id = ?2 AND f.app_id = ?3
         ON CONFLICT (update_id, user_id) DO UPDATE SET state = 'sending', attempts = follow_deliveries.attempts + 1,
           follow_id = excluded.follow_id, claimed_at = excluded.claimed_at, updated_at = excluded.updated_at
         WHERE follow_deliveries.state IN ('waiting', 'dead') OR (follow_deliveries.state = 'sending' AND follow_deliveries.claimed_at < ?5)
         RETURNING attempts`,
      )
      .bind(key.updateId, key.userId, key.appId, at, staleBefore.toISOString()),
    db.prepare("SELECT id, person_id, destination, room_id, room_title, unfollow_token FROM follows WHERE user_id = ? AND app_id = ?").bind(key.userId, key.appId),
    db.prepare("SELECT state FROM follow_deliveries WHERE update_id = ? AND user_id = ?").bind(key.updateId, key.userId),
  ]);
  const attempts = (claimed?.results[0] as { attempts: number } | undefined)?.attempts;
  const row = follow?.results[0] as TargetRow | undefined;
  if (attempts !== undefined && row) {
    const destination: FollowDestination =
      row.destination === "space" && row.room_id ? { kind: "space", roomId: row.room_id, roomTitle: row.room_title ?? "" } : { kind: "direct" };
    return { kind: "claimed", attempts, target: { followId: row.id, personId: row.person_id, destination, unfollowToken: row.unfollow_token } };
  }
  const state = (existing?.results[0] as { state: string } | undefined)?.state;
  if (state === "sent" || state === "failed") return { kind: "done", state };
  if (state === "sending") return { kind: "busy" };
  return { kind: "not-following" };
}

/** Posted: the delivery is done, and the follow's recorded problem (if any) is over. */
export async function markDelivered(db: Db, key: DeliveryKey, followId: number, messageId: string | null, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare("UPDATE follow_deliveries SET state = 'sent', message_id = ?3, error = NULL, updated_at = ?4 WHERE update_id = ?1 AND user_id = ?2")
      .bind(key.updateId, key.userId, messageId, at),
    db.prepare("UPDATE follows SET problem = NULL, problem_at = NULL WHERE id = ? AND problem IS NOT NULL").bind(followId),
  ]);
}

/** Refused for good (the space is gone, the bot was removed): not retried, and shown to the follower. */
export async function markFailed(db: Db, key: DeliveryKey, followId: number, failure: { problem: FollowProblem; error: string }, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare("UPDATE follow_deliveries SET state = 'failed', error = ?3, updated_at = ?4 WHERE update_id = ?1 AND user_id = ?2")
      .bind(key.updateId, key.userId, failure.error, at),
    db.prepare("UPDATE follows SET problem = ?2, problem_at = ?3 WHERE id = ?1").bind(followId, failure.problem, at),
  ]);
}

/** Refused for now: released for the queue's retry, with why (a dead letter reports the last reason). */
export async function markWaiting(db: Db, key: DeliveryKey, error: string, now: Date): Promise<void> {
  await db
    .prepare("UPDATE follow_deliveries SET state = 'waiting', error = ?3, updated_at = ?4 WHERE update_id = ?1 AND user_id = ?2 AND state = 'sending'")
    .bind(key.updateId, key.userId, error, now.toISOString())
    .run();
}

export type DeadLetter = {
  messageId: string;
  kind: "announce" | "deliver" | "unreadable";
  updateId: string | null;
  userId: string | null;
  /** The message's attempts (a delivery's own count of posts is kept when it is higher: the dead-letter queue counts afresh). */
  attempts: number;
  /** The message as received. */
  body: string;
  /** Why it died, when the message itself says (a delivery's last error is read from its row). */
  error: string | null;
};

/**
 * Records dead letters (the dead-letter queue's consumer, or an announcement that could not be
 * queued), once per queue message, and marks their deliveries dead, in one batch.
 */
export async function recordDeadLetters(db: Db, letters: readonly DeadLetter[], now: Date): Promise<void> {
  if (letters.length === 0) return;
  const at = now.toISOString();
  await db.batch(
    letters.flatMap((letter) => [
      db
        .prepare(
          `INSERT OR IGNORE INTO follow_dead_letters (message_id, kind, update_id, user_id, attempts, last_error, body, dead_at)
           VALUES (?1, ?2, ?3, ?4, max(?5, coalesce((SELECT attempts FROM follow_deliveries WHERE update_id = ?3 AND user_id = ?4), 0)),
             coalesce(?6, (SELECT error FROM follow_deliveries WHERE update_id = ?3 AND user_id = ?4)), ?7, ?8)`,
        )
        .bind(letter.messageId, letter.kind, letter.updateId, letter.userId, letter.attempts, letter.error, letter.body, at),
      db
        .prepare("UPDATE follow_deliveries SET state = 'dead', updated_at = ?3 WHERE update_id = ?1 AND user_id = ?2 AND state IN ('sending', 'waiting')")
        .bind(letter.updateId, letter.userId, at),
    ]),
  );
}
