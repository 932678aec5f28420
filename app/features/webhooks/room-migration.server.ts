// Spaces that move to another geography (issue 27 item 9; docs/decisions/033). The platform then
// gives the space a new room id and sends `rooms`/`migrated` to webhooks that asked for it. The hub
// stores room ids in incoming and outgoing webhooks, follows and organisations' request spaces; left
// alone, they name a space that no longer answers.
// - Each hub bot that is in spaces the hub cares about (incoming, outgoing, updates: a bot's webhook
//   hears only of spaces the bot is in) keeps one platform webhook for `rooms`/`migrated`
//   (`room_subscriptions`). It is registered when the bot is first put in a space through the hub
//   (at the request's origin, as outgoing webhooks are), or by the Cron Trigger (at PORTAL_URL) for
//   a bot with spaces and none; the Cron re-creates a missing one and revives an inactive one after
//   the platform's re-enable penalty, as revival.server.ts does for outgoing webhooks.
// - Deliveries come to POST /api/hooks/rooms/{bot}, signed (X-Spark-Signature, HMAC-SHA1 of the raw
//   body with the bot's secret), are recorded in `room_moves` and applied by moveRoom: ONE function
//   that moves a room id everywhere the hub keeps one. An outgoing webhook's platform webhook has a
//   `roomId=` filter that `PUT /webhooks` cannot change: a new one is registered under the new id
//   (same target and secret) and the old one deleted. Idempotent: a repeated event changes nothing.
// - The Cron Trigger applies the day's recorded moves again, so a move that failed half-way (the
//   platform refused a call) is finished within a minute or so.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readCapped } from "~/lib/read-capped";
import { sameToken } from "~/lib/constant-time.server";
import { PlatformError, type PlatformClient } from "~/platform/client.server";
import { roomMigratedEventDataSchema, webhookEventSchema, type PlatformWebhook } from "~/platform/schemas";
import { hookError } from "./hook-response.server";
import { MAX_EVENT_BYTES, hmacHex } from "./outgoing.server";
import { REVIVAL_WAIT_MS } from "./revival.server";
import { botClient, type HookContext } from "./webhook-bots.server";
import { outgoingTargetUrl } from "./webhooks.server";

export const ROOM_BOTS = ["incoming", "outgoing", "updates"] as const;
export type RoomBot = (typeof ROOM_BOTS)[number];

const isRoomBot = (value: string): value is RoomBot => (ROOM_BOTS as readonly string[]).includes(value);

/** How long received moves are applied again by the Cron Trigger. */
const MOVE_REPLAY_MS = 24 * 60 * 60_000;

export const roomEventsTarget = (origin: string, bot: RoomBot) => `${origin}/api/hooks/rooms/${bot}`;
export const roomEventsName = (bot: RoomBot) => `App Hub room migrations (${bot})`;

type Subscription = { bot: RoomBot; platform_webhook_id: string; secret: string; target_url: string; inactive_since: number | null };

function roomBotClient(context: HookContext, bot: RoomBot): PlatformClient {
  if (bot === "updates") return context.platform.updatesBot();
  return botClient(context, bot);
}

function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const idKey = (id: string) => id.replace(/=+$/, "");

function logPlatformError(context: HookContext, message: string, error: unknown, fields: Record<string, unknown> = {}): void {
  context.logger.error(message, error instanceof PlatformError ? { ...fields, status: error.status, trackingId: error.trackingId } : { ...fields, error: String(error) });
}

/** Whether the hub has put this bot in any space it keeps an id of. */
async function botHasSpaces(context: HookContext, bot: RoomBot): Promise<boolean> {
  const sql =
    bot === "updates"
      ? "SELECT 1 AS x FROM follows WHERE destination = 'space' UNION ALL SELECT 1 FROM org_policies WHERE requests_room_id IS NOT NULL LIMIT 1"
      : "SELECT 1 AS x FROM webhooks WHERE type = ? LIMIT 1";
  const statement = context.db.prepare(sql);
  return Boolean(await (bot === "updates" ? statement : statement.bind(bot)).first());
}

