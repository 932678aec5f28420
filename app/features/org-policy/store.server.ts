// The organisations' policy tables (migrations/0023_org_policies.sql; docs/decisions/035): the one
// module that reads and writes them. Every function takes the organisation's id first and every
// statement filters by it, so a caller can only ever reach the rows of the organisation it names,
// and callers name only the logged-in person's own (./access.server.ts). Every admin change also
// writes its audit_log row in the same batch.
import { type Actor as ShownActor, HUB_ACTOR_ID, ruleActor, storedActor } from "~/lib/actor";
import type { Db } from "~/models/db.server";
import { ruleConditionsSchema, type MemberRequest, type OrgDecision, type OrgPolicy, type OrgRule } from "./policy";

type PolicyRow = {
  org_id: string;
  mode: "open" | "approval";
  requests_to: "admins" | "space";
  requests_room_id: string | null;
  requests_room_title: string | null;
  updated_by: string;
  updated_by_email: string | null;
  updated_at: string;
};
type DecisionRow = {
  app_id: string;
  status: "approved" | "restricted";
  permissions: string;
  reason: string;
  decided_by: string;
  decided_by_email: string | null;
  decided_at: string;
};
type RuleRow = { id: number; name: string; conditions: string; created_by: string; created_by_email: string | null; created_at: string };
export type RequestRow = {
  id: number;
  app_id: string;
  app_name: string;
  requester_user_id: string;
  requester_person_id: string;
  requester_name: string;
  requester_email: string;
  comment: string;
  permissions: string;
  status: MemberRequest["status"];
  reason: string;
  decided_by: string | null;
  decided_by_email: string | null;
  rule_name: string | null;
  created_at: string;
  decided_at: string | null;
};

export type OrgRequest = {
  id: number;
  appId: string;
  appName: string;
  requester: { userId: string; personId: string; name: string; email: string };
  comment: string;
  permissions: string[];
  status: MemberRequest["status"];
  reason: string;
  /** The admin or the rule that decided (~/lib/actor.ts); null while pending. */
  decidedBy: ShownActor | null;
  ruleName: string | null;
  createdAt: string;
  decidedAt: string | null;
};

const jsonList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
};

const toPolicy = (r: PolicyRow): OrgPolicy => ({
  orgId: r.org_id,
  mode: r.mode,
  requestsTo: r.requests_to === "space" && r.requests_room_id ? { kind: "space", roomId: r.requests_room_id, roomTitle: r.requests_room_title ?? "" } : { kind: "admins" },
  updatedBy: storedActor(r.updated_by, { email: r.updated_by_email }),
  updatedAt: r.updated_at,
});
const toDecision = (r: DecisionRow): OrgDecision => ({
  appId: r.app_id,
  status: r.status,
  permissions: jsonList(r.permissions),
  reason: r.reason,
  decidedBy: storedActor(r.decided_by, { email: r.decided_by_email }),
  decidedAt: r.decided_at,
});
const toRule = (r: RuleRow): OrgRule | null => {
  let raw: unknown;
  try {
    raw = JSON.parse(r.conditions);
  } catch {
    return null;
  }
  const conditions = ruleConditionsSchema.safeParse(raw);
  return conditions.success
    ? { id: r.id, name: r.name, conditions: conditions.data, createdBy: storedActor(r.created_by, { email: r.created_by_email }), createdAt: r.created_at }
    : null;
};
export const toRequest = (r: RequestRow): OrgRequest => ({
  id: r.id,
  appId: r.app_id,
  appName: r.app_name,
  requester: { userId: r.requester_user_id, personId: r.requester_person_id, name: r.requester_name, email: r.requester_email },
  comment: r.comment,
  permissions: jsonList(r.permissions),
  status: r.status,
  reason: r.reason,
  decidedBy: r.rule_name ? ruleActor(r.rule_name) : storedActor(r.decided_by, { email: r.decided_by_email }),
  ruleName: r.rule_name,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
});

