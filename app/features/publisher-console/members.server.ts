// Publisher members (issue 30 item 1; migration 0025; docs/decisions/037): which platform people
// act for which publisher in the console, and the one check every console page and action runs.
// A member is named by a platform e-mail; the first sign-in binds the row to the person's uuid, so
// a later holder of the same address is not that member. Every change is written to audit_log in
// the same batch as the change itself.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireAuth, type Auth } from "~/auth/session.server";
import type { User } from "~/auth/user";
import { notFound } from "~/lib/http.server";
import { type Actor, type ActorRecord, storedActor } from "~/lib/actor";
import type { Db } from "~/models/db.server";
import type { Publisher } from "~/models/types";
import { revokeMemberTokensStatements } from "~/features/publisher-api/tokens.server";

/** How long a member's invitation waits for the invited person to accept it. */
export const INVITATION_DAYS = 14;
/** A publisher keeps at most this many members and open invitations (a typo loop cannot grow it). */
export const MAX_MEMBERS = 50;

export type MemberState = "invited" | "active";
export type PublisherMember = {
  publisherSlug: string;
  email: string;
  userId: string | null;
  name: string;
  state: MemberState;
  /** The hub admin or member who linked or invited them (~/lib/actor.ts). */
  addedBy: Actor | null;
  addedAt: string;
  expiresAt: string | null;
  joinedAt: string | null;
};

type Row = {
  publisher_slug: string;
  email: string;
  user_id: string | null;
  name: string;
  state: MemberState;
  added_by: string;
  added_by_name: string | null;
  added_at: string;
  expires_at: string | null;
  joined_at: string | null;
};
const COLUMNS = "publisher_slug, email, user_id, name, state, added_by, added_by_name, added_at, expires_at, joined_at";
const toMember = (r: Row): PublisherMember => ({
  publisherSlug: r.publisher_slug,
  email: r.email,
  userId: r.user_id,
  name: r.name,
  state: r.state,
  addedBy: storedActor(r.added_by, { name: r.added_by_name }),
  addedAt: r.added_at,
  expiresAt: r.expires_at,
  joinedAt: r.joined_at,
});

/** The one spelling of an e-mail the table keys on. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** The person's platform e-mails, as the table keys them (at most 20: D1 binds at most 100). */
const emailsOf = (user: Pick<User, "emails">): string[] => [...new Set(user.emails.map(normaliseEmail).filter(Boolean))].slice(0, 20);

/** Who a person's changes are recorded as: their e-mail (the audit log's actor, as before) and their name beside it (issue 40 item 15). */
export const actorOf = (user: Pick<User, "emails" | "userId" | "portalDisplayName">): ActorRecord => ({
  by: emailsOf(user)[0] ?? `user:${user.userId}`,
  name: user.portalDisplayName.trim() || null,
});

/**
 * Rows that are this person's: one of their e-mails, and either not yet bound to anyone or bound
 * to them. `?1` is the person's uuid, the e-mails follow from `?2`.
 */
function ownRowsWhere(emails: readonly string[], alias = ""): string {
  return `${alias}email IN (${emails.map((_, i) => `?${i + 2}`).join(", ")}) AND (${alias}user_id IS NULL OR ${alias}user_id = ?1)`;
}

export type Membership = { slug: string; name: string; state: MemberState; expiresAt: string | null };

/**
 * The publishers the person belongs to (active) or is invited to (an invitation not yet expired),
 * by publisher name. A publisher the catalogue no longer has is left out.
 */
