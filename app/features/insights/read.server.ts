// Reads of the insights rollups (migration 0026; docs/decisions/038). Pages read these small tables
// only, never the events or the tables they were counted from.
import type { Db } from "~/models/db.server";
import { APP_MEASURES, BROWSER_BUCKETS, type AppMeasure } from "./events";
import { SMALL_COUNT, type Figure, type Window } from "./series";

export type AppDay = {
  day: string;
  ratings: number;
  rating_sum: number;
  /** All the day's ratings, for the average (of published stars, over at least 5): `ratings` may hold the exact cells only. */
  rating_count: number;
  /**
   * A day summed over several apps (a publisher's): how many of its apps' cells were 1 to 4, per
   * measure. Those cells are then left out of the measure's value, which holds the exact ones only,
   * so the day is a Figure made of parts (series.ts; issue 40 item 1).
   */
  hidden?: Partial<Record<AppMeasure | "ratings", number>>;
} & Record<AppMeasure, number>;
const COUNTED = [...APP_MEASURES, "ratings"] as const;
/**
 * SQL summing a column's cells into a Figure's two parts: `alias` the cells shown exactly (0 and
 * SMALL_COUNT or more), `alias_hidden` how many cells were 1 to 4 (issue 40 item 1).
 */
export const figureSql = (column: string, alias: string, when = "1") =>
  `coalesce(sum(CASE WHEN ${when} AND NOT (${column} BETWEEN 1 AND ${SMALL_COUNT - 1}) THEN ${column} ELSE 0 END), 0) AS ${alias}, ` +
  `coalesce(sum(CASE WHEN ${when} AND ${column} BETWEEN 1 AND ${SMALL_COUNT - 1} THEN 1 ELSE 0 END), 0) AS ${alias}_hidden`;
/**
 * SQL of a Figure's low end, what its range shows first (series.ts rangeOf: each hidden cell counted
 * as 1). Lists are ordered and filtered on this, never on the real sum: an order or a place in a list
 * decided by the real sum says on which side of a shown figure the hidden cells fall (second review
 * of issue 40, M1).
 */
export const lowSql = (alias: string) => `(${alias} + ${alias}_hidden)`;
/** SQL of a Figure's high end (each hidden cell counted as SMALL_COUNT - 1). */
export const highSql = (alias: string) => `(${alias} + ${SMALL_COUNT - 1} * ${alias}_hidden)`;
/** The Figure of a row's `alias` and `alias_hidden` columns. */
export const figureOfRow = (row: Record<string, unknown>, alias: string): Figure => ({ exact: Number(row[alias] ?? 0), hidden: Number(row[`${alias}_hidden`] ?? 0) });
const APP_COLUMNS = `day, ${APP_MEASURES.join(", ")}, ratings, rating_sum, ratings AS rating_count`;
const SUMMED = `day, ${COUNTED.map((m) => figureSql(m, m)).join(", ")}, sum(rating_sum) AS rating_sum, sum(ratings) AS rating_count`;

/** One app's days of both windows (at most 180 rows: one range of the primary key). */
export async function appDays(db: Db, appId: string, w: Window): Promise<AppDay[]> {
  const { results } = await db
    .prepare(`SELECT ${APP_COLUMNS} FROM insights_app_daily WHERE app_id = ?1 AND day BETWEEN ?2 AND ?3 ORDER BY day`)
    .bind(appId, w.from, w.to)
    .all<AppDay>();
  return results;
}

/** A publisher's apps summed per day: each measure the exact cells' sum, with the count of hidden cells beside it. */
export async function publisherDays(db: Db, slug: string, w: Window): Promise<AppDay[]> {
  const { results } = await db
    .prepare(`SELECT ${SUMMED} FROM insights_app_daily WHERE app_id IN (SELECT id FROM apps WHERE publisher_slug = ?1) AND day BETWEEN ?2 AND ?3 GROUP BY day ORDER BY day`)
    .bind(slug, w.from, w.to)
    .all<Record<string, number | string>>();
  return results.map((row) => {
    const day = { day: String(row.day), rating_sum: Number(row.rating_sum), rating_count: Number(row.rating_count), hidden: {} } as AppDay & { hidden: Record<string, number> };
    for (const m of COUNTED) {
      (day as Record<string, unknown>)[m] = Number(row[m]);
      day.hidden[m] = Number(row[`${m}_hidden`]);
    }
    return day;
  });
}

