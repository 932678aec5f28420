// My Webhooks (spec §2.5, §4 "Webhooks"; docs/decisions/010): list, create and delete a person's
// incoming and outgoing webhooks, kept in D1. Creating one puts the hub's bot for that kind into
// the space (with the person's own token, so the platform's membership rules apply); an outgoing
// one also registers a platform webhook, as that bot, for messages in the space that mention it.
import type { Db } from "~/models/db.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { ADD_APP_MESSAGES } from "~/features/add-app/messages";
import { isSessionRefused, PlatformError, type PlatformClient } from "~/platform/client.server";
import type { Room } from "~/platform/schemas";
import {
  inactiveMessage,
  WEBHOOK_LIMIT,
  WEBHOOK_MESSAGES as M,
  type InactiveReason,
  type WebhookFieldErrors,
  type WebhookInput,
  type WebhookKind,
  type WebhookView,
} from "./webhook-form";
import { randomToken } from "~/lib/random-token.server";
import { botIdentity, botClient } from "./webhook-bots.server";
import { targetProblem } from "./target-url.server";
import { ensureRoomSubscription } from "./room-migration.server";
import { forgetOwnerIfIdle, recordOwnerSeen, standingOf, standingOfRow, type Standing } from "./standing.server";

type WebhookRow = {
  id: string;
  type: WebhookKind;
  user_id: string;
  room_id: string;
  room_title: string;
  display_name: string;
  token: string | null;
  webhook_url: string | null;
  signing_secret: string | null;
  platform_webhook_id: string | null;
  platform_secret: string | null;
  created_at: string;
  /** The owner's standing as last checked (standing.server.ts). */
  status: "active" | "inactive";
  status_reason: InactiveReason | null;
  standing_checked_at: number;
};
export type { WebhookRow };

export const incomingUrl = (origin: string, token: string) => `${origin}/api/hooks/incoming/${token}`;
export const outgoingTargetUrl = (origin: string, id: string) => `${origin}/api/hooks/outgoing/${id}`;

function toView(stored: WebhookRow, origin: string): WebhookView {
  // As standing.server.ts reads it: a retired reason (before issue 27) counts as active.
  const standing = standingOfRow(stored);
  const row = { ...stored, status: standing.status, status_reason: standing.reason };
  return {
    id: row.id,
    type: row.type,
    roomId: row.room_id,
    roomTitle: row.room_title,
    displayName: row.display_name,
    webhookUrl: row.type === "incoming" ? incomingUrl(origin, row.token!) : row.webhook_url!,
    signingSecret: row.signing_secret,
    createdAt: row.created_at,
    status: row.status,
    inactiveReason: row.status === "inactive" ? row.status_reason : null,
    inactiveMessage: row.status === "inactive" && row.status_reason ? inactiveMessage(row.status_reason, row.type, row.room_title) : null,
    checkedAt: row.standing_checked_at > 0 ? new Date(row.standing_checked_at).toISOString() : null,
  };
}

/** A row with the standing just checked (standing.server.ts), for showing it. */
const withStanding = (row: WebhookRow, standing: Standing, nowMs = Date.now()): WebhookRow => ({
  ...row,
  status: standing.status,
  status_reason: standing.reason,
  standing_checked_at: nowMs,
});

