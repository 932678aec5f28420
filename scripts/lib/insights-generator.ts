// 90 days of plausible insight events for a catalogue's apps (issue 30 "Measured"): the demo
// publishers' consoles and the hub admins' pages show real-looking charts after `npm run setup`.
// Deterministic for a seed and a day. The events go through the same adding-up as the insights
// queue's consumer (app/features/insights/aggregate.ts); what other tables already count (ratings,
// the review queue, update deliveries) is made up per day beside them, as the Cron Trigger would
// have counted it.
import { aggregate, type Rollup } from "../../app/features/insights/aggregate.ts";
import type { InsightEvent, InsightsMessage } from "../../app/features/insights/events.ts";
import { BROWSER_BUCKETS, normaliseQuery } from "../../app/features/insights/events.ts";
import { mulberry32 } from "./catalogue-generator.ts";
import type { SqlStatement } from "./catalogue-sql.ts";

export type GeneratorApp = { id: string; name: string; type: string; status: string };

/** A whole count near `mean` (Poisson-like spread for small means). */
function countNear(rnd: () => number, mean: number): number {
  if (mean <= 0) return 0;
  if (mean < 12) {
    // Knuth's Poisson sampler.
    const limit = Math.exp(-mean);
    let k = 0;
    let p = rnd();
    while (p > limit) {
      k++;
      p *= rnd();
    }
    return k;
  }
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * (rnd() + rnd() + rnd() - 1.5) * 2));
}

const DAY_MS = 86_400_000;
/** Searches that find nothing (typos and things the catalogue lacks). */
const EMPTY_QUERIES = ["helpdsk", "pixl hub", "expense reports", "payroll", "kanban for lawyers", "sign pdf"];
/** Searches whose results nobody opens. */
const UNOPENED = ["free", "ai assistant", "best app", "integration"];

export type InsightsSeed = { rollup: Rollup; days: string[]; events: number };

/** The generated days, oldest first, ending today (UTC). */
export function generateInsights({ apps, days = 90, seed = 1, now = new Date() }: { apps: readonly GeneratorApp[]; days?: number; seed?: number; now?: Date }): InsightsSeed {
  const rnd = mulberry32(seed);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayList = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const listed = apps.filter((a) => a.status === "published");
  // Popularity falls off with rank (a few apps get most views); each app has its own trend, so
  // some gain and some lose over the 90 days.
  const profiles = listed.map((app, i) => ({
    app,
    base: 160 / (((i * 7919) % listed.length) + 1) ** 0.75,
    trend: rnd() * 1.4 - 0.5,
    queries: [normaliseQuery(app.name), normaliseQuery(app.name.split(/\s+/)[0] ?? app.name)].filter(Boolean),
  }));
  const messages: InsightsMessage[] = [];
  // Each demo search from the next browser bucket in turn (not from rnd, so the other counts stay as
  // they were): a query searched 5 times or more is searched by as many browsers, up to 48.
  let browsers = 0;
  const nextBrowser = () => browsers++ % BROWSER_BUCKETS;
  let total = 0;
  dayList.forEach((day, d) => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const week = weekday === 0 || weekday === 6 ? 0.55 : 1;
    const events: InsightEvent[] = [];
    const add = (n: number, event: InsightEvent) => {
      for (let k = 0; k < n; k++) events.push(event.kind === "search" ? { ...event, browser: nextBrowser() } : event);
    };
    for (const p of profiles) {
      const mean = p.base * week * Math.max(0.1, 1 + p.trend * (d / (days - 1)));
      const views = countNear(rnd, mean);
      const app = p.app.id;
      add(views, { kind: "views", app });
      const starts = countNear(rnd, views * 0.09);
      const done = Math.min(starts, countNear(rnd, starts * 0.7));
      if (p.app.type === "integration") {
        add(starts, { kind: "connect_starts", app });
        add(done, { kind: "connects", app });
      } else {
        add(starts, { kind: "add_starts", app });
        add(done, { kind: "adds", app });
      }
      const follows = countNear(rnd, views * 0.025);
      add(follows, { kind: "follows", app });
      add(countNear(rnd, follows * 0.3), { kind: "unfollows", app });
      const fromSearch = countNear(rnd, views * 0.22);
      for (let k = 0; k < fromSearch; k++) {
        const query = p.queries[rnd() < 0.65 ? 0 : p.queries.length - 1]!;
        events.push({ kind: "search_opens", app, query });
        // The search that led here (most searches of a name end in an open).
        events.push({ kind: "search", query, results: 1 + Math.floor(rnd() * 6), browser: nextBrowser() });
        // ...but not all: some searches for it end without an open.
        if (rnd() < 0.35) events.push({ kind: "search", query, results: 1 + Math.floor(rnd() * 6), browser: nextBrowser() });
      }
    }
    for (const query of EMPTY_QUERIES) add(countNear(rnd, 9 * week), { kind: "search", query, results: 0 });
    for (const query of UNOPENED) add(countNear(rnd, 14 * week), { kind: "search", query, results: 20 + query.length * 7 });
    total += events.length;
    messages.push({ v: 1, day, events });
  });
  return { rollup: aggregate(messages), days: dayList, events: total };
}