/**
 * Registers the bot's rooms/migrated webhook at `origin` unless it has one. One platform call the
 * first time only; a failure is logged (the Cron Trigger tries again), never thrown at the caller.
 */
/** True when this call registered it. */
export async function ensureRoomSubscription(context: HookContext, bot: RoomBot, origin: string): Promise<boolean> {
  const { db, logger } = context;
  if (await db.prepare("SELECT 1 AS x FROM room_subscriptions WHERE bot = ?").bind(bot).first()) return false;
  const secret = randomSecret();
  const targetUrl = roomEventsTarget(origin, bot);
  const client = roomBotClient(context, bot);
  let registered: PlatformWebhook;
  try {
    registered = await client.createWebhook({ name: roomEventsName(bot), targetUrl, resource: "rooms", event: "migrated", secret });
  } catch (error) {
    logPlatformError(context, "Registering a bot's room-migration webhook failed", error, { bot });
    return false;
  }
  const inserted = await db
    .prepare("INSERT INTO room_subscriptions (bot, platform_webhook_id, secret, target_url, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (bot) DO NOTHING")
    .bind(bot, registered.id, secret, targetUrl, new Date().toISOString())
    .run();
  if (inserted.meta.changes === 0) {
    // Another request registered one first: ours is not needed.
    await client.deleteWebhook(registered.id).catch((error) => logPlatformError(context, "Removing a spare room-migration webhook failed", error, { bot }));
    return false;
  }
  logger.info("Registered a bot's room-migration webhook", { bot });
  return true;
}

/**
 * The Cron Trigger's part: each bot's rooms/migrated webhook registered (a bot with spaces and
 * none), re-created (gone at the platform) or revived (inactive for longer than the platform's
 * re-enable penalty); then the day's recorded moves applied again.
 */
export async function keepRoomSubscriptions(context: HookContext, nowMs = Date.now()): Promise<{ registered: number; revived: number; recreated: number }> {
  const { db, config, logger } = context;
  const { results: rows } = await db.prepare("SELECT bot, platform_webhook_id, secret, target_url, inactive_since FROM room_subscriptions").all<Subscription>();
  const stored = new Map(rows.map((row) => [row.bot, row]));
  // New ones go where the existing ones go (the origin the platform already reaches), else PORTAL_URL.
  const origin = rows[0] ? new URL(rows[0].target_url).origin : new URL(config.url).origin;
  let registered = 0;
  let revived = 0;
  let recreated = 0;
  for (const bot of ROOM_BOTS) {
    const row = stored.get(bot);
    if (!row) {
      if (!(await botHasSpaces(context, bot))) continue;
      if (await ensureRoomSubscription(context, bot, origin)) registered++;
      continue;
    }
    const client = roomBotClient(context, bot);
    try {
      const hook = (await client.listWebhooks()).find((h) => idKey(h.id) === idKey(row.platform_webhook_id));
      if (!hook) {
        const made = await client.createWebhook({ name: roomEventsName(bot), targetUrl: row.target_url, resource: "rooms", event: "migrated", secret: row.secret });
        await db.prepare("UPDATE room_subscriptions SET platform_webhook_id = ?, inactive_since = NULL WHERE bot = ?").bind(made.id, bot).run();
        recreated++;
        logger.warn("Re-registered a bot's room-migration webhook the platform no longer had", { bot });
        continue;
      }
      const since = (value: number | null) => db.prepare("UPDATE room_subscriptions SET inactive_since = ? WHERE bot = ?").bind(value, bot).run();
      if (hook.status !== "inactive") {
        if (row.inactive_since !== null) await since(null);
        continue;
      }
      if (row.inactive_since === null) {
        await since(nowMs);
        continue;
      }
      if (nowMs - row.inactive_since < REVIVAL_WAIT_MS) continue;
      await client.updateWebhook(hook.id, { name: hook.name, targetUrl: hook.targetUrl, secret: row.secret, status: "active" });
      await since(null);
      revived++;
      logger.warn("Revived a bot's room-migration webhook the platform had set inactive", { bot });
    } catch (error) {
      logPlatformError(context, "Upkeep of a bot's room-migration webhook failed", error, { bot });
    }
  }
  await replayMoves(context, nowMs);
  return { registered, revived, recreated };
}

