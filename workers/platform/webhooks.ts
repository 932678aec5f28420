// Platform webhooks (event subscriptions): CRUD under /v1/webhooks, owned by the token's person,
// and delivery of messages/created events signed with X-Spark-Signature (HMAC-SHA1 hex).
// Only messages/created events are emitted (what the hub's outgoing webhooks need), and
// rooms/migrated when the /_emulator/rooms/migrate control moves a space; other resources and
// events can be registered, as upstream, but never fire here. A delivery's `data`
// omits mentionedPeople (read the message to be sure). As the platform: a webhook whose deliveries
// fail WEBHOOK_FAILURE_LIMIT (100) times within WEBHOOK_FAILURE_WINDOW_SECONDS (300) becomes
// inactive; PUT with status "active" revives it, but one revived within that window after it was
// disabled is disabled again by its next failure (until a delivery succeeds). A bot's webhook in a
// group space hears only messages that mention the bot, and only when its filter asks for them.
import { z } from "zod";
import { badRequest, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { intVar, json, noContent, pageFields, pageLink, parseJsonBody, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import type { PersonRow } from "./people.ts";
import { requireWebhookResourceScopes } from "./scopes.ts";

type WebhookRow = {
  uuid: string;
  owner_uuid: string;
  client_id: string | null;
  name: string;
  target_url: string;
  resource: string;
  event: string;
  filter: string | null;
  secret: string | null;
  status: "active" | "inactive";
  failures: number;
  failure_window_start: number | null;
  disabled_at: number | null;
  on_probation: number;
  created: string;
  owner_org_uuid: string;
  owner_type: "person" | "bot";
};

const WEBHOOK_SELECT = "SELECT w.*, p.org_uuid AS owner_org_uuid, p.type AS owner_type FROM webhooks w JOIN people p ON p.uuid = w.owner_uuid";

/** The platform's auto-disable rule, from vars (defaults: 100 failures within 5 minutes). */
export function deliveryRule(env: Pick<PlatformEnv, "WEBHOOK_FAILURE_LIMIT" | "WEBHOOK_FAILURE_WINDOW_SECONDS">): DeliveryRule {
  return { limit: intVar(env.WEBHOOK_FAILURE_LIMIT, 100), windowMs: intVar(env.WEBHOOK_FAILURE_WINDOW_SECONDS, 300) * 1000 };
}
export type DeliveryRule = { limit: number; windowMs: number };

function webhookJson(row: WebhookRow): Record<string, unknown> {
  return {
    id: encodeId("WEBHOOK", row.uuid),
    name: row.name,
    targetUrl: row.target_url,
    resource: row.resource,
    event: row.event,
    ...(row.filter ? { filter: row.filter } : {}),
    ...(row.secret ? { secret: row.secret } : {}),
    status: row.status,
    created: row.created,
    orgId: encodeId("ORGANIZATION", row.owner_org_uuid),
    createdBy: encodeId("PEOPLE", row.owner_uuid),
    ownerId: encodeId("PEOPLE", row.owner_uuid),
    ownedBy: "creator",
  };
}

const FILTER_KEYS = new Set(["roomId", "roomType", "personId", "personEmail", "mentionedPeople"]);

const filterSchema = z
  .string()
  .max(1000)
  .refine((f) => [...new URLSearchParams(f).keys()].every((k) => FILTER_KEYS.has(k)), {
    message: `filter keys must be among ${[...FILTER_KEYS].join(", ")}`,
  });
const targetUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//i.test(u), "must be an http(s) URL");

const createBody = z.object({
  name: z.string().trim().min(1).max(256),
  targetUrl,
  resource: z.enum(["messages", "memberships", "rooms", "attachmentActions", "all"]),
  // `migrated` is the rooms resource's event for a space moved to another geography (its id changes).
  event: z.enum(["created", "updated", "deleted", "migrated", "all"]),
  filter: filterSchema.optional(),
  secret: z.string().min(1).max(256).optional(),
});

const updateBody = z.object({
  name: z.string().trim().min(1).max(256),
  targetUrl,
  secret: z.string().min(1).max(256).optional(),
  // Only the platform sets a webhook inactive; a client may only ask for "active".
  status: z
    .string()
    .optional()
    .refine((status) => status === undefined || status === "active", 'can only be "active": only the platform sets a webhook inactive'),
});

/**
 * A `roomId=` filter must name a space the owner can see, as upstream ("invalid value for filter");
 * otherwise the webhook would silently never fire.
 */
async function checkFilter(db: D1Database, me: PersonRow, filter: string | undefined): Promise<void> {
  for (const [key, value] of new URLSearchParams(filter ?? "")) {
    if (key !== "roomId") continue;
    const uuid = decodeId("ROOM", value);
    const member = uuid ? await db.prepare("SELECT 1 AS x FROM memberships WHERE person_uuid = ? AND room_uuid = ?").bind(me.uuid, uuid).first() : null;
    if (!member) throw badRequest("Invalid value for filter: roomId is not a space the caller can see.");
  }
}

async function ownWebhook(c: Ctx, me: PersonRow): Promise<WebhookRow> {
  const uuid = decodeId("WEBHOOK", c.params.id!);
  const row = uuid ? await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ? AND w.owner_uuid = ?`).bind(uuid, me.uuid).first<WebhookRow>() : null;
  if (!row) throw notFound();
  return row;
}

export async function createWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  const body = await parseJsonBody(c, createBody);
  requireWebhookResourceScopes(c.auth?.scopes ?? [], body.resource);
  await checkFilter(c.db, me, body.filter);
  const uuid = crypto.randomUUID();
  await c.db
    .prepare("INSERT INTO webhooks (uuid, owner_uuid, name, target_url, resource, event, filter, secret, status, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)")
    .bind(uuid, me.uuid, body.name, body.targetUrl, body.resource, body.event, body.filter || null, body.secret ?? null, new Date().toISOString())
    .run();
  const row = await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ?`).bind(uuid).first<WebhookRow>();
  return json(webhookJson(row!));
}

/** The platform's page size for webhooks: 100 by default and at most. */
const WEBHOOKS_MAX = 100;

export async function listWebhooks(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, z.object(pageFields(WEBHOOKS_MAX, WEBHOOKS_MAX)));
  const { results } = await c.db
    .prepare(`${WEBHOOK_SELECT} WHERE w.owner_uuid = ? ORDER BY w.created, w.uuid LIMIT ? OFFSET ?`)
    .bind(me.uuid, q.max + 1, q.cursor ?? 0)
    .all<WebhookRow>();
  return json({ items: results.slice(0, q.max).map(webhookJson) }, 200, pageLink(c.url, q, results.length));
}