/** The rollup as plain INSERTs (the tables emptied first), with ratings and the operations' counts made up per day. */
export function insightsStatements(seed: InsightsSeed, rndSeed = 2): SqlStatement[] {
  const rnd = mulberry32(rndSeed);
  const out: SqlStatement[] = ["insights_app_daily", "insights_market_daily", "insights_search_daily", "insights_app_search_daily"].map((t) => ({
    sql: `DELETE FROM ${t}`,
    params: [],
  }));
  for (const a of seed.rollup.apps.values()) {
    const ratings = countNear(rnd, a.counts.views * 0.006);
    const stars = Array.from({ length: ratings }, () => (rnd() < 0.5 ? 5 : rnd() < 0.6 ? 4 : 1 + Math.floor(rnd() * 3))).reduce((x, y) => x + y, 0);
    const c = a.counts;
    out.push({
      sql: "INSERT INTO insights_app_daily (app_id, day, views, add_starts, adds, connect_starts, connects, follows, unfollows, search_opens, ratings, rating_sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      params: [a.app, a.day, c.views, c.add_starts, c.adds, c.connect_starts, c.connects, c.follows, c.unfollows, c.search_opens, ratings, stars],
    });
  }
  for (const m of seed.rollup.market.values()) {
    const c = m.counts;
    const submissions = countNear(rnd, 4);
    const decisions = countNear(rnd, 3.6);
    const approvals = Math.min(decisions, countNear(rnd, decisions * 0.8));
    const decisionSeconds = Array.from({ length: decisions }, () => Math.round((4 + rnd() * 44) * 3600)).reduce((x, y) => x + y, 0);
    out.push({
      sql: "INSERT INTO insights_market_daily (day, views, add_starts, adds, connect_starts, connects, follows, unfollows, search_opens, searches, searches_empty, submissions, decisions, approvals, decision_seconds, deliveries_sent, dead_letters) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      params: [
        m.day,
        c.views,
        c.add_starts,
        c.adds,
        c.connect_starts,
        c.connects,
        c.follows,
        c.unfollows,
        c.search_opens,
        m.searches,
        m.empty,
        submissions,
        decisions,
        approvals,
        decisionSeconds,
        countNear(rnd, approvals * 40),
        rnd() < 0.15 ? 1 + Math.floor(rnd() * 3) : 0,
      ],
    });
  }
  for (const s of seed.rollup.searches.values()) {
    out.push({
      sql: "INSERT INTO insights_search_daily (day, query, searches, results, opens, browsers) VALUES (?, ?, ?, ?, ?, ?)",
      params: [s.day, s.query, s.searches, s.results ?? 0, s.opens, s.browsers],
    });
  }
  for (const s of seed.rollup.appSearches.values()) {
    out.push({ sql: "INSERT INTO insights_app_search_daily (app_id, day, query, opens) VALUES (?, ?, ?, ?)", params: [s.app, s.day, s.query, s.opens] });
  }
  return out;
}
