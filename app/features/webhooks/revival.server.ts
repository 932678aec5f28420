// Keeping the outgoing webhooks' platform webhooks alive (issue 13; docs/decisions/010 "Revival").
// The platform sets a webhook `inactive` once its deliveries to us have failed several times in a
// row (the hub was down, deployed badly, or slow), and sends it nothing more until someone PUTs
// `status: "active"`. Nothing told us, so an outgoing webhook went quiet for good. The Cron Trigger
// now lists the Outgoing Webhooks bot's platform webhooks once a run and:
// - revives each inactive one that belongs to an active hub webhook (PUT {name, targetUrl, secret,
//   status: "active"}, which also resets the platform's failure count), but only once it has been
//   inactive for longer than the platform's re-enable penalty (issue 27): re-enabled within 5
//   minutes of being disabled, a webhook is disabled again by its very next failure, so reviving
//   at once made a webhook whose receiver still failed flap. The first run that sees it inactive
//   notes the time (webhooks.platform_inactive_since); a run after REVIVAL_WAIT_MS revives it;
// - deletes each one no hub webhook owns any more (a create that failed half-way, a row deleted
//   while the platform was unreachable), but only when it is certainly ours: named and addressed
//   like ours, at an origin our own live webhooks use, and older than a few minutes (a create
//   registers the platform webhook just before it inserts its row).
import { PlatformError } from "~/platform/client.server";
import type { PlatformWebhook } from "~/platform/schemas";
import { botClient, type HookContext } from "./webhook-bots.server";

/**
 * How long a platform webhook stays inactive before it is revived: longer than the platform's
 * 5-minute re-enable penalty (docs/platform-api.md), counted from when a run first saw it inactive,
 * which is at or after the platform disabled it.
 */
export const REVIVAL_WAIT_MS = 6 * 60_000;

/** A platform webhook younger than this is never taken for an orphan (its row may be on its way). */
const ORPHAN_MIN_AGE_MS = 10 * 60_000;
const OURS = /^\/api\/hooks\/outgoing\/([0-9a-f-]{36})$/;

type Row = { id: string; platform_webhook_id: string; platform_secret: string | null; status: "active" | "inactive"; platform_inactive_since: number | null };

export type RevivalResult = { listed: number; revived: number; removed: number };

/** Ids compared without base64 padding (the platform's spelling may or may not pad). */
const idKey = (id: string) => id.replace(/=+$/, "");

function ourWebhookId(hook: PlatformWebhook): { origin: string; id: string } | null {
  try {
    const url = new URL(hook.targetUrl);
    const match = OURS.exec(url.pathname);
    return match && hook.name === `App Hub outgoing webhook ${match[1]}` ? { origin: url.origin, id: match[1]! } : null;
  } catch {
    return null;
  }
}

export async function reviveOutgoingWebhooks(context: HookContext, nowMs = Date.now()): Promise<RevivalResult> {
  const { db, logger } = context;
  const { results: rows } = await db
    .prepare("SELECT id, platform_webhook_id, platform_secret, status, platform_inactive_since FROM webhooks WHERE type = 'outgoing' AND platform_webhook_id IS NOT NULL")
    .all<Row>();
  if (!rows.length) return { listed: 0, revived: 0, removed: 0 };
  const client = botClient(context, "outgoing");
  let hooks: PlatformWebhook[];
  try {
    hooks = await client.listWebhooks();
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    logger.error("Listing the outgoing bot's platform webhooks failed", { status: error.status, trackingId: error.trackingId });
    return { listed: 0, revived: 0, removed: 0 };
  }
  const byPlatformId = new Map(rows.map((row) => [idKey(row.platform_webhook_id), row]));
  const rowIds = new Set(rows.map((row) => row.id));
  // Origins our own live webhooks are registered at: an orphan elsewhere may be another
  // deployment's (staging sharing the bot), and is left alone.
  const ourOrigins = new Set(
    hooks
      .filter((hook) => byPlatformId.has(idKey(hook.id)))
      .map((hook) => ourWebhookId(hook)?.origin)
      .filter(Boolean),
  );

  let revived = 0;
  let removed = 0;
  for (const hook of hooks) {
    const row = byPlatformId.get(idKey(hook.id));
    try {
      if (row) {
        const inactiveSince = (since: number | null) => db.prepare("UPDATE webhooks SET platform_inactive_since = ? WHERE id = ?").bind(since, row.id).run();
        if (hook.status !== "inactive" || row.status !== "active") {
          if (row.platform_inactive_since !== null) await inactiveSince(null);
          continue;
        }
        if (row.platform_inactive_since === null) {
          await inactiveSince(nowMs);
          logger.info("An outgoing webhook's platform webhook is inactive: revived after the platform's re-enable penalty", { webhookId: row.id });
          continue;
        }
        if (nowMs - row.platform_inactive_since < REVIVAL_WAIT_MS) continue;
        await client.updateWebhook(hook.id, { name: hook.name, targetUrl: hook.targetUrl, ...(row.platform_secret ? { secret: row.platform_secret } : {}), status: "active" });
        await inactiveSince(null);
        revived++;
        logger.warn("Revived an outgoing webhook the platform had set inactive", { webhookId: row.id });
        continue;
      }
      const ours = ourWebhookId(hook);
      const age = nowMs - Date.parse(hook.created);
      if (!ours || rowIds.has(ours.id) || !ourOrigins.has(ours.origin) || !(age > ORPHAN_MIN_AGE_MS)) continue;
      await client.deleteWebhook(hook.id);
      removed++;
      logger.info("Removed a platform webhook no outgoing webhook owns", { webhookId: ours.id });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.status === 404) continue; // gone meanwhile
      logger.error("Upkeep of a platform webhook failed", { status: error.status, trackingId: error.trackingId });
      if (error.status === 401 || error.status === 429) break; // the bot's token, or its rate: next run
    }
  }
  return { listed: hooks.length, revived, removed };
}
