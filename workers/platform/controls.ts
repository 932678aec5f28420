// /_emulator/* test controls (only when EMULATOR_CONTROLS is "true"; no auth): reset to the demo
// seed, faults, token expiry, a peek at a space's messages, a state summary, revoking a person's
// grant (as the platform's token page does), turning a platform webhook inactive and registering
// a hub redirect URI, migrating a space to another geography (its id changes), and making a person
// an organisation administrator or taking the role away (as the platform's admin console does).
import { z } from "zod";
import { revokeControl } from "./account.ts";
import { notFound } from "./errors.ts";
import { addFault, clearFaults } from "./faults.ts";
import type { Ctx } from "./http.ts";
import { Router, json, maxParam, parseJsonBody, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import { messageJson, roomMessages } from "./messages.ts";
import { registerRedirectUriControl } from "./oauth.ts";
import type { RoomRow } from "./rooms.ts";
import { demoStatements } from "./seed.ts";
import { deactivateWebhookControl, deliveryRule, dispatchRoomMigrated, migratedFilter } from "./webhooks.ts";
import type { PlatformReference } from "./seed.ts";

async function reset(c: Ctx): Promise<Response> {
  // Bots and catalogue applications are reference data: read them back rather than re-import.
  const [bots, applications] = await Promise.all([
    c.db.prepare("SELECT email, display_name AS name FROM people WHERE type = 'bot'").all<{ email: string; name: string }>(),
    c.db.prepare("SELECT client_id AS clientId, name FROM applications WHERE kind = 'catalogue'").all<{ clientId: string; name: string }>(),
  ]);
  const reference: PlatformReference = { bots: bots.results, applications: applications.results };
  await c.db.batch(demoStatements(reference).map((s) => c.db.prepare(s.sql).bind(...s.params)));
  return state(c);
}

async function expireTokens(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ email: z.string().email(), refresh: z.boolean().optional() }));
  const kinds = body.refresh ? "('access', 'refresh')" : "('access')";
  const result = await c.db
    .prepare(`UPDATE tokens SET expires_at = ? WHERE kind IN ${kinds} AND person_uuid = (SELECT uuid FROM people WHERE email = ? COLLATE NOCASE)`)
    .bind(Date.now() - 1, body.email)
    .run();
  return json({ expired: result.meta.changes });
}

/**
 * Stands in for an organisation administrator's bot setting: `disabled: true` turns the bot off for
 * the organisation (policy.ts), `false` turns it back on. `orgId` is the encoded id or the uuid.
 */
async function orgPolicy(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ orgId: z.string().min(1), botEmail: z.string().email(), disabled: z.boolean() }));
  const orgUuid = decodeId("ORGANIZATION", body.orgId) ?? body.orgId;
  const [org, bot] = await Promise.all([
    c.db.prepare("SELECT uuid FROM orgs WHERE uuid = ?").bind(orgUuid).first<{ uuid: string }>(),
    c.db.prepare("SELECT email FROM people WHERE email = ? COLLATE NOCASE AND type = 'bot'").bind(body.botEmail).first<{ email: string }>(),
  ]);
  if (!org) throw notFound("No organization has this id.");
  if (!bot) throw notFound("No bot has this email.");
  await c.db
    .prepare(
      body.disabled
        ? "INSERT OR IGNORE INTO org_disabled_bots (org_uuid, bot_email) VALUES (?, ?)"
        : "DELETE FROM org_disabled_bots WHERE org_uuid = ? AND bot_email = ? COLLATE NOCASE",
    )
    .bind(org.uuid, bot.email)
    .run();
  return json({ orgId: encodeId("ORGANIZATION", org.uuid), botEmail: bot.email, disabled: body.disabled });
}

/**
 * POST /_emulator/people/role {email, admin}: the organisation's administrators give the person the
 * full administrator role (`true`) or take it away (`false`), as the platform's admin console does.
 * It shows at once in people/me `roles`; tokens already issued keep working (the role is read on
 * each call, not sealed into a token). Reset restores the seed's administrators.
 */
async function personRole(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ email: z.string().email(), admin: z.boolean() }));
  const person = await c.db
    .prepare("UPDATE people SET is_org_admin = ?, last_modified = ? WHERE email = ? COLLATE NOCASE AND type = 'person' RETURNING uuid, email")
    .bind(body.admin ? 1 : 0, new Date().toISOString(), body.email)
    .first<{ uuid: string; email: string }>();
  if (!person) throw notFound("No person has this email.");
  return json({ id: encodeId("PEOPLE", person.uuid), email: person.email, admin: body.admin });
}