/** The day's recorded moves applied again, oldest first (A→B before B→C). */
async function replayMoves(context: HookContext, nowMs: number): Promise<void> {
  const { db } = context;
  await db
    .prepare("DELETE FROM room_moves WHERE received_at < ?")
    .bind(nowMs - MOVE_REPLAY_MS)
    .run();
  const { results } = await db.prepare("SELECT old_room_id, new_room_id FROM room_moves ORDER BY received_at, old_room_id").all<{ old_room_id: string; new_room_id: string }>();
  for (const move of results) await moveRoom(context, move.old_room_id, move.new_room_id);
}

export type MoveResult = { incoming: number; outgoing: number; follows: number; orgPolicies: number; pending: number };

/**
 * Moves a room id everywhere the hub stores it: incoming and outgoing webhooks (an outgoing one's
 * platform webhook registered again under the new `roomId=` filter: `PUT /webhooks` cannot change a
 * filter), follows' space destinations and organisations' request spaces. Idempotent: once moved,
 * nothing is left under the old id, and a repeat changes nothing and calls nothing. `pending`
 * counts outgoing webhooks still under the old id (the platform refused; the Cron tries again).
 */
export async function moveRoom(context: HookContext, oldId: string, newId: string): Promise<MoveResult> {
  const { db, config, logger } = context;
  if (idKey(oldId) === idKey(newId)) return { incoming: 0, outgoing: 0, follows: 0, orgPolicies: 0, pending: 0 };
  // OR IGNORE: a webhook the owner already made again in the new space under the same name keeps
  // the old row as it is (the unique name per space), rather than failing the whole move.
  const [incoming, follows, orgPolicies] = await db.batch([
    db.prepare("UPDATE OR IGNORE webhooks SET room_id = ?1 WHERE room_id = ?2 AND type = 'incoming'").bind(newId, oldId),
    db.prepare("UPDATE follows SET room_id = ?1 WHERE destination = 'space' AND room_id = ?2").bind(newId, oldId),
    db.prepare("UPDATE org_policies SET requests_room_id = ?1 WHERE requests_room_id = ?2").bind(newId, oldId),
  ]);
  const { results: outgoingRows } = await db
    .prepare("SELECT id, platform_webhook_id, platform_secret FROM webhooks WHERE room_id = ? AND type = 'outgoing'")
    .bind(oldId)
    .all<{ id: string; platform_webhook_id: string | null; platform_secret: string | null }>();
  let outgoing = 0;
  let pending = 0;
  if (outgoingRows.length) {
    const client = botClient(context, "outgoing");
    let existing: PlatformWebhook[] = [];
    try {
      existing = await client.listWebhooks();
    } catch (error) {
      logPlatformError(context, "Listing the outgoing bot's platform webhooks for a room move failed", error);
    }
    const byId = new Map(existing.map((hook) => [idKey(hook.id), hook]));
    const subscription = await db.prepare("SELECT target_url FROM room_subscriptions WHERE bot = 'outgoing'").first<{ target_url: string }>();
    const fallbackOrigin = new URL(subscription?.target_url ?? config.url).origin;
    for (const row of outgoingRows) {
      const old = row.platform_webhook_id ? byId.get(idKey(row.platform_webhook_id)) : undefined;
      try {
        const made = await client.createWebhook({
          name: `App Hub outgoing webhook ${row.id}`,
          targetUrl: old?.targetUrl ?? outgoingTargetUrl(fallbackOrigin, row.id),
          resource: "messages",
          event: "created",
          filter: new URLSearchParams({ roomId: newId, mentionedPeople: "me" }).toString(),
          ...(row.platform_secret ? { secret: row.platform_secret } : {}),
        });
        const updated = await db
          .prepare("UPDATE OR IGNORE webhooks SET room_id = ?1, platform_webhook_id = ?2, platform_inactive_since = NULL WHERE id = ?3 AND room_id = ?4")
          .bind(newId, made.id, row.id, oldId)
          .run();
        // Moved meanwhile by another delivery of the same event: ours is the spare one.
        const spare = updated.meta.changes === 0 ? made.id : row.platform_webhook_id;
        if (updated.meta.changes > 0) outgoing++;
        if (spare) {
          await client.deleteWebhook(spare).catch((error) => {
            if (!(error instanceof PlatformError) || error.status !== 404)
              logPlatformError(context, "Removing an outgoing webhook's old platform webhook failed", error, { webhookId: row.id });
          });
        }
      } catch (error) {
        pending++;
        logPlatformError(context, "Moving an outgoing webhook to its space's new id failed (the Cron Trigger tries again)", error, { webhookId: row.id });
      }
    }
  }
  const result = {
    incoming: incoming!.meta.changes,
    outgoing,
    follows: follows!.meta.changes,
    orgPolicies: orgPolicies!.meta.changes,
    pending,
  };
  if (result.incoming || result.outgoing || result.follows || result.orgPolicies || pending) logger.info("Moved a space's id (rooms/migrated)", result);
  return result;
}