/** Each app's window totals as Figures: a total with a hidden day in it is never exact (issue 40 item 1). */
export type AppTotals = { appId: string; name: string; views: Figure; adds: Figure; connects: Figure; follows: Figure; previousViews: Figure };

/** Each of a publisher's listed apps with its window's totals (and the window before's views). */
export async function publisherApps(db: Db, slug: string, w: Window): Promise<AppTotals[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id AS appId, a.name AS name,
         ${figureSql("d.views", "window_views", "d.day >= ?2")},
         ${figureSql("d.adds", "adds", "d.day >= ?2")},
         ${figureSql("d.connects", "connects", "d.day >= ?2")},
         ${figureSql("d.follows", "follows", "d.day >= ?2")},
         ${figureSql("d.views", "previousViews", "d.day < ?2")}
       FROM apps a LEFT JOIN insights_app_daily d ON d.app_id = a.id AND d.day BETWEEN ?3 AND ?4
       WHERE a.publisher_slug = ?1 GROUP BY a.id ORDER BY ${lowSql("window_views")} DESC, a.name LIMIT 200`,
    )
    .bind(slug, w.current[0], w.from, w.to)
    .all<Record<string, unknown>>();
  return results.map((r) => ({
    appId: String(r.appId),
    name: String(r.name),
    // Not aliased "views": in ORDER BY that name would be the rollup's column, not the sum.
    views: figureOfRow(r, "window_views"),
    adds: figureOfRow(r, "adds"),
    connects: figureOfRow(r, "connects"),
    follows: figureOfRow(r, "follows"),
    previousViews: figureOfRow(r, "previousViews"),
  }));
}

export type MarketDay = AppDay & {
  searches: number;
  searches_empty: number;
  submissions: number;
  decisions: number;
  approvals: number;
  decision_seconds: number;
  deliveries_sent: number;
  dead_letters: number;
};

export async function marketDays(db: Db, w: Window): Promise<MarketDay[]> {
  const { results } = await db.prepare("SELECT * FROM insights_market_daily WHERE day BETWEEN ?1 AND ?2 ORDER BY day").bind(w.from, w.to).all<MarketDay>();
  return results.map((r) => ({ ...r, ratings: 0, rating_sum: 0, rating_count: 0 }));
}

/** An app's views of the two windows as the page shows them (issue 40 item 1); the lists are decided on these only. */
export type Mover = { appId: string; name: string; shown: { current: Figure; previous: Figure } };

/**
 * The movers' one statement (exported for its query plan in the tests): ?1 the window's first day, ?2–?3 both windows, ?4 the length of each list.
 * An app gained only when its shown ranges say so (this window's low end above the window before's
 * high end) and is ranked by the least gain they allow; losers the other way round. With exact
 * figures that is the plain difference. Decided on the real sums, "21–24" among the gainers against
 * an exact "22" said the hidden day was 3 or 4 (second review of issue 40, M1).
 */
export const MOVERS_SQL = `WITH totals AS MATERIALIZED (
    SELECT app_id, ${figureSql("views", "current_exact", "day >= ?1")}, ${figureSql("views", "previous_exact", "day < ?1")}
    FROM insights_app_daily WHERE day BETWEEN ?2 AND ?3 AND views > 0 GROUP BY app_id
  ),
  gains AS (
    SELECT *, ${lowSql("current_exact")} - ${highSql("previous_exact")} AS gain, ${lowSql("previous_exact")} - ${highSql("current_exact")} AS loss FROM totals
  ),
  listed AS (
    SELECT * FROM (SELECT 'gainers' AS list, * FROM gains WHERE gain > 0 ORDER BY gain DESC, app_id LIMIT ?4)
    UNION ALL
    SELECT * FROM (SELECT 'losers' AS list, * FROM gains WHERE loss > 0 ORDER BY loss DESC, app_id LIMIT ?4)
  )
  SELECT l.list, l.app_id AS appId, coalesce(a.name, l.app_id) AS name,
    l.current_exact, l.current_exact_hidden, l.previous_exact, l.previous_exact_hidden
  FROM listed l LEFT JOIN apps a ON a.id = l.app_id
  ORDER BY l.list, max(l.gain, l.loss) DESC, l.app_id`;

/**
 * The apps whose views changed most between the two windows: `limit` gainers and `limit` losers.
 * One scan of the views index (migration 0029: day, app and views of the rows with views) adds up
 * both windows per app once for both lists; names come from the catalogue for the listed apps only.
 * It still reads every app's views of the two windows: past tens of thousands of active apps, a
 * movers table built by the Cron Trigger would replace it (decision 038).
 */
export async function movers(db: Db, w: Window, limit = 5): Promise<{ gainers: Mover[]; losers: Mover[] }> {
  const { results } = await db.prepare(MOVERS_SQL).bind(w.current[0], w.from, w.to, limit).all<Record<string, unknown>>();
  const pick = (list: "gainers" | "losers"): Mover[] =>
    results
      .filter((r) => r.list === list)
      .map((r) => ({
        appId: String(r.appId),
        name: String(r.name),
        shown: { current: figureOfRow(r, "current_exact"), previous: figureOfRow(r, "previous_exact") },
      }));
  return { gainers: pick("gainers"), losers: pick("losers") };
}

/** Submissions waiting for a decision now, and the oldest one's time. */
export async function reviewBacklog(db: Db): Promise<{ pending: number; oldest: string | null }> {
  const row = await db
    .prepare("SELECT count(*) AS pending, min(created_at) AS oldest FROM submissions WHERE state = 'pending'")
    .first<{ pending: number; oldest: string | null }>();
  return row ?? { pending: 0, oldest: null };
}

/** A query's window as the page shows it: Figures of its daily cells (issue 40 item 1), and the most apps it found. */
export type QueryTotals = { query: string; results: number; shown: { searches: Figure; empty: Figure; opens: Figure } };

/**
 * How many browser buckets searched a query over the grouped rows: the bits of its days' bitmaps
 * or-ed together (SQLite has no bitwise-or aggregate: a max per bit). Issue 40 item 8.
 */
const BROWSERS_SQL = Array.from({ length: BROWSER_BUCKETS }, (_, b) => `max((browsers >> ${b}) & 1)`).join(" + ");

/**
 * The window's queries searched by at least SMALL_COUNT distinct browsers (fewer could be one
 * person's words; counted in buckets, aggregate.ts browsersIn, a lower bound), in
 * three lists: most searched, most searched without results, most searched without a result opened.
 * Ordered and filtered on the Figures' low ends only (lowSql): "2–8" listed because its real sum
 * reached 5 would say 5–8. "No result opened" is opens = 0 and some search with results, both said
 * by the shown cells already (a cell of 1 to 4 is never shown as 0).
 */
export async function queryLists(db: Db, w: Window, limit = 10): Promise<{ top: QueryTotals[]; empty: QueryTotals[]; unopened: QueryTotals[] }> {
  const base = `SELECT query, sum(opens) = 0 AS none_opened, sum(CASE WHEN results > 0 THEN searches ELSE 0 END) > 0 AS some_found,
      max(CASE WHEN results > 0 THEN results ELSE 0 END) AS results,
      ${figureSql("searches", "searches_shown")}, ${figureSql("CASE WHEN results = 0 THEN searches ELSE 0 END", "empty_shown")}, ${figureSql("opens", "opens_shown")}
    FROM insights_search_daily WHERE day BETWEEN ?1 AND ?2 GROUP BY query HAVING (${BROWSERS_SQL}) >= ${SMALL_COUNT}`;
  const stmt = (filter: string, order: string) => db.prepare(`SELECT * FROM (${base}) WHERE ${filter} ORDER BY ${order}, query LIMIT ?3`).bind(w.current[0], w.to, limit);
  const [top, empty, unopened] = await db.batch<Record<string, unknown>>([
    stmt("1", `${lowSql("searches_shown")} DESC`),
    stmt(`${lowSql("empty_shown")} >= ${SMALL_COUNT}`, `${lowSql("empty_shown")} DESC`),
    stmt("none_opened AND some_found", `${lowSql("searches_shown")} DESC`),
  ]);
  const totals = (rows: Record<string, unknown>[] | undefined): QueryTotals[] =>
    (rows ?? []).map((r) => ({
      query: String(r.query),
      results: Number(r.results),
      shown: { searches: figureOfRow(r, "searches_shown"), empty: figureOfRow(r, "empty_shown"), opens: figureOfRow(r, "opens_shown") },
    }));
  return { top: totals(top?.results), empty: totals(empty?.results), unopened: totals(unopened?.results) };
}

export type QueryDay = { day: string; query: string; searches: number; opens: number; results: number };

/** Daily rows of the given queries over the current window. */
export async function queryDays(db: Db, w: Window, queries: readonly string[]): Promise<QueryDay[]> {
  if (queries.length === 0) return [];
  const list = queries.slice(0, 30);
  const { results } = await db
    .prepare(
      `SELECT day, query, searches, opens, results FROM insights_search_daily WHERE day BETWEEN ?1 AND ?2 AND query IN (${list.map((_, i) => `?${i + 3}`).join(", ")}) ORDER BY day`,
    )
    .bind(w.current[0], w.to, ...list)
    .all<QueryDay>();
  return results;
}

/** A search that led to an app: its opens on the days it led there SMALL_COUNT times or more (see searchesLeadingTo). */
export type LeadingSearch = { query: string; opens: number; previous: number };

/**
 * The searches that led to an app (or a publisher's apps) in the window, each with the sum of its
 * app × query × day cells of SMALL_COUNT or more only (a Figure's exact part), listed when that is
 * at least SMALL_COUNT and ordered by it. Why not the whole Figure (issue 40, second review M1): an
 * app's day of "opened from a search" is the sum of its query cells that day, so the queries' counts
 * bound it. A hidden day of 3 made of three queries' 1s raises the queries' low ends by 3 where the
 * app's shows 1, and a query listed because its hidden cells reach 5 says as much. A query cell of 5
 * or more only ever lies in an app day of 5 or more, which is shown exactly; so these sums, their
 * order and the list say nothing of the app's hidden days. Cells of 1 to 4 are left out, uncounted
 * and unmarked (marking "and some fewer than 5" would count them again).
 */
export async function searchesLeadingTo(db: Db, scope: { appId: string } | { publisher: string }, w: Window, limit = 10): Promise<LeadingSearch[]> {
  const where = "appId" in scope ? "app_id = ?1" : "app_id IN (SELECT id FROM apps WHERE publisher_slug = ?1)";
  const { results } = await db
    .prepare(
      `SELECT query, ${figureSql("opens", "led", "day >= ?2")}, ${figureSql("opens", "previous", "day < ?2")}
       FROM insights_app_search_daily WHERE ${where} AND day BETWEEN ?3 AND ?4 GROUP BY query HAVING led >= ${SMALL_COUNT} ORDER BY led DESC, query LIMIT ?5`,
    )
    .bind("appId" in scope ? scope.appId : scope.publisher, w.current[0], w.from, w.to, limit)
    .all<Record<string, unknown>>();
  return results.map((r) => ({ query: String(r.query), opens: Number(r.led), previous: Number(r.previous) }));
}

export type AppFacts = { id: string; friendlyId: string | null; name: string; publisherSlug: string; ratingAvg: number | null; ratingCount: number };

/** The app by id or friendly id, with what its insights page needs (one indexed lookup). */
export async function appFacts(db: Db, key: string): Promise<AppFacts | null> {
  return db
    .prepare(
      "SELECT id, friendly_id AS friendlyId, name, publisher_slug AS publisherSlug, rating_avg AS ratingAvg, coalesce(rating_count, 0) AS ratingCount FROM apps WHERE id = ?1 UNION ALL SELECT id, friendly_id, name, publisher_slug, rating_avg, coalesce(rating_count, 0) FROM apps WHERE friendly_id = ?1 LIMIT 1",
    )
    .bind(key)
    .first<AppFacts>();
}
