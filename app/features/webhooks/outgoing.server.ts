// Outgoing webhooks (docs/decisions/010): the platform tells us about a message that mentions the
// Outgoing Webhooks bot in a watched space (signed with X-Spark-Signature); we POST it to the
// person's URL, signed with X-AppHub-Signature, with a time-out. A failed delivery is kept in D1
// and retried by the Cron Trigger with doubling delays; deleting the webhook drops its retries.
import type { Db } from "~/models/db.server";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Logger } from "~/lib/logger.server";
import { readCapped } from "~/lib/read-capped";
import { sameToken } from "~/lib/constant-time.server";
import { messageEventDataSchema, webhookEventSchema, type Message, type MessageEventData } from "~/platform/schemas";
import { PlatformError } from "~/platform/client.server";
import { hookError } from "./hook-response.server";
import { targetProblem } from "./target-url.server";
import { botClient, botIdentity, type HookContext } from "./webhook-bots.server";
import type { WebhookRow } from "./webhooks.server";
import { mapPool } from "~/lib/map-pool";
import { standingOf } from "./standing.server";
import type { WebhookKind } from "./webhook-form";

/** Attempts in all (the first, then retries after base, 2×base, 4×base, 8×base, 16×base). */
export const MAX_DELIVERY_ATTEMPTS = 6;
export const MAX_EVENT_BYTES = 64 * 1024;

export const SIGNATURE_HEADER = "X-AppHub-Signature";
/** Unix seconds of the attempt, signed with the body so a captured delivery cannot be replayed later. */
export const TIMESTAMP_HEADER = "X-AppHub-Timestamp";

export async function hmacHex(hash: "SHA-1" | "SHA-256", secret: string, body: string): Promise<string> {
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash }, false, ["sign"]);
  return [...new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(body)))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `sha256=` + HMAC-SHA256 hex of `<timestamp>.<body>` with the webhook's signing secret. Receivers
 * recompute it and refuse timestamps older than 5 minutes (README "Outgoing webhooks", decision 010).
 */
export async function signDelivery(secret: string, timestampSeconds: number, body: string): Promise<string> {
  return `sha256=${await hmacHex("SHA-256", secret, `${timestampSeconds}.${body}`)}`;
}

/** What the person's server receives: the webhook, and the message that mentioned the bot. */
export function deliveryBody(row: Pick<WebhookRow, "id" | "display_name" | "room_id" | "room_title">, message: Message, deliveredAt: string): string {
  return JSON.stringify({
    webhook: { id: row.id, name: row.display_name, roomId: row.room_id, roomTitle: row.room_title },
    event: "message.mentioned",
    data: {
      id: message.id,
      roomId: message.roomId,
      roomType: message.roomType,
      personId: message.personId,
      personEmail: message.personEmail,
      text: message.text ?? "",
      ...(message.markdown ? { markdown: message.markdown } : {}),
      mentionedPeople: message.mentionedPeople ?? [],
      created: message.created,
    },
    created: deliveredAt,
  });
}

const TARGET_ERRORS = { unparseable: "the URL cannot be parsed", private: "private or loopback address", "not-https": "not an https URL" } as const;

export type DeliveryOutcome = { ok: true } | { ok: false; retry: boolean; error: string };

type DeliverySettings = { deliveryTimeoutMs: number; allowPrivateTargets: boolean };

/** One POST to the person's URL. 2xx is done; 408, 429, 5xx and network errors are worth a retry. */
export async function deliver(url: string, secret: string, deliveryId: string, webhookId: string, body: string, settings: DeliverySettings): Promise<DeliveryOutcome> {
  // Checked at each call, not only at creation: config or DNS-free tricks must not reach inside,
  // and a URL stored before https was required is not used in the clear.
  const problem = targetProblem(url, settings.allowPrivateTargets);
  if (problem) return { ok: false, retry: false, error: TARGET_ERRORS[problem] };
  const target = new URL(url);
  // Each attempt is signed with its own time: a retry is fresh, a captured request goes stale.
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(target, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(settings.deliveryTimeoutMs),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "AppHub-Webhooks/1.0",
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: await signDelivery(secret, timestamp, body),
        "X-AppHub-Delivery": deliveryId,
        "X-AppHub-Webhook": webhookId,
      },
      body,
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    const retry = res.status === 408 || res.status === 429 || res.status >= 500;
    return { ok: false, retry, error: `answered ${res.status}` };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { ok: false, retry: true, error: timedOut ? `no answer within ${settings.deliveryTimeoutMs} ms` : `could not connect: ${String(error)}` };
  }
}

const nextAttemptAt = (attempts: number, baseSeconds: number, nowMs: number) => nowMs + baseSeconds * 1000 * 2 ** (attempts - 1);