export async function membershipsOf(db: Db, user: Pick<User, "emails" | "userId">, now = new Date()): Promise<Membership[]> {
  const emails = emailsOf(user);
  if (emails.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT m.publisher_slug AS slug, p.name AS name, m.state AS state, m.expires_at AS expires_at
       FROM publisher_members m JOIN publishers p ON p.slug = m.publisher_slug
       WHERE ${ownRowsWhere(emails, "m.")}
         AND (m.state = 'active' OR m.expires_at > ?${emails.length + 2})
       ORDER BY m.state = 'invited', p.name COLLATE NOCASE, m.publisher_slug`,
    )
    .bind(user.userId, ...emails, now.toISOString())
    .all<{ slug: string; name: string; state: MemberState; expires_at: string | null }>();
  // Two of the person's e-mails may both be rows of one publisher: the active one wins.
  const bySlug = new Map<string, Membership>();
  for (const r of results) if (!bySlug.has(r.slug)) bySlug.set(r.slug, { slug: r.slug, name: r.name, state: r.state, expiresAt: r.expires_at });
  return [...bySlug.values()];
}

/**
 * Whether the person is a member of any publisher, or has an open invitation to one (the account
 * menu's console link, where invitations are accepted). Never throws: a page is not refused for it.
 */
export async function hasPublisherMembership(db: Db, user: Pick<User, "emails" | "userId">, now = new Date()): Promise<boolean> {
  const emails = emailsOf(user);
  if (emails.length === 0) return false;
  try {
    const row = await db
      .prepare(`SELECT 1 AS found FROM publisher_members WHERE ${ownRowsWhere(emails)} AND (state = 'active' OR expires_at > ?${emails.length + 2}) LIMIT 1`)
      .bind(user.userId, ...emails, now.toISOString())
      .first<{ found: number }>();
    return row !== null;
  } catch {
    return false;
  }
}

/** The person's active row in this publisher, or null. */
export async function findActiveMember(db: Db, slug: string, user: Pick<User, "emails" | "userId">): Promise<PublisherMember | null> {
  const emails = emailsOf(user);
  if (emails.length === 0) return null;
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM publisher_members WHERE publisher_slug = ?${emails.length + 2} AND ${ownRowsWhere(emails)} AND state = 'active' LIMIT 1`)
    .bind(user.userId, ...emails, slug)
    .first<Row>();
  return row ? toMember(row) : null;
}

export type PublisherAccess = {
  auth: Auth;
  publisher: Publisher;
  member: PublisherMember;
  /** Who the audit log records this member's changes as. */
  actor: ActorRecord;
};

/** Slugs as the catalogue writes them; anything else is not a publisher (and costs no query). */
const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * A console page or action: logged in (else the login page, and back), and an active member of the
 * publisher `slug` *now* (read from D1 on every request, so a removed member is refused at once).
 * Everyone else, including an invited person who has not accepted yet, gets the not-found page, the
 * same answer as for a publisher that does not exist: the console's addresses say nothing about who
 * is a member or what a publisher has in review. The public page /publishers/{slug} is unaffected.
 *
 *     const { publisher, member, actor } = await requirePublisherMember(request, context, params.slug);
 */
export async function requirePublisherMember(request: Request, context: AppLoadContext, slug: string | undefined): Promise<PublisherAccess> {
  const auth = await requireAuth(request, context);
  if (!slug || !SLUG.test(slug)) throw await notFound(request, context);
  const [member, publisher] = await Promise.all([findActiveMember(context.db, slug, auth.user), context.catalogue.publisher(slug)]);
  if (!member || !publisher) throw await notFound(request, context);
  return { auth, publisher, member, actor: actorOf(auth.user) };
}

/** A publisher's members and open invitations (expired ones too, marked by expiresAt), by e-mail. */
export async function listMembers(db: Db, slug: string): Promise<PublisherMember[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM publisher_members WHERE publisher_slug = ? ORDER BY state, email`).bind(slug).all<Row>();
  return results.map(toMember);
}

const audit = (db: Db, at: string, actor: ActorRecord, action: string, slug: string, detail: Record<string, unknown>) =>
  db
    .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, ?, ?, ? WHERE changes() > 0")
    .bind(at, actor.by, actor.name, action, slug, JSON.stringify(detail));

export type AddResult = "added" | "exists" | "full";

/**
 * A hub admin links a person (active at once), or a member invites one (waits for acceptance).
 * An existing row is left as it is ("exists"), except an expired invitation, which is renewed.
 */
export async function addMember(db: Db, input: { slug: string; email: string; by: ActorRecord; as: "link" | "invite" }, now = new Date()): Promise<AddResult> {
  const at = now.toISOString();
  const email = normaliseEmail(input.email);
  const state: MemberState = input.as === "link" ? "active" : "invited";
  const expires = state === "invited" ? new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString() : null;
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO publisher_members (publisher_slug, email, state, added_by, added_by_name, added_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?8, ?5, ?6 WHERE (SELECT count(*) FROM publisher_members WHERE publisher_slug = ?1) < ?7
         ON CONFLICT (publisher_slug, email) DO UPDATE SET state = excluded.state, added_by = excluded.added_by, added_by_name = excluded.added_by_name, added_at = excluded.added_at, expires_at = excluded.expires_at
           WHERE publisher_members.state = 'invited' AND (publisher_members.expires_at <= ?5 OR excluded.state = 'active')`,
      )
      .bind(input.slug, email, state, input.by.by, at, expires, MAX_MEMBERS, input.by.name),
    audit(db, at, input.by, input.as === "link" ? "member.link" : "member.invite", input.slug, { email }),
  ]);
  if ((inserted?.meta.changes ?? 0) > 0) return "added";
  const existing = await db.prepare("SELECT 1 AS found FROM publisher_members WHERE publisher_slug = ? AND email = ?").bind(input.slug, email).first();
  return existing ? "exists" : "full";
}

