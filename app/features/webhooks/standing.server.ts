// A webhook's standing (issue 12; docs/decisions/010 "Standing"): a webhook acts for its owner, so
// it works only while the owner could still do what it does. It becomes inactive, with a reason,
// once the owner is no longer a member of the space, the bot is no longer in the space, the
// space's organisation has turned the bot off, or the owner has revoked App Hub at the platform.
//
// How the platform tells us, with what the hub holds when nobody is logged in:
// - membership: the webhook's bot lists the space's memberships filtered by the owner's person id
//   (bots may list the members of spaces they are in). Found → member; none → the owner left.
//   A 404 or 403 is no verdict (issue 27): the platform documents no reason codes, and reading
//   them as "bot removed" or "organisation turned the bot off" refused posts in advance on a guess.
//   The post itself is tried, and a refusal is reported as the platform worded it (incoming.server.ts).
// - the grant: the owner's own App Hub tokens, kept sealed while they own webhooks
//   (~/auth/kept-tokens.server.ts): people/me answers 401 and the refresh 400 once the grant is revoked.
// - the owner's organisation's app policy (decision 035; issue 40 item 5): a webhook made while the
//   organisation was open stops once the webhook app is restricted, or needs approval and is not
//   approved, exactly as creating one is refused (the same standing). It is the hub's own D1, so it
//   is read first, and the platform is not asked about a webhook the policy stops anyway.
// Anything else (time-outs, 5xx, 429, our bot token refused) proves nothing: the standing stays
// as it was and is asked again after the time to live.
//
// The answer is cached per webhook in D1 for STANDING_TTL_MS, and one caller at a time re-checks
// (a compare-and-set on the check time), so a flood of posts costs the platform at most one
// lookup per webhook per minute, and a departure is noticed within about a minute.
import type { Db } from "~/models/db.server";
import type { Tokens } from "~/auth/session.server";
import { meWithKeptTokens, seal, unseal } from "~/auth/kept-tokens.server";
import { PlatformError } from "~/platform/client.server";
import { mapPool } from "~/lib/map-pool";
import { base64url } from "~/lib/random-token.server";
import { botClient, type HookContext } from "./webhook-bots.server";
import { isInactiveReason, WEBHOOK_APP_KIND, type InactiveReason, type WebhookKind } from "./webhook-form";
import { standingForUser } from "~/features/org-policy/owner-standing.server";
import { getAppDetail } from "~/models/catalogue.server";

/** How long a checked standing is trusted: a departure is noticed within about this long. */
export const STANDING_TTL_MS = 60_000;
/** Standing checks run at once when a page or the Cron Trigger checks many webhooks. */
const CHECK_CONCURRENCY = 4;

export type Standing = { status: "active"; reason: null } | { status: "inactive"; reason: InactiveReason };
const ACTIVE: Standing = { status: "active", reason: null };

export type StandingRow = {
  id: string;
  type: WebhookKind;
  user_id: string;
  room_id: string;
  status: string;
  status_reason: string | null;
  standing_checked_at: number;
};

/**
 * The stored standing. Rows made inactive by a retired guess (`bot_removed`, `bot_disabled`: a 404 or
 * 403 read as a reason, before issue 27) count as active again: the next check or post decides.
 */
export const standingOfRow = (row: Pick<StandingRow, "status" | "status_reason">): Standing => {
  if (row.status !== "inactive") return ACTIVE;
  const reason = row.status_reason ?? "left_space";
  return isInactiveReason(reason) ? { status: "inactive", reason } : ACTIVE;
};

/** The platform's encoded person id of a person uuid (PEOPLE ids always use the `us` cluster). */
export const personIdOf = (uuid: string) => base64url(new TextEncoder().encode(`ciscospark://us/PEOPLE/${uuid}`));

type Membership = "member" | "left_space" | "unknown";

async function ownerMembership(context: HookContext, row: StandingRow, personId: string): Promise<Membership> {
  try {
    const { items } = await botClient(context, row.type).listMemberships({ roomId: row.room_id, personId, max: 1 });
    return items.length > 0 ? "member" : "left_space";
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== "http") return "unknown";
    if (error.status === 401) context.logger.error("The webhook bot's token was refused", { kind: row.type, trackingId: error.trackingId });
    else if (error.status === 403 || error.status === 404) {
      // No verdict (see the top of this file): what the platform said is kept in the log.
      context.logger.warn("The platform refused the webhook bot's membership lookup", {
        webhookId: row.id,
        status: error.status,
        message: error.message,
        trackingId: error.trackingId,
      });
    }
    return "unknown";
  }
}

// --- The owner's grant ---------------------------------------------------------------------------

type OwnerRow = { user_id: string; person_id: string; tokens: string | null; grant_status: string; grant_checked_at: number };
type Grant = "granted" | "revoked" | "unknown";