/** Records a failed attempt: schedules the next, or gives up after the last. */
async function recordFailure(db: Db, logger: Logger, p: { id: string; webhookId: string; body: string; attempts: number; error: string; retry: boolean; baseSeconds: number }) {
  if (!p.retry || p.attempts >= MAX_DELIVERY_ATTEMPTS) {
    logger.warn("Outgoing webhook delivery given up", { webhookId: p.webhookId, attempts: p.attempts, error: p.error });
    await db.prepare("DELETE FROM webhook_deliveries WHERE id = ?").bind(p.id).run();
    return;
  }
  logger.info("Outgoing webhook delivery failed; will retry", { webhookId: p.webhookId, attempts: p.attempts, error: p.error });
  await db
    .prepare(
      `INSERT INTO webhook_deliveries (id, webhook_id, body, attempts, next_attempt_at, last_error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET attempts = excluded.attempts, next_attempt_at = excluded.next_attempt_at, last_error = excluded.last_error`,
    )
    .bind(p.id, p.webhookId, p.body, p.attempts, nextAttemptAt(p.attempts, p.baseSeconds, Date.now()), p.error, new Date().toISOString())
    .run();
}

/**
 * A platform delivery's message, from the documented envelope (webhookEventSchema): "unreadable"
 * when it is not one (answered 400), "other" for a resource that is not `messages`.
 */
export function readMessageEvent(raw: string): MessageEventData | "unreadable" | "other" {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return "unreadable";
  }
  const envelope = webhookEventSchema.safeParse(json);
  if (!envelope.success) return "unreadable";
  if (envelope.data.resource !== "messages") return "other";
  const data = messageEventDataSchema.safeParse(envelope.data.data);
  return data.success ? data.data : "unreadable";
}

/**
 * POST /api/hooks/outgoing/{id}: a platform delivery. Answers at once (the platform does not wait
 * for the person's server); the forwarding runs after the answer.
 */
export async function handlePlatformEvent(request: Request, context: AppLoadContext, webhookId: string): Promise<Response> {
  const { db, config, logger } = context;
  const row = await db.prepare("SELECT * FROM webhooks WHERE id = ? AND type = 'outgoing'").bind(webhookId).first<WebhookRow>();
  if (!row?.platform_secret) return hookError(404, "No such webhook.");
  const bytes = request.body ? await readCapped(request.body, MAX_EVENT_BYTES) : new Uint8Array();
  if (!bytes) return hookError(413, "The event is too large.");
  const raw = new TextDecoder().decode(bytes);
  const signature = request.headers.get("X-Spark-Signature") ?? "";
  if (!sameToken(signature.toLowerCase(), await hmacHex("SHA-1", row.platform_secret, raw))) return hookError(401, "The signature does not match.");
  const read = readMessageEvent(raw);
  if (read === "unreadable") return hookError(400, "The event could not be read.");
  // Another resource, or another space (a filter changed upstream): nothing to forward;
  // acknowledged so it is not resent.
  if (read === "other" || read.roomId !== row.room_id) return new Response(null, { status: 204 });
  const event = { data: read };

  context.waitUntil(
    (async () => {
      const bot = await botIdentity(context, "outgoing");
      // The bot's own messages are not the person's business. Whether the bot was mentioned is
      // decided from the message itself below: deliveries may omit mentionedPeople (issue 13).
      if (event.data.personId === bot.id) return;
      // Nor is anything said after they lost their standing in the space (standing.server.ts).
      const standing = await standingOf(context, row);
      if (standing.status === "inactive") {
        logger.info("Mention not forwarded: the webhook is inactive", { webhookId, reason: standing.reason });
        return;
      }
      let message: Message;
      try {
        message = await botClient(context, "outgoing").getMessage(event.data.id);
      } catch (error) {
        // A bot in a group space cannot read a message that does not mention it: the platform
        // answers 404, which says "no mention" (only a forged or stale delivery gets here).
        if (error instanceof PlatformError && error.status === 404) {
          logger.debug("Message not forwarded: the bot cannot read it (no mention)", { webhookId });
          return;
        }
        logger.error("Reading a mentioned message failed", { webhookId, status: error instanceof PlatformError ? error.status : undefined });
        return;
      }
      // Only a mention (markup in the message; plain "@Name" text is none) is forwarded.
      if (message.personId === bot.id || !(message.mentionedPeople ?? []).includes(bot.id)) {
        logger.debug("Message not forwarded: it does not mention the bot", { webhookId });
        return;
      }
      const deliveryId = `${event.data.id}:${row.id}`;
      const body = deliveryBody(row, message, new Date().toISOString());
      const outcome = await deliver(row.webhook_url!, row.signing_secret!, deliveryId, row.id, body, config.webhooks);
      if (!outcome.ok) {
        await recordFailure(db, logger, {
          id: deliveryId,
          webhookId: row.id,
          body,
          attempts: 1,
          error: outcome.error,
          retry: outcome.retry,
          baseSeconds: config.webhooks.retryBaseSeconds,
        });
      }
    })().catch((error) => logger.error("Outgoing webhook forwarding failed", { webhookId, error: String(error) })),
  );
  return new Response(null, { status: 204 });
}