export async function getWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  return json(webhookJson(await ownWebhook(c, me)));
}

export async function updateWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  const row = await ownWebhook(c, me);
  const body = await parseJsonBody(c, updateBody);
  // Setting an inactive webhook active revives it and starts counting afresh; revived within the
  // window after it was disabled, it is on probation: its next failure disables it again.
  const now = Date.now();
  const revived = body.status === "active" && row.status === "inactive";
  const probation = revived && row.disabled_at !== null && now - row.disabled_at <= deliveryRule(c.env).windowMs;
  await c.db
    .prepare(
      `UPDATE webhooks SET name = ?1, target_url = ?2, secret = ?3,
         status = CASE WHEN ?4 THEN 'active' ELSE status END,
         failures = CASE WHEN ?4 THEN 0 ELSE failures END,
         failure_window_start = CASE WHEN ?4 THEN NULL ELSE failure_window_start END,
         on_probation = CASE WHEN ?4 THEN ?5 ELSE on_probation END
       WHERE uuid = ?6`,
    )
    .bind(body.name, body.targetUrl, body.secret ?? row.secret, revived ? 1 : 0, probation ? 1 : 0, row.uuid)
    .run();
  return json(webhookJson((await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ?`).bind(row.uuid).first<WebhookRow>())!));
}

export async function deleteWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  const row = await ownWebhook(c, me);
  await c.db.prepare("DELETE FROM webhooks WHERE uuid = ?").bind(row.uuid).run();
  return noContent();
}

// --- Delivery ----------------------------------------------------------------------------------

type DeliveredMessage = { uuid: string; room_uuid: string; person_uuid: string; person_email: string; room_type: string; mentioned: string; created: string };

/** Whether a webhook's filter (`key=value&...`) matches a message, from the owner's point of view. */
export function filterMatches(filter: string | null, message: DeliveredMessage, ownerUuid: string): boolean {
  if (!filter) return true;
  const mentioned: string[] = JSON.parse(message.mentioned);
  for (const [key, value] of new URLSearchParams(filter)) {
    const ok =
      key === "roomId"
        ? decodeId("ROOM", value) === message.room_uuid
        : key === "roomType"
          ? value === message.room_type
          : key === "personId"
            ? decodeId("PEOPLE", value) === message.person_uuid
            : key === "personEmail"
              ? value.toLowerCase() === message.person_email.toLowerCase()
              : key === "mentionedPeople"
                ? value.split(",").some((p) => mentioned.includes(p === "me" ? ownerUuid : (decodeId("PEOPLE", p) ?? "")))
                : false;
    if (!ok) return false;
  }
  return true;
}

async function hmacSha1Hex(secret: string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(body)));
  return [...signature].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** POST /_emulator/webhooks/deactivate {id}: the platform gives up on the webhook at once. */
export async function deactivateWebhookControl(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ id: z.string().min(1) }));
  const uuid = decodeId("WEBHOOK", body.id);
  const result = uuid ? await c.db.prepare("UPDATE webhooks SET status = 'inactive', disabled_at = ?, on_probation = 0 WHERE uuid = ?").bind(Date.now(), uuid).run() : null;
  if (!result || result.meta.changes === 0) throw notFound("No webhook has this id.");
  return json(webhookJson((await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ?`).bind(uuid).first<WebhookRow>())!));
}