async function peekMessages(c: Ctx): Promise<Response> {
  const q = parseQuery(c.url, z.object({ roomId: z.string().optional(), title: z.string().optional(), max: maxParam.default(100) }));
  const room = q.roomId
    ? await c.db
        .prepare("SELECT uuid FROM rooms WHERE uuid = ?")
        .bind(decodeId("ROOM", q.roomId) ?? "")
        .first<{ uuid: string }>()
    : q.title
      ? await c.db.prepare("SELECT uuid FROM rooms WHERE title = ?").bind(q.title).first<{ uuid: string }>()
      : null;
  if (!room) throw notFound("Give the roomId (or title) of an existing space.");
  return json({ items: (await roomMessages(c.db, room.uuid, q.max)).map(messageJson) });
}

/**
 * POST /_emulator/rooms/migrate {roomId}: the platform moves the space to another geography. It gets
 * a new id (a new uuid here; README "Fidelity"); its memberships and messages follow, and so do
 * `roomId=` filters of webhooks that named it. Then every member's webhook for rooms/migrated
 * hears of it (dispatchRoomMigrated): `data` is the room under its new id, with `previousRoomId`.
 * Answers once the deliveries were answered: `{id, previousRoomId, delivered}`.
 */
async function migrateRoom(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ roomId: z.string().min(1) }));
  const oldUuid = decodeId("ROOM", body.roomId);
  const room = oldUuid ? await c.db.prepare("SELECT * FROM rooms WHERE uuid = ?").bind(oldUuid).first<RoomRow>() : null;
  if (!room) throw notFound("No space has this id.");
  const newUuid = crypto.randomUUID();
  const { results: hooks } = await c.db.prepare("SELECT uuid, filter FROM webhooks WHERE filter LIKE '%roomId=%'").all<{ uuid: string; filter: string }>();
  const moved = hooks.flatMap((hook) => {
    const filter = migratedFilter(hook.filter, room.uuid, newUuid);
    return filter ? [c.db.prepare("UPDATE webhooks SET filter = ? WHERE uuid = ?").bind(filter, hook.uuid)] : [];
  });
  await c.db.batch([
    c.db.prepare("UPDATE rooms SET uuid = ?1 WHERE uuid = ?2").bind(newUuid, room.uuid),
    c.db.prepare("UPDATE memberships SET room_uuid = ?1 WHERE room_uuid = ?2").bind(newUuid, room.uuid),
    c.db.prepare("UPDATE messages SET room_uuid = ?1 WHERE room_uuid = ?2").bind(newUuid, room.uuid),
    ...moved,
  ]);
  const id = encodeId("ROOM", newUuid);
  const previousRoomId = encodeId("ROOM", room.uuid);
  const data = {
    id,
    previousRoomId,
    ...(room.title ? { title: room.title } : {}),
    type: room.type,
    isLocked: room.is_locked === 1,
    lastActivity: room.last_activity,
    creatorId: encodeId("PEOPLE", room.creator_uuid),
    created: room.created,
    ownerId: encodeId("ORGANIZATION", room.owner_org_uuid),
  };
  const delivered = await dispatchRoomMigrated(c.db, newUuid, data, room.creator_uuid, deliveryRule(c.env));
  return json({ id, previousRoomId, delivered });
}

async function state(c: Ctx): Promise<Response> {
  const tables = [
    "orgs",
    "people",
    "applications",
    "rooms",
    "memberships",
    "messages",
    "webhooks",
    "auth_codes",
    "tokens",
    "authorizations",
    "faults",
    "org_disabled_bots",
    "vendor_states",
    "registered_redirect_uris",
  ];
  const rows = await c.db.batch(tables.map((t) => c.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`)));
  const counts = Object.fromEntries(tables.map((t, i) => [t, (rows[i]!.results[0] as { n: number }).n]));
  return json({ counts });
}

export const controls = new Router()
  .on("POST", "/_emulator/reset", reset)
  .on("POST", "/_emulator/faults", addFault)
  .on("DELETE", "/_emulator/faults", clearFaults)
  .on("POST", "/_emulator/tokens/expire", expireTokens)
  .on("POST", "/_emulator/org-policy", orgPolicy)
  .on("POST", "/_emulator/people/role", personRole)
  .on("GET", "/_emulator/messages", peekMessages)
  .on("GET", "/_emulator/state", state)
  .on("POST", "/_emulator/revoke", revokeControl)
  .on("POST", "/_emulator/webhooks/deactivate", deactivateWebhookControl)
  .on("POST", "/_emulator/rooms/migrate", migrateRoom)
  .on("POST", "/_emulator/redirect-uris", registerRedirectUriControl);
