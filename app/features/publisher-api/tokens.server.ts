// Publisher API tokens (issue 16; migration 0014): created by hub admins, shown once, kept only as
// their SHA-256. A token is `ahp_` and 32 random bytes (base64url): the prefix says what it is (secret
// scanners and people recognise it), the rest is unguessable.
import type { Db } from "~/models/db.server";
import { randomToken } from "~/lib/random-token.server";

export const TOKEN_PREFIX = "ahp_";
/** What a token looks like: anything else is refused before D1 is asked. */
export const TOKEN_PATTERN = /^ahp_[A-Za-z0-9_-]{43}$/;

export type PublisherToken = {
  id: number;
  publisherSlug: string;
  name: string;
  /** The token's first characters, to tell tokens apart (never enough to use one). */
  prefix: string;
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

type TokenRow = {
  id: number;
  publisher_slug: string;
  name: string;
  prefix: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};
const toToken = (r: TokenRow): PublisherToken => ({
  id: r.id,
  publisherSlug: r.publisher_slug,
  name: r.name,
  prefix: r.prefix,
  createdBy: r.created_by,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});
const COLUMNS = "id, publisher_slug, name, prefix, created_by, created_at, last_used_at, revoked_at";

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new token for the publisher: the secret (shown once) and its record. Logged in the audit log. */
export async function createToken(db: Db, input: { publisherSlug: string; name: string; createdBy: string }, now = new Date()): Promise<{ secret: string; token: PublisherToken }> {
  const secret = `${TOKEN_PREFIX}${randomToken(32)}`;
  const prefix = secret.slice(0, TOKEN_PREFIX.length + 6);
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .prepare(`INSERT INTO publisher_tokens (publisher_slug, name, token_hash, prefix, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${COLUMNS}`)
      .bind(input.publisherSlug, input.name, await sha256Hex(secret), prefix, input.createdBy, at),
    db
      .prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, 'token.create', ?, ?)")
      .bind(at, input.createdBy, input.publisherSlug, JSON.stringify({ name: input.name, prefix })),
  ]);
  return { secret, token: toToken(inserted!.results[0] as TokenRow) };
}

/**
 * Revokes a token (it stays listed, marked revoked). Null when there is no such live token, or
 * (with `publisherSlug`, the console's case) when it is another publisher's.
 */
export async function revokeToken(db: Db, tokenId: number, by: string, now = new Date(), publisherSlug: string | null = null): Promise<PublisherToken | null> {
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .prepare(`UPDATE publisher_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND (?3 IS NULL OR publisher_slug = ?3) RETURNING ${COLUMNS}`)
      .bind(at, tokenId, publisherSlug),
    db
      .prepare(
        "INSERT INTO audit_log (at, actor, action, subject, detail) SELECT ?, ?, 'token.revoke', publisher_slug, json_object('prefix', prefix) FROM publisher_tokens WHERE id = ? AND changes() > 0",
      )
      .bind(at, by, tokenId),
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

/** How many live tokens a publisher has (the console's cap). */
export async function countLiveTokens(db: Db, publisherSlug: string): Promise<number> {
  const row = await db.prepare("SELECT count(*) AS n FROM publisher_tokens WHERE publisher_slug = ? AND revoked_at IS NULL").bind(publisherSlug).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The live token whose secret this is, or null. Looked up by its hash: the secret itself is never stored. */
export async function findLiveToken(db: Db, secret: string): Promise<PublisherToken | null> {
  if (!TOKEN_PATTERN.test(secret)) return null;
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM publisher_tokens WHERE token_hash = ? AND revoked_at IS NULL`)
    .bind(await sha256Hex(secret))
    .first<TokenRow>();
  return row ? toToken(row) : null;
}

/** Notes the token's use, at most once a minute (a write per call would be waste). */
export async function touchToken(db: Db, token: PublisherToken, now = new Date()): Promise<void> {
  if (token.lastUsedAt && now.getTime() - Date.parse(token.lastUsedAt) < 60_000) return;
  await db.prepare("UPDATE publisher_tokens SET last_used_at = ? WHERE id = ?").bind(now.toISOString(), token.id).run();
}