/**
 * A delivery's body: the platform's documented envelope, field for field (docs/platform-api.md
 * "Platform webhooks"). No `created`, `targetUrl` or `secret`: the documented delivery has none,
 * so a receiver that needs them fails here as it would upstream.
 */
export function deliveryEnvelope(hook: WebhookRow, resource: string, event: string, actorId: string, data: Record<string, unknown>): Record<string, unknown> {
  return {
    id: encodeId("WEBHOOK", hook.uuid),
    name: hook.name,
    resource,
    event,
    ...(hook.filter ? { filter: hook.filter } : {}),
    orgId: encodeId("ORGANIZATION", hook.owner_org_uuid),
    createdBy: encodeId("PEOPLE", hook.owner_uuid),
    ownedBy: "creator",
    status: hook.status,
    actorId,
    data,
  };
}

/**
 * Counts a failed delivery in the current window (a failure after the window ended starts a new
 * one); `limit` failures within a window, or any failure while on probation, make the webhook
 * inactive. A success only ends a probation: the platform counts failures in time, not in a row.
 * (SQLite evaluates every SET expression on the old row.)
 */
async function recordDelivery(db: D1Database, uuid: string, ok: boolean, rule: DeliveryRule, now = Date.now()): Promise<void> {
  if (ok) {
    await db.prepare("UPDATE webhooks SET on_probation = 0 WHERE uuid = ? AND on_probation = 1").bind(uuid).run();
    return;
  }
  const fresh = "(failure_window_start IS NULL OR ?1 - failure_window_start > ?2)";
  const disable = `(on_probation = 1 OR (CASE WHEN ${fresh} THEN 1 ELSE failures + 1 END) >= ?3)`;
  await db
    .prepare(
      `UPDATE webhooks SET
         failures = CASE WHEN ${fresh} THEN 1 ELSE failures + 1 END,
         failure_window_start = CASE WHEN ${fresh} THEN ?1 ELSE failure_window_start END,
         status = CASE WHEN ${disable} THEN 'inactive' ELSE status END,
         disabled_at = CASE WHEN ${disable} AND status = 'active' THEN ?1 ELSE disabled_at END,
         on_probation = CASE WHEN ${disable} THEN 0 ELSE on_probation END
       WHERE uuid = ?4`,
    )
    .bind(now, rule.windowMs, rule.limit, uuid)
    .run();
}

/**
 * Whether a bot may see a message at all: in a group space only one that mentions it (as upstream:
 * `GET /v1/messages/{id}` is a 404 otherwise). People, and everyone in direct spaces, see everything.
 */
export function ownerReceives(owner: { uuid: string; type: string }, message: { room_type: string; mentioned: string }): boolean {
  return owner.type !== "bot" || message.room_type !== "group" || (JSON.parse(message.mentioned) as string[]).includes(owner.uuid);
}

/**
 * Whether a webhook's owner is sent this message: what the owner may see, and for a bot in a group
 * space only through a webhook that asks for its mentions (`mentionedPeople=me` or its own id), as
 * the platform's bots must ask when they list a group space's messages. The emulator's reading
 * (README "Fidelity"): a bot webhook without that filter hears nothing in group spaces here.
 */
export function deliveredTo(hook: { owner_uuid: string; owner_type: string; filter: string | null }, message: DeliveredMessage): boolean {
  if (!ownerReceives({ uuid: hook.owner_uuid, type: hook.owner_type }, message)) return false;
  if (hook.owner_type === "bot" && message.room_type === "group") {
    const asked = new URLSearchParams(hook.filter ?? "").getAll("mentionedPeople").flatMap((v) => v.split(","));
    if (!asked.some((p) => p === "me" || decodeId("PEOPLE", p) === hook.owner_uuid)) return false;
  }
  return filterMatches(hook.filter, message, hook.owner_uuid);
}