/**
 * POST /api/hooks/rooms/{bot}: a rooms/migrated delivery to one of the hub's bots. The move is
 * recorded and applied after the answer; a repeat (the same move told to another bot, or sent
 * again) is recorded once and applied once.
 */
export async function handleRoomEvent(request: Request, context: AppLoadContext, bot: string): Promise<Response> {
  const { db, logger } = context;
  if (!isRoomBot(bot)) return hookError(404, "No such webhook.");
  const row = await db.prepare("SELECT secret FROM room_subscriptions WHERE bot = ?").bind(bot).first<{ secret: string }>();
  if (!row) return hookError(404, "No such webhook.");
  const bytes = request.body ? await readCapped(request.body, MAX_EVENT_BYTES) : new Uint8Array();
  if (!bytes) return hookError(413, "The event is too large.");
  const raw = new TextDecoder().decode(bytes);
  const signature = request.headers.get("X-Spark-Signature") ?? "";
  if (!sameToken(signature.toLowerCase(), await hmacHex("SHA-1", row.secret, raw))) return hookError(401, "The signature does not match.");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return hookError(400, "The event could not be read.");
  }
  const envelope = webhookEventSchema.safeParse(json);
  if (!envelope.success) return hookError(400, "The event could not be read.");
  if (envelope.data.resource !== "rooms" || envelope.data.event !== "migrated") return new Response(null, { status: 204 });
  const data = roomMigratedEventDataSchema.safeParse(envelope.data.data);
  if (!data.success) {
    // The shape is a guess (decision 033): say what came, so an operator can see the real one.
    logger.error("A rooms/migrated event without the old room id: nothing moved", { bot, dataKeys: Object.keys(envelope.data.data).join(",") });
    return new Response(null, { status: 204 });
  }
  const { id: newId, previousRoomId: oldId } = data.data;
  const recorded = await db
    .prepare("INSERT INTO room_moves (old_room_id, new_room_id, received_at) VALUES (?, ?, ?) ON CONFLICT (old_room_id) DO NOTHING")
    .bind(oldId, newId, Date.now())
    .run();
  if (recorded.meta.changes === 0) return new Response(null, { status: 204 }); // told already
  context.waitUntil(moveRoom(context, oldId, newId).catch((error) => logger.error("Moving a space's id failed", { error: String(error) })));
  return new Response(null, { status: 204 });
}
