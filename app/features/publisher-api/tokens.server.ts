// Publisher API tokens (issue 16; migration 0014): created by hub admins and members, shown once,
// kept only as their SHA-256. A token is `ahp_` and 32 random bytes (base64url): the prefix says what
// it is (secret scanners and people recognise it), the rest is unguessable. Every token expires, and
// a member's tokens end when the member is removed (issue 40 item 2; migration 0032; decision 025).
import { type Actor, type ActorRecord, storedActor } from "~/lib/actor";
import type { Db } from "~/models/db.server";
import { z } from "zod";
import { randomToken } from "~/lib/random-token.server";
import { DEFAULT_TOKEN_LIFETIME, TOKEN_LIFETIMES, type TokenLifetime } from "./token-lifetimes";

export const TOKEN_PREFIX = "ahp_";
/** What a token looks like: anything else is refused before D1 is asked. */
export const TOKEN_PATTERN = /^ahp_[A-Za-z0-9_-]{43}$/;

/** What a token made before migration 0032 gets, counted from the first Cron run after it. */
export const LEGACY_TOKEN_LIFETIME_DAYS = 90;
const DAY_MS = 86_400_000;

/** The form field both token pages send (`expiresInDays`): one of the lifetimes, 90 when absent. */
export const tokenLifetimeField = z
  .union([z.undefined(), z.string()])
  .transform((v) => (v === undefined ? String(DEFAULT_TOKEN_LIFETIME) : v))
  .pipe(z.enum(TOKEN_LIFETIMES.map(String) as [string, ...string[]], { message: "Choose 30, 90 or 365 days." }))
  .transform((v) => Number(v) as TokenLifetime);

export type PublisherToken = {
  id: number;
  publisherSlug: string;
  name: string;
  /** The token's first characters, to tell tokens apart (never enough to use one). */
  prefix: string;
  /** Who made it (~/lib/actor.ts): a hub admin or member, by name and address. */
  createdBy: Actor | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** When it stops working. Null only for a token made before migration 0032 until the next Cron run. */
  expiresAt: string | null;
  /** The member (publisher_members.email) who made it in the console; null for a hub admin's. */
  memberEmail: string | null;
};

type TokenRow = {
  id: number;
  publisher_slug: string;
  name: string;
  prefix: string;
  created_by: string;
  created_by_name: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  expires_at: string | null;
  member_email: string | null;
};
const toToken = (r: TokenRow): PublisherToken => ({
  id: r.id,
  publisherSlug: r.publisher_slug,
  name: r.name,
  prefix: r.prefix,
  createdBy: storedActor(r.created_by, { name: r.created_by_name }),
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
  expiresAt: r.expires_at,
  memberEmail: r.member_email,
});
/**
 * When a token stops working, as SQL. A token made before migration 0032 has no stored expiry until
 * the Cron's stampMissingExpiries runs; until then it fails closed at created_at + 90 days rather
 * than never expiring (a Cron that never ran must not leave old tokens working for ever: issue 40
 * review L2). strftime's `%f` keeps the milliseconds, so the text compares as toISOString's does.
 */
const EXPIRES_AT_SQL = `coalesce(expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+${LEGACY_TOKEN_LIFETIME_DAYS} days'))`;
// Every read gives the expiry the checks use (the stored one, or the fail-closed one above), so the
// lists, the API's 401 and the live cap all agree on it.
const COLUMNS = `id, publisher_slug, name, prefix, created_by, created_by_name, created_at, last_used_at, revoked_at, ${EXPIRES_AT_SQL} AS expires_at, member_email`;
/** Neither revoked nor expired at the instant bound as `nowParam` (e.g. "?3"). */
const liveSql = (nowParam: string) => `revoked_at IS NULL AND ${EXPIRES_AT_SQL} > ${nowParam}`;

/**
 * Whether the token has expired at `now`. One without an expiry (made before migration 0032, and
 * not yet stamped by the Cron) fails closed: it expires LEGACY_TOKEN_LIFETIME_DAYS after it was made.
 */
export const isExpired = (token: Pick<PublisherToken, "expiresAt" | "createdAt">, now = new Date()): boolean => Date.parse(expiryOf(token)) <= now.getTime();

/** When the token stops working: its expiry, or for an unstamped older token created_at + 90 days. */
export const expiryOf = (token: Pick<PublisherToken, "expiresAt" | "createdAt">): string =>
  token.expiresAt ?? new Date(Date.parse(token.createdAt) + LEGACY_TOKEN_LIFETIME_DAYS * DAY_MS).toISOString();

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * A hub admin's new token for the publisher: the secret (shown once) and its record, expiring
 * `expiresInDays` from now. No member made it, so no member's removal ends it. Logged in the audit log.
 */