const audit = (db: Db, actor: Actor, action: string, subject: string, detail: Record<string, unknown>, at: string) =>
  db
    .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(at, actor.email, actor.name, action, subject, JSON.stringify(detail));

/**
 * An audit row whose detail also says what was there before the change (`before`, JSON null when
 * nothing was), so the log can show before → after (./audit-view.server.ts). `beforeJson` is SQL
 * giving JSON text; it runs in the same batch, ahead of the write, so it reads the old state.
 */
const auditChange = (db: Db, actor: Actor, action: string, subject: string, detail: Record<string, unknown>, at: string, beforeJson: string, ...binds: unknown[]) =>
  db
    .prepare(`INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) VALUES (?, ?, ?, ?, ?, json_set(?, '$.before', ${beforeJson}))`)
    .bind(at, actor.email, actor.name, action, subject, JSON.stringify(detail), ...binds);

/** A decision's status before the change, as JSON (a JSON string, or null when the app had none). */
const DECISION_BEFORE = "json_quote((SELECT status FROM org_app_decisions WHERE org_id = ? AND app_id = ?))";

export async function readPolicy(db: Db, orgId: string): Promise<OrgPolicy | null> {
  const row = await db.prepare("SELECT * FROM org_policies WHERE org_id = ?").bind(orgId).first<PolicyRow>();
  return row ? toPolicy(row) : null;
}

/**
 * What a member's standing on one app needs, in one round trip: the policy, the app's decision, the
 * rules and the person's latest request. Nothing but the policy is read in an open organisation.
 */
export async function readStandingInputs(db: Db, orgId: string, appId: string, userId: string) {
  const [policy, decision, rules, request] = await db.batch([
    db.prepare("SELECT * FROM org_policies WHERE org_id = ?").bind(orgId),
    db.prepare("SELECT * FROM org_app_decisions WHERE org_id = ? AND app_id = ?").bind(orgId, appId),
    db.prepare("SELECT * FROM org_rules WHERE org_id = ? ORDER BY id").bind(orgId),
    db.prepare("SELECT * FROM org_app_requests WHERE org_id = ? AND app_id = ? AND requester_user_id = ? ORDER BY id DESC LIMIT 1").bind(orgId, appId, userId),
  ]);
  const p = (policy?.results[0] as PolicyRow | undefined) ?? null;
  const d = (decision?.results[0] as DecisionRow | undefined) ?? null;
  const r = (request?.results[0] as RequestRow | undefined) ?? null;
  return {
    policy: p ? toPolicy(p) : null,
    decision: d ? toDecision(d) : null,
    rules: ((rules?.results ?? []) as RuleRow[]).map(toRule).filter((x): x is OrgRule => x !== null),
    request: r ? ({ id: r.id, status: r.status, reason: r.reason, createdAt: r.created_at, decidedAt: r.decided_at } satisfies MemberRequest) : null,
  };
}

/**
 * A list's cards (list pages, search): whether the organisation requires approval, and then its
 * decision lists' word per app. One statement, only the two columns a card shows: an open
 * organisation (or none) reads no row at all.
 */
export async function readListStates(db: Db, orgId: string): Promise<{ approval: boolean; decisions: { appId: string; status: OrgDecision["status"] }[] }> {
  const { results } = await db
    .prepare(
      `SELECT d.app_id AS app_id, d.status AS status FROM org_policies p
       LEFT JOIN org_app_decisions d ON d.org_id = p.org_id
       WHERE p.org_id = ? AND p.mode = 'approval'`,
    )
    .bind(orgId)
    .all<{ app_id: string | null; status: OrgDecision["status"] | null }>();
  const decisions: { appId: string; status: OrgDecision["status"] }[] = [];
  for (const r of results) if (r.app_id !== null && r.status !== null) decisions.push({ appId: r.app_id, status: r.status });
  return { approval: results.length > 0, decisions };
}