/**
 * POSTs a messages/created event to every matching active webhook of the room's members (bots in
 * group spaces only when mentioned). A non-2xx answer, a network error or a time-out counts as a
 * failed delivery (recordFailure).
 */
export async function dispatchMessageCreated(db: D1Database, message: DeliveredMessage, messageBody: Record<string, unknown>, rule: DeliveryRule): Promise<void> {
  const { results } = await db
    .prepare(
      `${WEBHOOK_SELECT} JOIN memberships m ON m.person_uuid = w.owner_uuid AND m.room_uuid = ?
       WHERE w.status = 'active' AND w.resource IN ('messages', 'all') AND w.event IN ('created', 'all')`,
    )
    .bind(message.room_uuid)
    .all<WebhookRow>();
  const data = {
    id: messageBody.id,
    roomId: messageBody.roomId,
    roomType: messageBody.roomType,
    personId: messageBody.personId,
    personEmail: messageBody.personEmail,
    // No mentionedPeople, as upstream deliveries may omit it: receivers read the message.
    ...(messageBody.parentId ? { parentId: messageBody.parentId } : {}),
    created: messageBody.created,
  };
  await Promise.all(
    results
      .filter((hook) => deliveredTo(hook, message))
      .map((hook) => deliverTo(db, hook, deliveryEnvelope(hook, "messages", "created", encodeId("PEOPLE", message.person_uuid), data), rule)),
  );
}

/**
 * One signed POST of an envelope to a webhook's target, counted as a success or failure
 * (recordDelivery): a non-2xx answer, a network error or a 10 s time-out fails.
 */
async function deliverTo(db: D1Database, hook: WebhookRow, envelope: Record<string, unknown>, rule: DeliveryRule): Promise<boolean> {
  const body = JSON.stringify(envelope);
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (hook.secret) headers["X-Spark-Signature"] = await hmacSha1Hex(hook.secret, body);
  let ok = false;
  try {
    const res = await fetch(hook.target_url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    ok = res.ok;
    if (!res.ok) console.warn(`webhook ${hook.name}: ${hook.target_url} answered ${res.status}`);
    await res.body?.cancel();
  } catch (error) {
    console.warn(`webhook ${hook.name}: delivery to ${hook.target_url} failed: ${(error as Error).message}`);
  }
  await recordDelivery(db, hook.uuid, ok, rule);
  return ok;
}

/**
 * A `roomId=` filter that named the migrated room names the new one (README "Fidelity": the
 * platform's behaviour is not documented; the hub registers its own again either way).
 */
export function migratedFilter(filter: string, oldUuid: string, newUuid: string): string | null {
  const params = new URLSearchParams(filter);
  const roomId = params.get("roomId");
  if (!roomId || decodeId("ROOM", roomId) !== oldUuid) return null;
  params.set("roomId", encodeId("ROOM", newUuid));
  return params.toString();
}

/**
 * POSTs a rooms/migrated event to every active `rooms` (or `all`) webhook, event `migrated` (or
 * `all`), of the moved room's members whose `roomId=` filter, if any, names the room. `data` is the
 * room under its new id plus `previousRoomId`, the old id: the platform documents the event ("A room
 * was migrated to a different geography. The roomId has changed.") but not its `data` (README
 * "Fidelity"). Resolves once every delivery was answered; the number of successful deliveries.
 */
export async function dispatchRoomMigrated(db: D1Database, newUuid: string, data: Record<string, unknown>, actorUuid: string, rule: DeliveryRule): Promise<number> {
  const { results } = await db
    .prepare(
      `${WEBHOOK_SELECT} JOIN memberships m ON m.person_uuid = w.owner_uuid AND m.room_uuid = ?
       WHERE w.status = 'active' AND w.resource IN ('rooms', 'all') AND w.event IN ('migrated', 'all')`,
    )
    .bind(newUuid)
    .all<WebhookRow>();
  const matching = results.filter((hook) => {
    const roomId = new URLSearchParams(hook.filter ?? "").get("roomId");
    return roomId === null || decodeId("ROOM", roomId) === newUuid;
  });
  const delivered = await Promise.all(matching.map((hook) => deliverTo(db, hook, deliveryEnvelope(hook, "rooms", "migrated", encodeId("PEOPLE", actorUuid), data), rule)));
  return delivered.filter(Boolean).length;
}