export type RemoveResult = { removed: boolean; revokedTokens: number };

/**
 * Removes a member or withdraws an invitation, and revokes the API tokens the member made in the
 * console (issue 40 item 2): in one batch, so there is no moment when the member is gone and their
 * tokens still work, and a failure leaves both as they were. `removed` is false when there was no
 * such row (and then nothing is revoked).
 */
export async function removeMember(db: Db, input: { slug: string; email: string; by: ActorRecord }, now = new Date()): Promise<RemoveResult> {
  const at = now.toISOString();
  const email = normaliseEmail(input.email);
  const [deleted, , revoked] = await db.batch([
    db.prepare("DELETE FROM publisher_members WHERE publisher_slug = ? AND email = ?").bind(input.slug, email),
    audit(db, at, input.by, "member.remove", input.slug, { email }),
    ...revokeMemberTokensStatements(db, { slug: input.slug, email, by: input.by, at }),
  ]);
  const removed = (deleted?.meta.changes ?? 0) > 0;
  return { removed, revokedTokens: removed ? (revoked?.results.length ?? 0) : 0 };
}

/** What the flash says about the tokens a removal revoked ("" when none); `whose` is "they" or "you". */
export const revokedTokensNote = (n: number, whose: "they" | "you" = "they"): string =>
  n === 0 ? "" : n === 1 ? ` 1 API token ${whose} made was revoked.` : ` ${n} API tokens ${whose} made were revoked.`;

/**
 * The invited person accepts: the invitation (to one of their e-mails, not expired, not bound to
 * someone else) becomes an active membership bound to them. False when there is none.
 */
export async function acceptInvitation(db: Db, slug: string, user: Pick<User, "emails" | "userId" | "portalDisplayName">, now = new Date()): Promise<boolean> {
  const emails = emailsOf(user);
  if (emails.length === 0) return false;
  const at = now.toISOString();
  const n = emails.length;
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE publisher_members SET state = 'active', user_id = ?1, name = ?${n + 2}, joined_at = ?${n + 3}, expires_at = NULL
         WHERE publisher_slug = ?${n + 4} AND ${ownRowsWhere(emails)} AND state = 'invited' AND expires_at > ?${n + 3}`,
      )
      .bind(user.userId, ...emails, user.portalDisplayName, at, slug),
    audit(db, at, actorOf(user), "member.join", slug, {}),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/**
 * At login: the person's active memberships not yet bound to anyone are bound to them (and their
 * name noted), so a later holder of the same address is not taken for them.
 */
export async function bindMemberships(db: Db, user: Pick<User, "emails" | "userId" | "portalDisplayName">, now = new Date()): Promise<void> {
  const emails = emailsOf(user);
  if (emails.length === 0) return;
  await db
    .prepare(
      `UPDATE publisher_members SET user_id = ?1, name = ?${emails.length + 2}, joined_at = coalesce(joined_at, ?${emails.length + 3})
       WHERE ${ownRowsWhere(emails)} AND state = 'active' AND user_id IS NULL`,
    )
    .bind(user.userId, ...emails, user.portalDisplayName, now.toISOString())
    .run();
}