export async function listDecisions(db: Db, orgId: string): Promise<OrgDecision[]> {
  const { results } = await db.prepare("SELECT * FROM org_app_decisions WHERE org_id = ? ORDER BY decided_at DESC").bind(orgId).all<DecisionRow>();
  return results.map(toDecision);
}

export async function listRules(db: Db, orgId: string): Promise<OrgRule[]> {
  const { results } = await db.prepare("SELECT * FROM org_rules WHERE org_id = ? ORDER BY id").bind(orgId).all<RuleRow>();
  return results.map(toRule).filter((x): x is OrgRule => x !== null);
}

export async function listRequests(db: Db, orgId: string, which: "pending" | "decided", limit = 100): Promise<OrgRequest[]> {
  const sql =
    which === "pending"
      ? "SELECT * FROM org_app_requests WHERE org_id = ? AND status = 'pending' ORDER BY id DESC LIMIT ?"
      : "SELECT * FROM org_app_requests WHERE org_id = ? AND status <> 'pending' ORDER BY decided_at DESC, id DESC LIMIT ?";
  const { results } = await db.prepare(sql).bind(orgId, limit).all<RequestRow>();
  return results.map(toRequest);
}

export async function findRequest(db: Db, orgId: string, id: number): Promise<OrgRequest | null> {
  const row = await db.prepare("SELECT * FROM org_app_requests WHERE org_id = ? AND id = ?").bind(orgId, id).first<RequestRow>();
  return row ? toRequest(row) : null;
}

/**
 * Who acts, as the policy tables record them (issue 40 item 15): the platform address and the name
 * it gives, or null when it gives none (the address then stands alone; never a made-up name). The
 * name columns (decided_by, created_by, updated_by) are NOT NULL, so they get the address when
 * there is no name, which ~/lib/actor.ts reads as the address.
 */
export type Actor = { email: string; name: string | null };
const nameOrAddress = (actor: Actor) => actor.name ?? actor.email;

export async function savePolicy(db: Db, orgId: string, actor: Actor, policy: Pick<OrgPolicy, "mode" | "requestsTo">, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const space = policy.requestsTo.kind === "space" ? policy.requestsTo : null;
  await db.batch([
    auditChange(
      db,
      actor,
      "org.settings",
      `org:${orgId}`,
      { mode: policy.mode, requestsTo: policy.requestsTo.kind, roomId: space?.roomId ?? null, roomTitle: space?.roomTitle ?? null },
      at,
      `json((SELECT json_object('mode', mode, 'requestsTo', requests_to, 'roomId', requests_room_id, 'roomTitle', requests_room_title) FROM org_policies WHERE org_id = ?))`,
      orgId,
    ),
    db
      .prepare(
        `INSERT INTO org_policies (org_id, mode, requests_to, requests_room_id, requests_room_title, updated_by, updated_by_email, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (org_id) DO UPDATE SET mode = excluded.mode, requests_to = excluded.requests_to, requests_room_id = excluded.requests_room_id,
           requests_room_title = excluded.requests_room_title, updated_by = excluded.updated_by, updated_by_email = excluded.updated_by_email, updated_at = excluded.updated_at`,
      )
      .bind(orgId, policy.mode, policy.requestsTo.kind, space?.roomId ?? null, space?.roomTitle ?? null, nameOrAddress(actor), actor.email, at),
  ]);
}

/** Who the audit log names for a change the hub made by itself. */
export const HUB_ACTOR = { email: HUB_ACTOR_ID, name: "the App Hub" } as const;

/**
 * Requests go back to direct messages because the chosen space `roomId` is no longer one of the
 * organisation's own (issue 40 item 9). Only while it is still the chosen space, so of two posts
 * that find it shared at once only one changes it (and tells the admins): true when this one did.
 */
