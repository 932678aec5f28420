// The rollups (docs/decisions/038): the insights queue's consumer adds a batch of events to the daily
// tables of migration 0026 in one D1 batch, and the Cron Trigger counts what other tables already
// record (published reviews, the review queue, update deliveries) for today and yesterday.
import { z } from "zod";
import { createLogger, type LogLevel } from "~/lib/logger.server";
import type { Db } from "~/models/db.server";
import { aggregate, rollupSql, type Rollup } from "./aggregate";
import { lazySchema } from "~/lib/lazy-schema";
import { APP_MEASURES, BROWSER_BUCKETS, QUERY_MAX, type InsightsMessage, utcDay } from "./events";

/**
 * A message as the consumer reads it back (it may outlive a deploy that changed its shape). Built on
 * the first batch, not at the Worker's startup (lib/lazy-schema.ts; docs/decisions/056).
 */
export const insightsMessageSchema = lazySchema(() => {
  const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
  const app = z.string().min(1).max(200);
  const query = z
    .string()
    .min(1)
    .max(QUERY_MAX + 40);
  const eventSchema = z.union([
    z.object({ kind: z.enum(APP_MEASURES), app, query: query.optional() }),
    z.object({
      kind: z.literal("search"),
      query,
      results: z.number().int().min(0).max(10_000_000),
      browser: z
        .number()
        .int()
        .min(0)
        .max(BROWSER_BUCKETS - 1)
        .optional(),
    }),
  ]);
  return z.object({ v: z.literal(1), day, events: z.array(eventSchema).max(100) }) satisfies z.ZodType<InsightsMessage>;
});

/** The rollup's upserts as D1 statements (one per row touched; ./aggregate.ts). */
export const rollupStatements = (db: Db, r: Rollup): D1PreparedStatement[] => rollupSql(r).map((q) => db.prepare(q.sql).bind(...q.params));

/**
 * How long a handled message's id is kept (migration 0027): the queue hands a message over again
 * only while it holds it, at most its retention (4 days, the queue's default; raise this with it).
 */
export const HANDLED_MESSAGE_DAYS = 4;

/**
 * The consumer of the insights queue: every readable message of the batch that is not already
 * recorded as handled, added up and written in ONE D1 batch (one transaction) together with the
 * record of those message ids, then acknowledged. Queues deliver at least once, so a batch that
 * committed may come again (the ack lost): its messages are found in the record and add nothing.
 * A consumer that handles the same message at the same moment (between the read and the write)
 * fails on the record's primary key, writes nothing, and the queue retries its batch.
 * When the write fails, the whole batch is retried by the queue (nothing of it was written). An
 * unreadable message is logged and dropped: retrying cannot make it readable, and it holds only counts.
 */
export async function consumeInsightsBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const logger = createLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "info");
  const readable = new Map<string, InsightsMessage>();
  for (const message of batch.messages) {
    const parsed = insightsMessageSchema.safeParse(message.body);
    if (parsed.success) readable.set(message.id, parsed.data);
    else logger.warn("An insights queue message could not be read (dropped)", { messageId: message.id, issue: parsed.error.issues[0]?.message });
  }
  if (readable.size) {
    const handled = await env.DB.prepare("SELECT message_id FROM insights_handled_messages WHERE message_id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify([...readable.keys()]))
      .all<{ message_id: string }>();
    for (const { message_id } of handled.results) readable.delete(message_id);
  }
  if (readable.size) {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO insights_handled_messages (message_id, handled_on) SELECT value, ?2 FROM json_each(?1)").bind(
        JSON.stringify([...readable.keys()]),
        utcDay(new Date()),
      ),
      ...rollupStatements(env.DB, aggregate([...readable.values()])),
    ]);
  }
  batch.ackAll();
}

/** Rollup rows are kept this long; older ones are deleted once a day. */
export const KEEP_DAYS = 400;

/**
 * The Cron Trigger's part: counts of today and yesterday (UTC) recomputed from the tables that
 * already hold them, replacing what was there, so a run that failed is made good by the next:
 * - ratings per app from published (visible) reviews: count and sum of stars;
 * - the review queue: submissions received, decided, approved, and the summed time to a decision;
 * - update deliveries posted to followers, and the dead letters recorded.
 * Once a day (the run at 03:07 UTC) rows older than KEEP_DAYS are deleted, and the queue's handled
 * message ids older than HANDLED_MESSAGE_DAYS.
 */
export async function refreshRollups(db: Db, now = new Date()): Promise<void> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString();
  const statements = [
    db
      .prepare(
        `INSERT INTO insights_app_daily (app_id, day, ratings, rating_sum)
         SELECT app_id, substr(created_at, 1, 10) AS d, count(*), sum(rating) FROM reviews WHERE created_at >= ?1 AND state = 'visible' GROUP BY app_id, d
         ON CONFLICT (app_id, day) DO UPDATE SET ratings = excluded.ratings, rating_sum = excluded.rating_sum`,
      )
      .bind(since),
    db
      .prepare(
        `INSERT INTO insights_market_daily (day, submissions)
         SELECT substr(created_at, 1, 10) AS d, count(*) FROM submissions WHERE created_at >= ?1 GROUP BY d
         ON CONFLICT (day) DO UPDATE SET submissions = excluded.submissions`,
      )
      .bind(since),
    db
      .prepare(
        `INSERT INTO insights_market_daily (day, decisions, approvals, decision_seconds)
         SELECT substr(decided_at, 1, 10) AS d, count(*), sum(state = 'approved'), sum(max(0, CAST(round((julianday(decided_at) - julianday(created_at)) * 86400) AS INTEGER)))
         FROM submissions WHERE decided_at >= ?1 AND state IN ('approved', 'rejected') GROUP BY d
         ON CONFLICT (day) DO UPDATE SET decisions = excluded.decisions, approvals = excluded.approvals, decision_seconds = excluded.decision_seconds`,
      )
      .bind(since),
    db
      .prepare(
        `INSERT INTO insights_market_daily (day, deliveries_sent)
         SELECT substr(updated_at, 1, 10) AS d, count(*) FROM follow_deliveries WHERE state = 'sent' AND updated_at >= ?1 GROUP BY d
         ON CONFLICT (day) DO UPDATE SET deliveries_sent = excluded.deliveries_sent`,
      )
      .bind(since),
    db
      .prepare(
        `INSERT INTO insights_market_daily (day, dead_letters)
         SELECT substr(dead_at, 1, 10) AS d, count(*) FROM follow_dead_letters WHERE dead_at >= ?1 GROUP BY d
         ON CONFLICT (day) DO UPDATE SET dead_letters = excluded.dead_letters`,
      )
      .bind(since),
  ];
  if (now.getUTCHours() === 3 && now.getUTCMinutes() === 7) {
    const oldest = new Date(now.getTime() - KEEP_DAYS * 86_400_000).toISOString().slice(0, 10);
    for (const table of ["insights_app_daily", "insights_market_daily", "insights_search_daily", "insights_app_search_daily"]) {
      statements.push(db.prepare(`DELETE FROM ${table} WHERE day < ?1`).bind(oldest));
    }
    statements.push(db.prepare("DELETE FROM insights_handled_messages WHERE handled_on < ?1").bind(utcDay(new Date(now.getTime() - HANDLED_MESSAGE_DAYS * 86_400_000))));
  }
  await db.batch(statements);
}