/** The person's webhook rows, oldest first; of one kind, or both. */
export async function listWebhookRows(db: Db, userId: string, kind?: WebhookKind): Promise<WebhookRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM webhooks WHERE user_id = ?${kind ? " AND type = ?" : ""} ORDER BY created_at, id`)
    .bind(...(kind ? [userId, kind] : [userId]))
    .all<WebhookRow>();
  return results;
}

/** The person's webhooks, oldest first; of one kind, or both; with their standing as last checked. */
export async function listWebhooks(db: Db, userId: string, origin: string, kind?: WebhookKind): Promise<WebhookView[]> {
  return (await listWebhookRows(db, userId, kind)).map((row) => toView(row, origin));
}

export { toView as webhookView };

export type CreateResult = { ok: true; webhook: WebhookView; created: boolean } | { ok: false; status: number; errors: WebhookFieldErrors; message?: string };

const findSame = (db: Db, userId: string, kind: WebhookKind, roomId: string, displayName: string) =>
  db.prepare("SELECT * FROM webhooks WHERE user_id = ? AND type = ? AND room_id = ? AND display_name = ?").bind(userId, kind, roomId, displayName).first<WebhookRow>();

const countOf = async (db: Db, userId: string) => (await db.prepare("SELECT COUNT(*) AS n FROM webhooks WHERE user_id = ?").bind(userId).first<{ n: number }>())?.n ?? 0;

/**
 * A 401 on the person's own token goes to the caller (it ends the session); every other platform
 * error, a bot's 401 included (issue 13), becomes a result.
 */
function platformFailure(error: unknown): PlatformError {
  if (!(error instanceof PlatformError) || isSessionRefused(error)) throw error;
  return error;
}

/** Logs a refused bot token as the operator's problem (never the person's; issue 13). */
function logServiceFailure(context: AppLoadContext, what: string, error: PlatformError) {
  const level = error.status === 401 || error.status === 403 || error.status >= 500 ? "error" : "warn";
  context.logger[level](what, {
    status: error.status,
    trackingId: error.trackingId,
    ...(error.status === 401 ? { hint: "the platform refused a service bot's token: check INCOMING/OUTGOING_WEBHOOKS_BOT_TOKEN" } : {}),
  });
}

/**
 * Creates a webhook, or finds the one a repeated submit already made (same person, kind, space and
 * name), so a double post never makes two. One found that way is brought back if it can be: the
 * bot is added to the space again (a member already: fine) and the standing checked now. A person has at most
 * WEBHOOK_LIMIT webhooks. `origin` is where the platform reaches this hub.
 */
export async function createWebhook(context: AppLoadContext, auth: Auth, kind: WebhookKind, input: WebhookInput, origin: string): Promise<CreateResult> {
  const { db, config, logger } = context;
  const userId = auth.user.userId;
  const existing = await findSame(db, userId, kind, input.roomId, input.displayName);
  if (existing) {
    if (kind === "outgoing" && existing.webhook_url !== input.webhookUrl) {
      return { ok: false, status: 409, errors: { displayName: M.nameTaken(input.displayName) } };
    }
    // Active or not, it goes on: adding the webhook again puts its bot back in the space (a removed
    // bot is not a standing the hub can see: decision 033) and checks the standing now.
  } else {
    if (kind === "outgoing") {
      const problem = targetProblem(input.webhookUrl!, config.webhooks.allowPrivateTargets);
      if (problem) return { ok: false, status: 400, errors: { webhookUrl: { unparseable: M.urlInvalid, private: M.urlPrivate, "not-https": M.urlHttps }[problem] } };
    }
    // Checked before anything happens at the platform; the insert below enforces it atomically.
    if ((await countOf(db, userId)) >= WEBHOOK_LIMIT) return { ok: false, status: 409, errors: {}, message: M.limit };
  }

  const client = context.platform.forPerson(auth);
  let room: Room;
  try {
    room = await client.getRoom(input.roomId);
  } catch (thrown) {
    const error = platformFailure(thrown);
    if (error.status === 404 || error.status === 400) return { ok: false, status: 400, errors: { roomId: M.room } };
    return { ok: false, status: 502, errors: {}, message: ADD_APP_MESSAGES.roomName };
  }
  // The platform would refuse the bot with a 400 that reads like an organisation's restriction.
  if (room.type === "direct") return { ok: false, status: 400, errors: { roomId: M.directSpace } };

  let bot;
  try {
    bot = await botIdentity(context, kind);
  } catch (thrown) {
    const error = platformFailure(thrown);
    logServiceFailure(context, "Unable to identify the webhook bot", error);
    return { ok: false, status: 502, errors: {}, message: ADD_APP_MESSAGES.unknown };
  }
  const joined = await addBotToRoom(client, bot.email, input.roomId);
  if (!joined.ok) {
    logger.warn("Webhook bot could not join the space", { kind, status: joined.error.status, trackingId: joined.error.trackingId });
    return { ok: false, status: joined.error.status, errors: {}, message: joinRefusal(joined.error, room, bot.name) };
  }
  // Their token just worked: keep it (sealed) so the webhooks' standing can ask about their grant.
  // Kept only while they own a webhook, hence here and after a successful insert.
  const seen = () => recordOwnerSeen(context, { userId, personId: auth.user.id, tokens: auth.tokens });

  if (existing) {
    await seen();
    const standing = await standingOf(context, existing, { force: true });
    return { ok: true, webhook: toView(withStanding(existing, standing), origin), created: false };
  }

  const id = crypto.randomUUID();
  const now = Date.now();
  const row: WebhookRow = {
    id,
    type: kind,
    user_id: userId,
    // The platform's own spelling of the id (a padded variant would not match the spaces list).
    room_id: room.id,
    room_title: room.title,
    display_name: input.displayName,
    token: kind === "incoming" ? randomToken() : null,
    webhook_url: input.webhookUrl,
    signing_secret: kind === "outgoing" ? randomToken() : null,
    platform_webhook_id: null,
    platform_secret: kind === "outgoing" ? randomToken() : null,
    created_at: new Date(now).toISOString(),
    // The bot just joined with the owner's token: the owner stands, as of now.
    status: "active",
    status_reason: null,
    standing_checked_at: now,
  };
  if (kind === "outgoing") {
    try {
      const registered = await botClient(context, "outgoing").createWebhook({
        name: `App Hub outgoing webhook ${id}`,
        targetUrl: outgoingTargetUrl(origin, id),
        resource: "messages",
        event: "created",
        filter: new URLSearchParams({ roomId: room.id, mentionedPeople: "me" }).toString(),
        secret: row.platform_secret!,
      });
      row.platform_webhook_id = registered.id;
    } catch (thrown) {
      if (!(thrown instanceof PlatformError)) throw thrown;
      logServiceFailure(context, "Registering the platform webhook failed", thrown);
      return { ok: false, status: 502, errors: {}, message: ADD_APP_MESSAGES.unknown };
    }
  }
  // Inserted only while the person is under the limit (two creates at once cannot both pass).
  const inserted = await db
    .prepare(
      `INSERT INTO webhooks (id, type, user_id, room_id, room_title, display_name, token, webhook_url, signing_secret, platform_webhook_id, platform_secret, created_at, status, status_reason, standing_checked_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15
     WHERE (SELECT COUNT(*) FROM webhooks WHERE user_id = ?3) < ?16
     ON CONFLICT (user_id, type, room_id, display_name) DO NOTHING`,
    )
    .bind(
      row.id,
      row.type,
      row.user_id,
      row.room_id,
      row.room_title,
      row.display_name,
      row.token,
      row.webhook_url,
      row.signing_secret,
      row.platform_webhook_id,
      row.platform_secret,
      row.created_at,
      row.status,
      row.status_reason,
      row.standing_checked_at,
      WEBHOOK_LIMIT,
    )
    .run();
  if (inserted.meta.changes === 0) {
    // Two identical submits raced and the other one won, or the limit was reached meanwhile.
    // Either way undo ours on the platform.
    if (row.platform_webhook_id) {
      // Left over upstream if this fails; the Cron's upkeep removes platform webhooks no row owns.
      await unregister(context, row.platform_webhook_id).catch((error: unknown) => logger.error("Removing a raced platform webhook failed", { message: String(error) }));
    }
    const winner = await findSame(db, userId, kind, row.room_id, input.displayName);
    if (winner) {
      await seen();
      return { ok: true, webhook: toView(winner, origin), created: false };
    }
    return { ok: false, status: 409, errors: {}, message: M.limit };
  }
  await seen();
  // The bot is in a space the hub now keeps an id of: it must hear when the space moves (decision 033).
  await ensureRoomSubscription(context, kind, origin);
  return { ok: true, webhook: toView(row, origin), created: true };
}

async function addBotToRoom(client: PlatformClient, email: string, roomId: string): Promise<{ ok: true } | { ok: false; error: PlatformError }> {
  try {
    await client.createMembership({ roomId, personEmail: email });
    return { ok: true };
  } catch (thrown) {
    const error = platformFailure(thrown);
    // Already a member (another webhook in this space): fine.
    return error.status === 409 ? { ok: true } : { ok: false, error };
  }
}

/** The add-app texts of spec §8 for why the bot could not join the space. */
function joinRefusal(error: PlatformError, room: Room, botName: string): string {
  // One status, two reasons (as for adding a bot): a locked space, or an org that turned it off.
  if (error.status === 403) return room.isLocked ? ADD_APP_MESSAGES.locked : ADD_APP_MESSAGES.poweredDown(botName);
  if (error.status === 400) return ADD_APP_MESSAGES.restricted;
  return ADD_APP_MESSAGES.unknown;
}

async function unregister(context: AppLoadContext, platformWebhookId: string): Promise<void> {
  try {
    await botClient(context, "outgoing").deleteWebhook(platformWebhookId);
  } catch (error) {
    // Already gone upstream is what we wanted.
    if (!(error instanceof PlatformError && error.status === 404)) throw error;
  }
}

export type DeleteResult = { ok: true; webhook: WebhookView } | { ok: false; status: number; message: string };

/**
 * Deletes one of the person's webhooks: its URL stops working at once (incoming), or the platform
 * webhook and any pending retries go with it (outgoing). Another person's webhook, an unknown id
 * and one already deleted are all "not found" (404): never a success that deleted nothing, and
 * nothing that tells one person whether another's id exists.
 */
export async function deleteWebhook(context: AppLoadContext, auth: Auth, kind: WebhookKind, id: string, origin: string): Promise<DeleteResult> {
  const { db, logger } = context;
  const row = await db.prepare("SELECT * FROM webhooks WHERE id = ? AND user_id = ? AND type = ?").bind(id, auth.user.userId, kind).first<WebhookRow>();
  if (!row) return { ok: false, status: 404, message: M.notFound };
  if (row.platform_webhook_id) {
    try {
      await unregister(context, row.platform_webhook_id);
    } catch (error) {
      logger.error("Removing the platform webhook failed", { message: String(error) });
      return { ok: false, status: 502, message: ADD_APP_MESSAGES.unknown };
    }
  }
  await db.batch([db.prepare("DELETE FROM webhook_deliveries WHERE webhook_id = ?").bind(row.id), db.prepare("DELETE FROM webhooks WHERE id = ?").bind(row.id)]);
  // The owner's sealed tokens are kept only while they own a webhook.
  await forgetOwnerIfIdle(db, row.user_id);
  return { ok: true, webhook: toView(row, origin) };
}