export async function stopRequestsSpace(db: Db, orgId: string, roomId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const still = "FROM org_policies WHERE org_id = ? AND requests_to = 'space' AND requests_room_id = ?";
  const [, updated] = await db.batch([
    // The audit row first, in the same batch, so it reads the setting before the change.
    db
      .prepare(
        `INSERT INTO audit_log (at, actor, action, subject, detail)
         SELECT ?, ?, 'org.settings', ?, json_object('mode', mode, 'requestsTo', 'admins', 'roomId', NULL, 'roomTitle', NULL, 'stopped', 'shared',
           'before', json_object('mode', mode, 'requestsTo', requests_to, 'roomId', requests_room_id, 'roomTitle', requests_room_title)) ${still}`,
      )
      .bind(at, HUB_ACTOR.email, `org:${orgId}`, orgId, roomId),
    db
      .prepare(
        `UPDATE org_policies SET requests_to = 'admins', requests_room_id = NULL, requests_room_title = NULL, updated_by = ?, updated_by_email = NULL, updated_at = ? WHERE org_id = ? AND requests_to = 'space' AND requests_room_id = ?`,
      )
      .bind(HUB_ACTOR.name, at, orgId, roomId),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/**
 * Approves or restricts an app for the organisation; pending requests for it are decided the same
 * way (approved, or restricted). Returns the requests it decided, so their requesters are told.
 */
export async function decideApp(
  db: Db,
  orgId: string,
  actor: Actor,
  decision: { appId: string; appName: string; status: "approved" | "restricted"; permissions: readonly string[]; reason: string; ruleName?: string | null },
  now = new Date(),
): Promise<OrgRequest[]> {
  const at = now.toISOString();
  const requestStatus = decision.status === "approved" ? "approved" : "restricted";
  const [, , decided] = await db.batch([
    auditChange(
      db,
      actor,
      decision.status === "approved" ? "org.approve" : "org.restrict",
      `org:${orgId}`,
      { appId: decision.appId, appName: decision.appName, reason: decision.reason, rule: decision.ruleName ?? null },
      at,
      DECISION_BEFORE,
      orgId,
      decision.appId,
    ),
    db
      .prepare(
        `INSERT INTO org_app_decisions (org_id, app_id, status, permissions, reason, decided_by, decided_by_email, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (org_id, app_id) DO UPDATE SET status = excluded.status, permissions = excluded.permissions, reason = excluded.reason,
           decided_by = excluded.decided_by, decided_by_email = excluded.decided_by_email, decided_at = excluded.decided_at`,
      )
      .bind(
        orgId,
        decision.appId,
        decision.status,
        JSON.stringify(decision.permissions),
        decision.reason,
        decision.ruleName ? `Rule: ${decision.ruleName}` : nameOrAddress(actor),
        decision.ruleName ? null : actor.email,
        at,
      ),
    db
      .prepare(
        `UPDATE org_app_requests SET status = ?, reason = ?, decided_by = ?, decided_by_email = ?, rule_name = ?, decided_at = ?
         WHERE org_id = ? AND app_id = ? AND status = 'pending' RETURNING *`,
      )
      .bind(
        requestStatus,
        decision.reason,
        decision.ruleName ? null : nameOrAddress(actor),
        decision.ruleName ? null : actor.email,
        decision.ruleName ?? null,
        at,
        orgId,
        decision.appId,
      ),
  ]);
  return ((decided?.results ?? []) as RequestRow[]).map(toRequest);
}

/** Takes an app off both lists (it needs approval again in an approval organisation). */
export async function clearDecision(db: Db, orgId: string, actor: Actor, appId: string, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const [, deleted] = await db.batch([
    auditChange(db, actor, "org.clear", `org:${orgId}`, { appId }, at, DECISION_BEFORE, orgId, appId),
    db.prepare("DELETE FROM org_app_decisions WHERE org_id = ? AND app_id = ?").bind(orgId, appId),
  ]);
  return (deleted?.meta.changes ?? 0) > 0;
}

/** Denies one pending request (the app stays as it was: needs approval). Null when it is not pending in this organisation. */
export async function denyRequest(db: Db, orgId: string, actor: Actor, id: number, reason: string, now = new Date()): Promise<OrgRequest | null> {
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .prepare(
        "UPDATE org_app_requests SET status = 'denied', reason = ?, decided_by = ?, decided_by_email = ?, decided_at = ? WHERE org_id = ? AND id = ? AND status = 'pending' RETURNING *",
      )
      .bind(reason, nameOrAddress(actor), actor.email, at, orgId, id),
    // The request's app goes with it, so the log can name the app.
    db
      .prepare(
        `INSERT INTO audit_log (at, actor, actor_name, action, subject, detail)
         SELECT ?, ?, ?, 'org.deny', ?, json_object('requestId', id, 'appId', app_id, 'appName', app_name, 'reason', ?) FROM org_app_requests
         WHERE org_id = ? AND id = ? AND changes() > 0`,
      )
      .bind(at, actor.email, actor.name, `org:${orgId}`, reason, orgId, id),
  ]);
  const row = (updated?.results[0] as RequestRow | undefined) ?? null;
  return row ? toRequest(row) : null;
}

export async function addRule(db: Db, orgId: string, actor: Actor, rule: Pick<OrgRule, "name" | "conditions">, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .prepare("INSERT INTO org_rules (org_id, name, conditions, created_by, created_by_email, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .bind(orgId, rule.name, JSON.stringify(rule.conditions), nameOrAddress(actor), actor.email, at),
    audit(db, actor, "org.rule.add", `org:${orgId}`, { name: rule.name, conditions: rule.conditions }, at),
  ]);
}