/**
 * Remembers that the owner, logged in, just used the platform through App Hub: their current tokens
 * (sealed) and a granted standing. Called where the hub has just used their token successfully
 * (My Webhooks, creating a webhook), so a revoked grant recovers when they come back.
 */
export async function recordOwnerSeen(context: HookContext, owner: { userId: string; personId: string; tokens: Tokens }, nowMs = Date.now()): Promise<void> {
  const sealed = await seal(context.config.sessionSecrets, "webhook-owner-tokens", owner.userId, JSON.stringify(owner.tokens));
  await context.db
    .prepare(
      `INSERT INTO webhook_owners (user_id, person_id, tokens, grant_status, grant_checked_at, updated_at) VALUES (?, ?, ?, 'granted', ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET person_id = excluded.person_id, tokens = excluded.tokens, grant_status = 'granted',
       grant_checked_at = excluded.grant_checked_at, updated_at = excluded.updated_at`,
    )
    .bind(owner.userId, owner.personId, sealed, nowMs, new Date(nowMs).toISOString())
    .run();
}

/** Drops what we hold for an owner once they have no webhooks left. */
export const forgetOwnerIfIdle = (db: Db, userId: string) =>
  db.prepare("DELETE FROM webhook_owners WHERE user_id = ?1 AND NOT EXISTS (SELECT 1 FROM webhooks WHERE user_id = ?1)").bind(userId).run();

/** Whether the platform still honours the owner's grant, by using their tokens as App Hub would (a refresh that succeeds is a grant). */
async function verifyGrant(context: HookContext, tokens: Tokens, nowMs: number): Promise<{ grant: Grant; tokens?: Tokens }> {
  const me = await meWithKeptTokens(context, "hooks-owner", tokens, nowMs);
  if (me.outcome === "revoked") return { grant: "revoked" };
  return me.tokens || me.outcome === "person" ? { grant: "granted", tokens: me.tokens } : { grant: "unknown" };
}

const loadOwner = (db: Db, userId: string) => db.prepare("SELECT * FROM webhook_owners WHERE user_id = ?").bind(userId).first<OwnerRow>();

/** The owner's grant: cached for the time to live, else checked with their tokens by one caller. */
async function grantOf(context: HookContext, owner: OwnerRow | null, nowMs: number): Promise<Grant> {
  // Webhooks made before owners' tokens were kept: nothing to ask with until the owner comes back.
  if (!owner) return "unknown";
  const cached = owner.grant_status as Grant;
  // Revoked stays revoked until the owner is seen again (recordOwnerSeen).
  if (owner.grant_status === "revoked" || !owner.tokens) return cached;
  if (nowMs - owner.grant_checked_at < STANDING_TTL_MS) return cached;
  const db = context.db;
  const claimed = await db
    .prepare("UPDATE webhook_owners SET grant_checked_at = ? WHERE user_id = ? AND grant_checked_at = ?")
    .bind(nowMs, owner.user_id, owner.grant_checked_at)
    .run();
  if (claimed.meta.changes === 0) return cached; // another request is checking right now
  const plain = await unseal(context.config.sessionSecrets, "webhook-owner-tokens", owner.user_id, owner.tokens);
  if (!plain) {
    context.logger.warn("A webhook owner's stored tokens could not be opened (secrets rotated?)", { userId: owner.user_id });
    return cached;
  }
  const verdict = await verifyGrant(context, JSON.parse(plain) as Tokens, nowMs);
  const updatedAt = new Date(nowMs).toISOString();
  if (verdict.grant === "revoked") {
    // Nothing left to use them for: drop the tokens.
    await db.prepare("UPDATE webhook_owners SET grant_status = 'revoked', tokens = NULL, updated_at = ? WHERE user_id = ?").bind(updatedAt, owner.user_id).run();
    return "revoked";
  }
  if (verdict.grant === "granted") {
    const tokens = verdict.tokens ? await seal(context.config.sessionSecrets, "webhook-owner-tokens", owner.user_id, JSON.stringify(verdict.tokens)) : owner.tokens;
    await db.prepare("UPDATE webhook_owners SET grant_status = 'granted', tokens = ?, updated_at = ? WHERE user_id = ?").bind(tokens, updatedAt, owner.user_id).run();
    return "granted";
  }
  return cached;
}

// --- The webhook's standing ----------------------------------------------------------------------

async function writeStanding(context: HookContext, row: StandingRow, standing: Standing, nowMs: number): Promise<void> {
  const before = standingOfRow(row);
  await context.db.prepare("UPDATE webhooks SET status = ?, status_reason = ?, standing_checked_at = ? WHERE id = ?").bind(standing.status, standing.reason, nowMs, row.id).run();
  if (before.status !== standing.status || before.reason !== standing.reason) {
    context.logger.info(standing.status === "inactive" ? "Webhook became inactive" : "Webhook is active again", { webhookId: row.id, kind: row.type, reason: standing.reason });
  }
}

