// Platform webhooks (event subscriptions): CRUD under /v1/webhooks, owned by the token's person,
// and delivery of messages/created events signed with X-Spark-Signature (HMAC-SHA1 hex).
// Only messages/created events are emitted (what the hub's outgoing webhooks need); other
// resources and events can be registered, as upstream, but never fire here. A delivery's `data`
// omits mentionedPeople (read the message to be sure). A webhook whose deliveries fail
// WEBHOOK_FAILURE_LIMIT times in a row becomes inactive; PUT with status "active" revives it.
import { z } from "zod";
import { notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, noContent, parseJsonBody } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import type { PersonRow } from "./people.ts";

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
  created: string;
  owner_org_uuid: string;
};

const WEBHOOK_SELECT = "SELECT w.*, p.org_uuid AS owner_org_uuid FROM webhooks w JOIN people p ON p.uuid = w.owner_uuid";

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
  event: z.enum(["created", "updated", "deleted", "all"]),
  filter: filterSchema.optional(),
  secret: z.string().min(1).max(256).optional(),
});

const updateBody = z.object({
  name: z.string().trim().min(1).max(256),
  targetUrl,
  secret: z.string().min(1).max(256).optional(),
  status: z.enum(["active", "inactive"]).optional(),
});

async function ownWebhook(c: Ctx, me: PersonRow): Promise<WebhookRow> {
  const uuid = decodeId("WEBHOOK", c.params.id!);
  const row = uuid ? await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ? AND w.owner_uuid = ?`).bind(uuid, me.uuid).first<WebhookRow>() : null;
  if (!row) throw notFound();
  return row;
}

export async function createWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  const body = await parseJsonBody(c, createBody);
  const uuid = crypto.randomUUID();
  await c.db
    .prepare("INSERT INTO webhooks (uuid, owner_uuid, name, target_url, resource, event, filter, secret, status, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?)")
    .bind(uuid, me.uuid, body.name, body.targetUrl, body.resource, body.event, body.filter || null, body.secret ?? null, new Date().toISOString())
    .run();
  const row = await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.uuid = ?`).bind(uuid).first<WebhookRow>();
  return json(webhookJson(row!));
}

export async function listWebhooks(c: Ctx, me: PersonRow): Promise<Response> {
  const { results } = await c.db.prepare(`${WEBHOOK_SELECT} WHERE w.owner_uuid = ? ORDER BY w.created, w.uuid`).bind(me.uuid).all<WebhookRow>();
  return json({ items: results.map(webhookJson) });
}

export async function getWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  return json(webhookJson(await ownWebhook(c, me)));
}

export async function updateWebhook(c: Ctx, me: PersonRow): Promise<Response> {
  const row = await ownWebhook(c, me);
  const body = await parseJsonBody(c, updateBody);
  const status = body.status ?? row.status;
  // Setting it active (again) revives a webhook that went inactive and starts counting afresh.
  await c.db
    .prepare("UPDATE webhooks SET name = ?, target_url = ?, secret = ?, status = ?, failures = CASE WHEN ? = 'active' THEN 0 ELSE failures END WHERE uuid = ?")
    .bind(body.name, body.targetUrl, body.secret ?? row.secret, status, status, row.uuid)
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
  const result = uuid ? await c.db.prepare("UPDATE webhooks SET status = 'inactive' WHERE uuid = ?").bind(uuid).run() : null;
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

/** Counts a delivery: success resets the count; `limit` failures in a row make the webhook inactive. */
async function recordDelivery(db: D1Database, uuid: string, ok: boolean, limit: number): Promise<void> {
  await (ok
    ? db.prepare("UPDATE webhooks SET failures = 0 WHERE uuid = ?").bind(uuid)
    : db.prepare("UPDATE webhooks SET failures = failures + 1, status = CASE WHEN failures + 1 >= ? THEN 'inactive' ELSE status END WHERE uuid = ?").bind(limit, uuid)
  ).run();
}

/**
 * POSTs a messages/created event to every matching active webhook of the room's members. A non-2xx
 * answer, a network error or a time-out counts as a failed delivery (`failureLimit` in a row → inactive).
 */
export async function dispatchMessageCreated(db: D1Database, message: DeliveredMessage, messageBody: Record<string, unknown>, failureLimit = 5): Promise<void> {
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
      .filter((hook) => filterMatches(hook.filter, message, hook.owner_uuid))
      .map(async (hook) => {
        const body = JSON.stringify(deliveryEnvelope(hook, "messages", "created", encodeId("PEOPLE", message.person_uuid), data));
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
        await recordDelivery(db, hook.uuid, ok, failureLimit);
      }),
  );
}