export async function deleteRule(db: Db, orgId: string, actor: Actor, id: number, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  // The audit row first, while the rule (and its name, for the log) is still there.
  const [, deleted] = await db.batch([
    db
      .prepare(
        `INSERT INTO audit_log (at, actor, actor_name, action, subject, detail)
         SELECT ?, ?, ?, 'org.rule.delete', ?, json_object('ruleId', id, 'name', name) FROM org_rules WHERE org_id = ? AND id = ?`,
      )
      .bind(at, actor.email, actor.name, `org:${orgId}`, orgId, id),
    db.prepare("DELETE FROM org_rules WHERE org_id = ? AND id = ? RETURNING name").bind(orgId, id),
  ]);
  return (deleted?.results.length ?? 0) > 0;
}

/**
 * A member's request. A second request while one is open adds nothing (the open one is returned,
 * `created` false). A rule's approval is recorded by the caller with decideApp.
 */
export async function createRequest(
  db: Db,
  orgId: string,
  request: { appId: string; appName: string; requester: OrgRequest["requester"]; comment: string; permissions: readonly string[] },
  now = new Date(),
): Promise<{ request: OrgRequest; created: boolean }> {
  const at = now.toISOString();
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO org_app_requests (org_id, app_id, app_name, requester_user_id, requester_person_id, requester_name, requester_email, comment, permissions, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT DO NOTHING RETURNING *`,
      )
      .bind(
        orgId,
        request.appId,
        request.appName,
        request.requester.userId,
        request.requester.personId,
        request.requester.name,
        request.requester.email,
        request.comment,
        JSON.stringify(request.permissions),
        at,
      ),
    db
      .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'org.request', ?, ? WHERE changes() > 0")
      .bind(at, request.requester.email, request.requester.name || null, `org:${orgId}`, JSON.stringify({ appId: request.appId, appName: request.appName })),
  ]);
  const row = (inserted?.results[0] as RequestRow | undefined) ?? null;
  if (row) return { request: toRequest(row), created: true };
  const open = await db
    .prepare("SELECT * FROM org_app_requests WHERE org_id = ? AND app_id = ? AND requester_user_id = ? AND status = 'pending'")
    .bind(orgId, request.appId, request.requester.userId)
    .first<RequestRow>();
  if (!open) throw new Error("A request was neither saved nor open");
  return { request: toRequest(open), created: false };
}

export type OrgAdmin = { userId: string; personId: string; email: string; name: string };
/** An admin as remembered: with their platform tokens, sealed (migration 0028; NULL for rows from before it). */
export type KnownAdmin = OrgAdmin & { sealedTokens: string | null };

/** Remembers a person as one of their organisation's admins, with their sealed tokens (at login: the keeping starts now). */
export async function rememberAdmin(db: Db, orgId: string, person: OrgAdmin, sealedTokens: string, now = new Date()): Promise<void> {
  await db
    .prepare(
      `INSERT INTO org_admins (org_id, user_id, person_id, email, name, seen_at, tokens, tokens_kept_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6)
       ON CONFLICT (org_id, user_id) DO UPDATE SET person_id = excluded.person_id, email = excluded.email, name = excluded.name, seen_at = excluded.seen_at,
         tokens = excluded.tokens, tokens_kept_at = excluded.tokens_kept_at`,
    )
    .bind(orgId, person.userId, person.personId, person.email, person.name, now.toISOString(), sealedTokens)
    .run();
}

/**
 * An admin's tokens after the platform refreshed them (the old refresh token may be spent). Only
 * over tokens still kept: tokens forgotten meanwhile (a logout, the age cap) are not brought back,
 * and `tokens_kept_at` stays the login's, so refreshing never extends the keeping.
 */
export async function keepAdminTokens(db: Db, orgId: string, userId: string, sealedTokens: string): Promise<void> {
  await db.prepare("UPDATE org_admins SET tokens = ? WHERE org_id = ? AND user_id = ? AND tokens IS NOT NULL").bind(sealedTokens, orgId, userId).run();
}

/** Forgets a person as an admin (no longer one, or their grant to App Hub is gone). */
export async function forgetAdmin(db: Db, orgId: string, userId: string): Promise<void> {
  await db.prepare("DELETE FROM org_admins WHERE org_id = ? AND user_id = ?").bind(orgId, userId).run();
}

/**
 * At logout: the person's kept tokens go (in every organisation row, though a person has one). The
 * row stays, so the admin page still knows them; without tokens they get no request messages until
 * their next login keeps new ones (decision 047).
 */
export async function forgetKeptAdminTokens(db: Db, userId: string): Promise<void> {
  await db.prepare("UPDATE org_admins SET tokens = NULL, tokens_kept_at = NULL WHERE user_id = ? AND tokens IS NOT NULL").bind(userId).run();
}

/** The Cron's clean-up: tokens kept since before `keptBefore` are deleted (listKnownAdmins already ignores them). */
export async function forgetStaleAdminTokens(db: Db, keptBefore: Date): Promise<number> {
  const result = await db
    .prepare("UPDATE org_admins SET tokens = NULL, tokens_kept_at = NULL WHERE tokens IS NOT NULL AND tokens_kept_at < ?")
    .bind(keptBefore.toISOString())
    .run();
  return result.meta.changes ?? 0;
}

/**
 * The admins the hub knows: those who logged in with the role. Who of them is one *now* is
 * ./access.server.ts's adminsNow. Tokens kept since before `keptSince` are read as none (enforced
 * here, whether or not the Cron has deleted them yet); so are tokens without a keeping time.
 */
export async function listKnownAdmins(db: Db, orgId: string, keptSince: Date): Promise<KnownAdmin[]> {
  const { results } = await db
    .prepare(
      `SELECT user_id, person_id, email, name, CASE WHEN tokens_kept_at >= ?2 THEN tokens END AS tokens
       FROM org_admins WHERE org_id = ?1 ORDER BY name`,
    )
    .bind(orgId, keptSince.toISOString())
    .all<{ user_id: string; person_id: string; email: string; name: string; tokens: string | null }>();
  return results.map((r) => ({ userId: r.user_id, personId: r.person_id, email: r.email, name: r.name, sealedTokens: r.tokens }));
}

export type AuditEntry = { id: number; at: string; actor: string; actor_name: string | null; action: string; detail: string };

/** What the audit log may be narrowed to: one app (by id), one person (as the log names them). */
export type AuditFilter = { app?: string | undefined; person?: string | undefined };

/**
 * One page of the organisation's audit log, newest first (issue 40 item 14): the statement, apart,
 * so a test can check its query plan. Each filter has its index (migration 0035), whose order is
 * the page's, so the page is read where it starts and no more (LIMIT/OFFSET; no sort, no count).
 * The app expression is written exactly as the index's, or SQLite would not use it.
 */
export function auditPageStatement(orgId: string, filter: AuditFilter, window: { offset: number; limit: number }): { sql: string; binds: unknown[] } {
  const where = ["subject = ?"];
  const binds: unknown[] = [`org:${orgId}`];
  if (filter.app !== undefined) {
    where.push("json_extract(detail, '$.appId') = ?");
    binds.push(filter.app);
  }
  if (filter.person !== undefined) {
    where.push("actor = ?");
    binds.push(filter.person);
  }
  return {
    sql: `SELECT id, at, actor, actor_name, action, detail FROM audit_log WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ? OFFSET ?`,
    binds: [...binds, window.limit, window.offset],
  };
}

export async function readAuditPage(db: Db, orgId: string, filter: AuditFilter, window: { offset: number; limit: number }): Promise<AuditEntry[]> {
  const { sql, binds } = auditPageStatement(orgId, filter, window);
  const { results } = await db
    .prepare(sql)
    .bind(...binds)
    .all<AuditEntry>();
  return results;
}

/**
 * Who and what the audit log's filters offer, from the organisation's own lists rather than its
 * log (which would mean reading every row of it): the apps it decided or was asked for, and its
 * known administrators and requesters. The page adds what its own rows name.
 */
export async function auditFilterChoices(db: Db, orgId: string): Promise<{ apps: { appId: string; appName: string | null }[]; people: { email: string; name: string }[] }> {
  const [decided, requested, admins, requesters] = await db.batch([
    db.prepare("SELECT app_id, NULL AS app_name FROM org_app_decisions WHERE org_id = ? LIMIT 500").bind(orgId),
    db.prepare("SELECT app_id, max(app_name) AS app_name FROM org_app_requests WHERE org_id = ? GROUP BY app_id LIMIT 500").bind(orgId),
    db.prepare("SELECT email, name FROM org_admins WHERE org_id = ? LIMIT 500").bind(orgId),
    db.prepare("SELECT requester_email AS email, max(requester_name) AS name FROM org_app_requests WHERE org_id = ? GROUP BY requester_email LIMIT 500").bind(orgId),
  ]);
  const apps = [...((decided?.results ?? []) as { app_id: string; app_name: string | null }[]), ...((requested?.results ?? []) as { app_id: string; app_name: string | null }[])];
  const people = [...((admins?.results ?? []) as { email: string; name: string }[]), ...((requesters?.results ?? []) as { email: string; name: string }[])];
  return { apps: apps.map((a) => ({ appId: a.app_id, appName: a.app_name })), people };
}

/**
 * The organisations (in approval mode) that approved `appId`, with what they approved: the review
 * queue's publish tells their admins when a new version asks for more (issue 29 item 6). The only
 * read across organisations, and it leaves the server only as each organisation's own message.
 */
export async function approvalsOf(db: Db, appId: string): Promise<{ orgId: string; decision: OrgDecision }[]> {
  const { results } = await db
    .prepare(
      `SELECT d.* FROM org_app_decisions d JOIN org_policies p ON p.org_id = d.org_id
       WHERE d.app_id = ? AND d.status = 'approved' AND p.mode = 'approval' LIMIT 1000`,
    )
    .bind(appId)
    .all<DecisionRow & { org_id: string }>();
  return results.map((r) => ({ orgId: r.org_id, decision: toDecision(r) }));
}
