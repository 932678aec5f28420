// The rollups (docs/decisions/038): the insights queue's consumer adds a batch of events to the daily
// tables of migration 0026 in one D1 batch, and the Cron Trigger counts what other tables already
// record (published reviews, the review queue, update deliveries) for today and yesterday.
import { z } from "zod";
import { createLogger, type LogLevel } from "~/lib/logger.server";
import type { Db } from "~/models/db.server";
import { APP_MEASURES, QUERY_MAX, type AppMeasure, type InsightsMessage } from "./events";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const app = z.string().min(1).max(200);
const query = z.string().min(1).max(QUERY_MAX + 40);
const eventSchema = z.union([
  z.object({ kind: z.enum(APP_MEASURES), app, query: query.optional() }),
  z.object({ kind: z.literal("search"), query, results: z.number().int().min(0).max(10_000_000) }),
]);
/** A message as the consumer reads it back (it may outlive a deploy that changed its shape). */
export const insightsMessageSchema = z.object({ v: z.literal(1), day, events: z.array(eventSchema).max(100) }) satisfies z.ZodType<InsightsMessage>;

type Counts = Record<AppMeasure, number>;
const zero = (): Counts => Object.fromEntries(APP_MEASURES.map((m) => [m, 0])) as Counts;

/** What one batch adds: per app and day, per day (the marketplace), per query and day, per app, query and day. */
export type Rollup = {
  apps: Map<string, { app: string; day: string; counts: Counts }>;
  market: Map<string, { day: string; counts: Counts; searches: number; empty: number }>;
  searches: Map<string, { day: string; query: string; searches: number; results: number | null; opens: number }>;
  appSearches: Map<string, { app: string; day: string; query: string; opens: number }>;
};

const key = (...parts: string[]) => parts.join("\u0000");

/** Adds up the events of many messages: pure, so the counts can be checked against what was sent. */
export function aggregate(messages: readonly InsightsMessage[]): Rollup {
  const r: Rollup = { apps: new Map(), market: new Map(), searches: new Map(), appSearches: new Map() };
  const market = (d: string) => {
    let m = r.market.get(d);
    if (!m) r.market.set(d, (m = { day: d, counts: zero(), searches: 0, empty: 0 }));
    return m;
  };
  const search = (d: string, q: string) => {
    let s = r.searches.get(key(d, q));
    if (!s) r.searches.set(key(d, q), (s = { day: d, query: q, searches: 0, results: null, opens: 0 }));
    return s;
  };
  for (const message of messages) {
    const d = message.day;
    for (const e of message.events) {
      if (e.kind === "search") {
        const s = search(d, e.query);
        s.searches++;
        // The last search's count: a query's results change only with the catalogue.
        s.results = e.results;
        const m = market(d);
        m.searches++;
        if (e.results === 0) m.empty++;
        continue;
      }
      let a = r.apps.get(key(e.app, d));
      if (!a) r.apps.set(key(e.app, d), (a = { app: e.app, day: d, counts: zero() }));
      a.counts[e.kind]++;
      market(d).counts[e.kind]++;
      if (e.kind === "search_opens" && e.query) {
        search(d, e.query).opens++;
        const k = key(e.app, d, e.query);
        const as = r.appSearches.get(k) ?? { app: e.app, day: d, query: e.query, opens: 0 };
        as.opens++;
        r.appSearches.set(k, as);
      }
    }
  }
  return r;
}

const addAll = APP_MEASURES.map((m) => `${m} = ${m} + excluded.${m}`).join(", ");
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(", ");

/** The upserts of a rollup: one statement per row touched, added to what is there. */
export function rollupStatements(db: Db, r: Rollup): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  for (const a of r.apps.values()) {
    out.push(
      db
        .prepare(`INSERT INTO insights_app_daily (app_id, day, ${APP_MEASURES.join(", ")}) VALUES (${placeholders(APP_MEASURES.length + 2)}) ON CONFLICT (app_id, day) DO UPDATE SET ${addAll}`)
        .bind(a.app, a.day, ...APP_MEASURES.map((m) => a.counts[m])),
    );
  }
  for (const m of r.market.values()) {
    out.push(
      db
        .prepare(
          `INSERT INTO insights_market_daily (day, searches, searches_empty, ${APP_MEASURES.join(", ")}) VALUES (${placeholders(APP_MEASURES.length + 3)})
           ON CONFLICT (day) DO UPDATE SET searches = searches + excluded.searches, searches_empty = searches_empty + excluded.searches_empty, ${addAll}`,
        )
        .bind(m.day, m.searches, m.empty, ...APP_MEASURES.map((k) => m.counts[k])),
    );
  }
  for (const s of r.searches.values()) {
    out.push(
      db
        .prepare(
          `INSERT INTO insights_search_daily (day, query, searches, results, opens) VALUES (?1, ?2, ?3, ?4, ?5)
           ON CONFLICT (day, query) DO UPDATE SET searches = searches + excluded.searches, opens = opens + excluded.opens,
             results = CASE WHEN ?6 THEN excluded.results ELSE results END`,
        )
        .bind(s.day, s.query, s.searches, s.results ?? 0, s.opens, s.results === null ? 0 : 1),
    );
  }
  for (const s of r.appSearches.values()) {
    out.push(
      db
        .prepare("INSERT INTO insights_app_search_daily (app_id, day, query, opens) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (app_id, day, query) DO UPDATE SET opens = opens + excluded.opens")
        .bind(s.app, s.day, s.query, s.opens),
    );
  }
  return out;
}

/**
 * The consumer of the insights queue: every readable message of the batch, added up and written in
 * ONE D1 batch (one transaction), then acknowledged. When the write fails, the whole batch is
 * retried by the queue (nothing of it was written). An unreadable message is logged and dropped:
 * retrying cannot make it readable, and it holds only counts.
 */
export async function consumeInsightsBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const logger = createLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "info");
  const messages: InsightsMessage[] = [];
  for (const message of batch.messages) {
    const parsed = insightsMessageSchema.safeParse(message.body);
    if (parsed.success) messages.push(parsed.data);
    else logger.warn("An insights queue message could not be read (dropped)", { messageId: message.id, issue: parsed.error.issues[0]?.message });
  }
  const statements = rollupStatements(env.DB, aggregate(messages));
  if (statements.length) await env.DB.batch(statements);
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
 * Once a day (the run at 03:07 UTC) rows older than KEEP_DAYS are deleted.
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
  }
  await db.batch(statements);
}