export async function createToken(
  db: Db,
  input: { publisherSlug: string; name: string; createdBy: ActorRecord; expiresInDays?: TokenLifetime },
  now = new Date(),
): Promise<{ secret: string; token: PublisherToken }> {
  const made = await insertToken(db, { ...input, memberEmail: null, liveCap: null }, now);
  if (typeof made === "string") throw new Error(`A hub admin's token was refused (${made}): nothing but a member or cap condition refuses one`);
  return made;
}

export type MemberTokenRefusal = "member-gone" | "full";

/**
 * A member's new token, made in the console: as createToken, tied to the member's row (`memberEmail`,
 * publisher_members.email), so removing the member revokes it. The INSERT itself checks that the row
 * is still an active member and that the publisher has fewer than `liveCap` live tokens: a create
 * that passed the console's member check just before the member's removal would otherwise insert
 * after the removal's revoke and leave a live token behind (issue 40 review L1). "member-gone" or
 * "full" when the statement inserted nothing, and then nothing was written.
 */
export async function createMemberToken(
  db: Db,
  input: { publisherSlug: string; name: string; createdBy: ActorRecord; expiresInDays?: TokenLifetime; memberEmail: string; liveCap: number },
  now = new Date(),
): Promise<{ secret: string; token: PublisherToken } | MemberTokenRefusal> {
  return insertToken(db, input, now);
}

async function insertToken(
  db: Db,
  input: { publisherSlug: string; name: string; createdBy: ActorRecord; expiresInDays?: TokenLifetime; memberEmail: string | null; liveCap: number | null },
  now: Date,
): Promise<{ secret: string; token: PublisherToken } | MemberTokenRefusal> {
  const secret = `${TOKEN_PREFIX}${randomToken(32)}`;
  const prefix = secret.slice(0, TOKEN_PREFIX.length + 6);
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_TOKEN_LIFETIME) * DAY_MS).toISOString();
  // One statement decides and writes: D1 runs it alone, so no removal or other create lands between
  // the member check, the cap count and the insert.
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO publisher_tokens (publisher_slug, name, token_hash, prefix, created_by, created_by_name, created_at, expires_at, member_email)
         SELECT ?1, ?2, ?3, ?4, ?5, ?10, ?6, ?7, ?8
         WHERE (?8 IS NULL OR EXISTS (SELECT 1 FROM publisher_members WHERE publisher_slug = ?1 AND email = ?8 AND state = 'active'))
           AND (?9 IS NULL OR (SELECT count(*) FROM publisher_tokens WHERE publisher_slug = ?1 AND ${liveSql("?6")}) < ?9)
         RETURNING ${COLUMNS}`,
      )
      .bind(input.publisherSlug, input.name, await sha256Hex(secret), prefix, input.createdBy.by, at, expiresAt, input.memberEmail, input.liveCap, input.createdBy.name),
    // Only when the token went in (changes() is the statement before's, in the same batch).
    db
      .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'token.create', ?, ? WHERE changes() > 0")
      .bind(at, input.createdBy.by, input.createdBy.name, input.publisherSlug, JSON.stringify({ name: input.name, prefix, expiresAt })),
  ]);
  const row = inserted!.results[0] as TokenRow | undefined;
  if (row) return { secret, token: toToken(row) };
  if (input.memberEmail === null) return "full";
  const member = await db
    .prepare("SELECT 1 AS found FROM publisher_members WHERE publisher_slug = ? AND email = ? AND state = 'active'")
    .bind(input.publisherSlug, input.memberEmail)
    .first();
  return member ? "full" : "member-gone";
}

/**
 * Revokes a token (it stays listed, marked revoked). Null when there is no such live token, or
 * (with `publisherSlug`, the console's case) when it is another publisher's.
 */
export async function revokeToken(db: Db, tokenId: number, by: ActorRecord, now = new Date(), publisherSlug: string | null = null): Promise<PublisherToken | null> {
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE publisher_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND (?3 IS NULL OR publisher_slug = ?3) RETURNING ${COLUMNS}`)
      .bind(at, tokenId, publisherSlug),
    db
      .prepare(
        "INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'token.revoke', publisher_slug, json_object('prefix', prefix) FROM publisher_tokens WHERE id = ? AND changes() > 0",
      )
      .bind(at, by.by, by.name, tokenId),
  ]);
  const row = updated!.results[0] as TokenRow | undefined;
  return row ? toToken(row) : null;
}

