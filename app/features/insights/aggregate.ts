// Adding up insight events (docs/decisions/038): pure, so the unit tests check the counts against
// the events, and the seed generator (scripts/seed-insights.ts) writes its 90 days the same way the
// queue's consumer does. Imports carry their .ts extension so Node runs this file as it is.
import { APP_MEASURES, type AppMeasure, type InsightsMessage } from "./events.ts";

type Counts = Record<AppMeasure, number>;
const zero = (): Counts => Object.fromEntries(APP_MEASURES.map((m) => [m, 0])) as Counts;

/** What one batch adds: per app and day, per day (the marketplace), per query and day, per app, query and day. */
export type Rollup = {
  apps: Map<string, { app: string; day: string; counts: Counts }>;
  market: Map<string, { day: string; counts: Counts; searches: number; empty: number }>;
  /** `browsers`: one bit per browser bucket that searched it (events.ts BROWSER_BUCKETS; issue 40 item 8). */
  searches: Map<string, { day: string; query: string; searches: number; results: number | null; opens: number; browsers: number }>;
  appSearches: Map<string, { app: string; day: string; query: string; opens: number }>;
};

const key = (...parts: string[]) => parts.join("\u0000");

/** A bucket's bit (up to 2^47: beyond JS's 32-bit operators, within its exact integers and SQLite's). */
const bit = (bucket: number) => 2 ** bucket;
/** The bitmap with the bucket's bit set. */
const withBit = (bits: number, bucket: number) => (Math.floor(bits / bit(bucket)) % 2 === 1 ? bits : bits + bit(bucket));

/**
 * How many browser buckets a bitmap holds: a lower bound on the distinct browsers (two in one bucket
 * count once), so the floor errs on the side of hiding.
 */
export function browsersIn(bits: number): number {
  let n = 0;
  for (let rest = bits; rest > 0; rest = Math.floor(rest / 2)) n += rest % 2;
  return n;
}

/** The map's entry under `k`, made and stored first when there is none. */
function entry<V>(map: Map<string, V>, k: string, make: () => V): V {
  const found = map.get(k);
  if (found) return found;
  const made = make();
  map.set(k, made);
  return made;
}

/** Adds up the events of many messages: pure, so the counts can be checked against what was sent. */
export function aggregate(messages: readonly InsightsMessage[]): Rollup {
  const r: Rollup = { apps: new Map(), market: new Map(), searches: new Map(), appSearches: new Map() };
  const market = (d: string) => entry(r.market, d, () => ({ day: d, counts: zero(), searches: 0, empty: 0 }));
  const search = (d: string, q: string) => entry(r.searches, key(d, q), () => ({ day: d, query: q, searches: 0, results: null as number | null, opens: 0, browsers: 0 }));
  for (const message of messages) {
    const d = message.day;
    for (const e of message.events) {
      if (e.kind === "search") {
        const s = search(d, e.query);
        s.searches++;
        // A search without a bucket (a message from before issue 40) adds no browser: the floor hides rather than shows.
        if (e.browser !== undefined) s.browsers = withBit(s.browsers, e.browser);
        // The last search's count: a query's results change only with the catalogue.
        s.results = e.results;
        const m = market(d);
        m.searches++;
        if (e.results === 0) m.empty++;
        continue;
      }
      const a = entry(r.apps, key(e.app, d), () => ({ app: e.app, day: d, counts: zero() }));
      a.counts[e.kind]++;
      market(d).counts[e.kind]++;
      if (e.kind === "search_opens" && e.query) {
        search(d, e.query).opens++;
        const k = key(e.app, d, e.query);
        entry(r.appSearches, k, () => ({ app: e.app, day: d, query: e.query as string, opens: 0 })).opens++;
      }
    }
  }
  return r;
}

const addAll = APP_MEASURES.map((m) => `${m} = ${m} + excluded.${m}`).join(", ");
const placeholders = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `?${i + from}`).join(", ");

export type Sql = { sql: string; params: (string | number)[] };

/** The upserts of a rollup: one statement per row touched, added to what is there. */
export function rollupSql(r: Rollup): Sql[] {
  const out: Sql[] = [];
  for (const a of r.apps.values()) {
    out.push({
      sql: `INSERT INTO insights_app_daily (app_id, day, ${APP_MEASURES.join(", ")}) VALUES (${placeholders(APP_MEASURES.length + 2)}) ON CONFLICT (app_id, day) DO UPDATE SET ${addAll}`,
      params: [a.app, a.day, ...APP_MEASURES.map((m) => a.counts[m])],
    });
  }
  for (const m of r.market.values()) {
    out.push({
      sql: `INSERT INTO insights_market_daily (day, searches, searches_empty, ${APP_MEASURES.join(", ")}) VALUES (${placeholders(APP_MEASURES.length + 3)})
           ON CONFLICT (day) DO UPDATE SET searches = searches + excluded.searches, searches_empty = searches_empty + excluded.searches_empty, ${addAll}`,
      params: [m.day, m.searches, m.empty, ...APP_MEASURES.map((k) => m.counts[k])],
    });
  }
  for (const s of r.searches.values()) {
    out.push({
      sql: `INSERT INTO insights_search_daily (day, query, searches, results, opens, browsers) VALUES (?1, ?2, ?3, ?4, ?5, ?7)
           ON CONFLICT (day, query) DO UPDATE SET searches = searches + excluded.searches, opens = opens + excluded.opens,
             results = CASE WHEN ?6 THEN excluded.results ELSE results END, browsers = browsers | excluded.browsers`,
      params: [s.day, s.query, s.searches, s.results ?? 0, s.opens, s.results === null ? 0 : 1, s.browsers],
    });
  }
  for (const s of r.appSearches.values()) {
    out.push({
      sql: "INSERT INTO insights_app_search_daily (app_id, day, query, opens) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (app_id, day, query) DO UPDATE SET opens = opens + excluded.opens",
      params: [s.app, s.day, s.query, s.opens],
    });
  }
  return out;
}