/** Due retries one Cron Trigger run picks, and at most this many per webhook (fairness). */
const RETRY_BATCH = 50;
const RETRIES_PER_WEBHOOK_PER_RUN = 2;
/** Webhooks served at once: a Worker invocation has six simultaneous outgoing connections. */
const RETRY_CONCURRENCY = 6;
/** No attempt starts after this much of a run: runs are a minute apart and must not pile up. */
const RUN_BUDGET_MS = 40_000;

type DueRow = {
  id: string;
  webhook_id: string;
  body: string;
  attempts: number;
  next_attempt_at: number;
  // The webhook (all null once it is deleted).
  webhook_url: string | null;
  signing_secret: string | null;
  type: WebhookKind | null;
  user_id: string | null;
  room_id: string | null;
  status: string | null;
  status_reason: string | null;
  standing_checked_at: number | null;
};

/**
 * The Cron Trigger's part: retries what is due, fairly. Each webhook gets at most a couple of its
 * due deliveries per run (its oldest first), taken in turns across webhooks; webhooks are served
 * concurrently through a small pool; within one webhook deliveries go one after another and stop at
 * the first failure (the rest wait for the next run). So a receiver that hangs costs one time-out
 * of one pool slot per run, and every other webhook's retries go out meanwhile. A delivery is
 * leased (its next attempt moved past the time-out) before it is sent, so an overlapping run does
 * not send it twice. Deliveries of a webhook that is inactive (standing.server.ts) are dropped.
 */
export async function retryDueDeliveries(context: HookContext, nowMs = Date.now()): Promise<{ attempted: number; delivered: number }> {
  const { logger, config } = context;
  const db = context.db;
  const settings = config.webhooks;
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT d.id, d.webhook_id, d.body, d.attempts, d.next_attempt_at,
                w.webhook_url, w.signing_secret, w.type, w.user_id, w.room_id, w.status, w.status_reason, w.standing_checked_at,
                ROW_NUMBER() OVER (PARTITION BY d.webhook_id ORDER BY d.next_attempt_at, d.id) AS turn
         FROM webhook_deliveries d LEFT JOIN webhooks w ON w.id = d.webhook_id
         WHERE d.next_attempt_at <= ?1)
       WHERE turn <= ?2 ORDER BY turn, next_attempt_at, id LIMIT ?3`,
    )
    .bind(nowMs, RETRIES_PER_WEBHOOK_PER_RUN, RETRY_BATCH)
    .all<DueRow>();
  const byWebhook = new Map<string, DueRow[]>();
  for (const due of results) byWebhook.set(due.webhook_id, [...(byWebhook.get(due.webhook_id) ?? []), due]);

  const started = Date.now();
  const leaseMs = settings.deliveryTimeoutMs + 60_000;
  let attempted = 0;
  let delivered = 0;
  await mapPool([...byWebhook.values()], RETRY_CONCURRENCY, async (group) => {
    const head = group[0]!;
    if (!head.webhook_url || !head.signing_secret || !head.type || !head.user_id || !head.room_id) {
      await db.prepare("DELETE FROM webhook_deliveries WHERE webhook_id = ?").bind(head.webhook_id).run(); // the webhook is gone
      return;
    }
    const standing = await standingOf(context, {
      id: head.webhook_id,
      type: head.type,
      user_id: head.user_id,
      room_id: head.room_id,
      status: head.status ?? "active",
      status_reason: head.status_reason,
      standing_checked_at: head.standing_checked_at ?? 0,
    });
    if (standing.status === "inactive") {
      logger.info("Pending deliveries dropped: the webhook is inactive", { webhookId: head.webhook_id, reason: standing.reason });
      await db.prepare("DELETE FROM webhook_deliveries WHERE webhook_id = ?").bind(head.webhook_id).run();
      return;
    }
    for (const due of group) {
      if (Date.now() - started > RUN_BUDGET_MS) return;
      const leased = await db
        .prepare("UPDATE webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND next_attempt_at = ?")
        .bind(Date.now() + leaseMs, due.id, due.next_attempt_at)
        .run();
      if (leased.meta.changes === 0) continue; // another run has it, or it is gone
      attempted++;
      const outcome = await deliver(head.webhook_url, head.signing_secret, due.id, due.webhook_id, due.body, settings);
      if (outcome.ok) {
        delivered++;
        await db.prepare("DELETE FROM webhook_deliveries WHERE id = ?").bind(due.id).run();
        continue;
      }
      await recordFailure(db, logger, {
        id: due.id,
        webhookId: due.webhook_id,
        body: due.body,
        attempts: due.attempts + 1,
        error: outcome.error,
        retry: outcome.retry,
        baseSeconds: settings.retryBaseSeconds,
      });
      return; // this receiver is failing: its other deliveries wait for the next run
    }
  });
  return { attempted, delivered };
}
