// The Cron Trigger handler (wrangler.toml [triggers], every minute). Two jobs, each failing alone:
// - spec §9 health monitor (interval 60000 ms): checks each upstream service and records the
//   latest state in D1 for /healthz;
// - webhook upkeep (docs/decisions/010): outgoing deliveries due for a retry, and the outgoing
//   bot's platform webhooks revived when the platform set them inactive (issue 13). (Incoming posts
//   are counted by the RATE_LIMIT_WEBHOOK binding, which needs no upkeep; docs/decisions/013.), and
//   the bots' rooms/migrated platform webhooks kept, with received room moves applied again
//   (issue 27 item 9, decision 033);
// - insights rollups (docs/decisions/038): today's and yesterday's counts of ratings, the review
//   queue and update deliveries, recomputed from their own tables;
// - organisation admins' kept platform tokens older than a login can last are deleted (decision 047,
//   issue 40 item 11; they are never used once that old, so the minute this runs does not matter);
// - publisher API tokens made before migration 0032 given their expiry (decision 025, issue 40 item 2).
import { portalConfigFor } from "../app/lib/config.server";
import { createLogger, type LogLevel } from "../app/lib/logger.server";
import { recordHealth, runHealthChecks } from "../app/features/health/health.server";
import { retryDueDeliveries } from "../app/features/webhooks/outgoing.server";
import { reviveOutgoingWebhooks } from "../app/features/webhooks/revival.server";
import { keepRoomSubscriptions } from "../app/features/webhooks/room-migration.server";
import { createPlatformServices } from "../app/platform/services.server";
import { refreshRollups } from "../app/features/insights/rollup.server";
import { adminTokensKeptSince } from "../app/features/org-policy/access.server";
import { forgetStaleAdminTokens } from "../app/features/org-policy/store.server";
import { stampMissingExpiries } from "../app/features/publisher-api/tokens.server";

export async function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const logger = createLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "info");
  const config = portalConfigFor(env);
  // No D1 session here: the binding itself always reaches the primary (docs/decisions/017), which
  // the upkeep's read-then-update steps want.
  const hooks = { env, db: env.DB, config, logger, platform: createPlatformServices({ config, logger }), waitUntil: (promise: Promise<unknown>) => ctx.waitUntil(promise) };
  const webhooks = Promise.all([
    retryDueDeliveries(hooks).catch((error) => logger.error("Webhook upkeep failed (retries)", { error: String(error) })),
    reviveOutgoingWebhooks(hooks).catch((error) => logger.error("Webhook upkeep failed (revival)", { error: String(error) })),
    keepRoomSubscriptions(hooks).catch((error) => logger.error("Webhook upkeep failed (room migrations)", { error: String(error) })),
  ]);
  const insights = refreshRollups(env.DB, new Date(controller.scheduledTime)).catch((error) => logger.error("Insights rollups failed", { error: String(error) }));
  // One indexed UPDATE over the rows still holding tokens (migration 0033's partial index).
  const keptTokens = forgetStaleAdminTokens(env.DB, adminTokensKeptSince(config, controller.scheduledTime)).catch((error) =>
    logger.error("Forgetting stale admin tokens failed", { error: String(error) }),
  );
  // Tokens made before migration 0032 get their expiry here, 90 days from the first run after it
  // (decision 025): the migration has no clock the tests' clock reaches; this run's scheduledTime does.
  const tokens = stampMissingExpiries(env.DB, new Date(controller.scheduledTime))
    .then((n) => (n > 0 ? logger.info("Publisher tokens given an expiry", { tokens: n }) : undefined))
    .catch((error) => logger.error("Stamping publisher token expiries failed", { error: String(error) }));
  const services = await runHealthChecks(env, config.platform.apiBase);
  const down = Object.entries(services).filter(([, s]) => !s.ok);
  if (down.length) logger.warn("Health check: services down", { services: down.map(([name, s]) => `${name}: ${s.error ?? "down"}`).join("; ") });
  // D1 down: nothing to record into; /healthz checks D1 live anyway. Awaited (not waitUntil) so the
  // run ends only once the result is stored.
  if (services.d1?.ok) await recordHealth(env.DB, services).catch((error) => logger.error("Recording health failed", { error: String(error) }));
  await Promise.all([webhooks, insights, keptTokens, tokens]);
}