/** The policy's reason to stop the webhook (its app is the hub's Incoming or Outgoing Webhooks), or null. */
async function policyReason(context: HookContext, row: StandingRow): Promise<InactiveReason | null> {
  const friendlyId = Object.keys(WEBHOOK_APP_KIND).find((key) => WEBHOOK_APP_KIND[key] === row.type);
  if (!friendlyId) return null;
  // Decisions are keyed by the app's id; the hub's own webhook apps are known by their friendlyId.
  const app = await getAppDetail(context.db, friendlyId);
  if (!app) return null;
  const standing = await standingForUser(context.db, row.user_id, app.id, async () => app);
  return standing.state === "restricted" ? "org_restricted" : standing.state === "needs-approval" ? "org_needs_approval" : null;
}

/** Asks the policy and the platform now (no cache) and stores the answer. */
async function checkNow(context: HookContext, row: StandingRow, nowMs: number): Promise<Standing> {
  const refused = await policyReason(context, row);
  if (refused) {
    const standing: Standing = { status: "inactive", reason: refused };
    await writeStanding(context, row, standing, nowMs);
    return standing;
  }
  const owner = await loadOwner(context.db, row.user_id);
  const [membership, grant] = await Promise.all([ownerMembership(context, row, owner?.person_id ?? personIdOf(row.user_id)), grantOf(context, owner, nowMs)]);
  let standing: Standing;
  if (membership === "left_space") standing = { status: "inactive", reason: "left_space" };
  else if (grant === "revoked") standing = { status: "inactive", reason: "grant_revoked" };
  else if (membership === "member") standing = ACTIVE;
  else {
    // Nothing learned from the platform: keep what we knew. That includes a policy stop the policy
    // no longer makes: it took the place of whatever the standing was before (left_space, say), so
    // only the platform confirming membership (above) makes the webhook active again; on a guess,
    // someone who left the space could post until the next check (issue 40 review L5).
    standing = standingOfRow(row);
  }
  await writeStanding(context, row, standing, nowMs);
  return standing;
}

/**
 * The webhook's standing: the cached one while it is fresh, else checked with the platform by one
 * caller (the others keep using the cached one meanwhile). `force` checks now whatever the age:
 * after the platform refused a post, or when the owner re-creates an inactive webhook.
 */
export async function standingOf(context: HookContext, row: StandingRow, options: { force?: boolean; nowMs?: number } = {}): Promise<Standing> {
  const nowMs = options.nowMs ?? Date.now();
  if (!options.force) {
    if (nowMs - row.standing_checked_at < STANDING_TTL_MS) return standingOfRow(row);
    const claimed = await context.db
      .prepare("UPDATE webhooks SET standing_checked_at = ? WHERE id = ? AND standing_checked_at = ?")
      .bind(nowMs, row.id, row.standing_checked_at)
      .run();
    if (claimed.meta.changes === 0) {
      // Another caller is checking (or just did): use its answer if it is in already.
      const latest = await context.db.prepare("SELECT status, status_reason FROM webhooks WHERE id = ?").bind(row.id).first<Pick<StandingRow, "status" | "status_reason">>();
      return standingOfRow(latest ?? row);
    }
  }
  return checkNow(context, row, nowMs);
}

/**
 * My Webhooks, opened by the owner: what the page can tell at no cost settles the standing first.
 * `memberOf` is the set of group spaces the owner's own token just listed (null when that list may
 * be cut short): a webhook's space missing from it means the owner left, at once. A stale standing,
 * or one the page contradicts (listed as left but the owner is a member; revoked but the owner is
 * here), is checked with the platform. Returns each row's standing.
 */
export async function settleStandingsForOwner(context: HookContext, rows: StandingRow[], memberOf: ReadonlySet<string> | null, nowMs = Date.now()): Promise<Map<string, Standing>> {
  const out = new Map<string, Standing>();
  // Each check is a platform call or two with a bot's token: a few at a time.
  await mapPool(rows, CHECK_CONCURRENCY, async (row) => {
    const cached = standingOfRow(row);
    if (memberOf && !memberOf.has(row.room_id)) {
      const left: Standing = { status: "inactive", reason: "left_space" };
      if (cached.reason !== "left_space") await writeStanding(context, row, left, nowMs);
      out.set(row.id, left);
      return;
    }
    // A policy stop is the hub's own data: asked again at no platform cost, so a lifted one shows at once.
    const contradicted =
      (cached.reason === "left_space" && memberOf !== null) || cached.reason === "grant_revoked" || cached.reason === "org_restricted" || cached.reason === "org_needs_approval";
    out.set(row.id, await standingOf(context, row, { force: contradicted, nowMs }));
  });
  return out;
}