/** Every token (live and revoked), newest first. */
export async function listTokens(db: Db): Promise<PublisherToken[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM publisher_tokens ORDER BY created_at DESC, id DESC`).all<TokenRow>();
  return results.map(toToken);
}

/** One publisher's tokens (live and revoked), newest first: the console's list. */
export async function listPublisherTokens(db: Db, publisherSlug: string): Promise<PublisherToken[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM publisher_tokens WHERE publisher_slug = ? ORDER BY created_at DESC, id DESC`).bind(publisherSlug).all<TokenRow>();
  return results.map(toToken);
}

/**
 * The token whose secret this is, revoked and expired ones included (the API's 401 says which), or
 * null. Looked up by its hash: the secret itself is never stored. `memberGone` is true for a member's
 * token whose member is no longer an active member of the publisher: removal revokes such tokens in
 * its own batch and the create is conditional, so this is defence in depth against any other path
 * that leaves one live (issue 40 review L1); the API refuses it as revoked.
 */
export async function findToken(db: Db, secret: string): Promise<(PublisherToken & { memberGone: boolean }) | null> {
  if (!TOKEN_PATTERN.test(secret)) return null;
  const row = await db
    .prepare(
      `SELECT ${COLUMNS}, (member_email IS NOT NULL AND NOT EXISTS (
         SELECT 1 FROM publisher_members m WHERE m.publisher_slug = publisher_tokens.publisher_slug AND m.email = publisher_tokens.member_email AND m.state = 'active'
       )) AS member_gone
       FROM publisher_tokens WHERE token_hash = ?`,
    )
    .bind(await sha256Hex(secret))
    .first<TokenRow & { member_gone: number }>();
  return row ? { ...toToken(row), memberGone: row.member_gone === 1 } : null;
}

/** Notes the token's use, at most once a minute (a write per call would be waste). */
export async function touchToken(db: Db, token: PublisherToken, now = new Date()): Promise<void> {
  if (token.lastUsedAt && now.getTime() - Date.parse(token.lastUsedAt) < 60_000) return;
  await db.prepare("UPDATE publisher_tokens SET last_used_at = ? WHERE id = ?").bind(now.toISOString(), token.id).run();
}

/**
 * The statements that revoke a removed member's tokens, for the removal's own batch (so a member is
 * never gone while their tokens still work). They run after the member's row is deleted and act only
 * if it is gone, so a delete that found the row re-added by a racing link leaves the tokens working
 * with their member. `RETURNING id` counts them.
 */
export function revokeMemberTokensStatements(db: Db, input: { slug: string; email: string; by: ActorRecord; at: string }) {
  const gone = "NOT EXISTS (SELECT 1 FROM publisher_members WHERE publisher_slug = ?1 AND email = ?2)";
  return [
    db
      .prepare(`UPDATE publisher_tokens SET revoked_at = ?3 WHERE publisher_slug = ?1 AND member_email = ?2 AND revoked_at IS NULL AND ${gone} RETURNING id`)
      .bind(input.slug, input.email, input.at),
    // The rows this batch just revoked (revoked at this instant, by this member's removal).
    db
      .prepare(
        `INSERT INTO audit_log (at, actor, actor_name, action, subject, detail)
         SELECT ?3, ?4, ?5, 'token.revoke', publisher_slug, json_object('prefix', prefix, 'reason', 'member.remove', 'member', member_email)
         FROM publisher_tokens WHERE publisher_slug = ?1 AND member_email = ?2 AND revoked_at = ?3 AND ${gone} ORDER BY id`,
      )
      .bind(input.slug, input.email, input.at, input.by.by, input.by.name),
  ] as const;
}

/**
 * Tokens made before migration 0032 have no expiry; the Cron Trigger (each minute) gives them
 * LEGACY_TOKEN_LIFETIME_DAYS from its first run after the deploy. Later runs find none: a scan of a
 * table this small (at most 10 live tokens per publisher) each minute costs less than an index.
 */
export async function stampMissingExpiries(db: Db, now: Date): Promise<number> {
  const expiresAt = new Date(now.getTime() + LEGACY_TOKEN_LIFETIME_DAYS * DAY_MS).toISOString();
  const result = await db.prepare("UPDATE publisher_tokens SET expires_at = ? WHERE expires_at IS NULL").bind(expiresAt).run();
  return result.meta.changes ?? 0;
}
