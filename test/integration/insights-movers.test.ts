// The marketplace's gainers and losers (docs/decisions/038, 047) against a real D1 in workerd: the
// right apps, in the right order, and read from no more rows than the answer needs: the views of
// the two windows once (not once per list, not whole rollup rows, not the days without views) and
// the names of the ten apps shown (not of every app with views).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movers } from "../../app/features/insights/read.server.ts";
import { cellOf, exactly, rangeOf, totalOf, windowOf, type Figure } from "../../app/features/insights/series.ts";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { runBatch } from "../../scripts/lib/local-d1.ts";
import { generateInsights, insightsStatements } from "../../scripts/lib/insights-generator.ts";
import { type D1World, startD1 } from "./d1-worker.ts";
import { importCatalogue } from "./harness.ts";

const now = new Date();
const w = windowOf(30, now);
const catalogue = generateCatalogue({ apps: 400, seed: 1 });
const listed = catalogue.apps.filter((a) => a.status === "published");
let world: D1World;
let viewRows = 0;
let appsWithViews = 0;

beforeAll(async () => {
  world = await startD1("insights-movers");
  const { db } = world;
  await importCatalogue(db, { put: async () => undefined } as unknown as KVNamespace, catalogue);
  const seed = generateInsights({ apps: listed.slice(0, 80), days: 60, seed: 3, now });
  const statements = insightsStatements(seed);
  // Days with ratings and no views, as the Cron Trigger writes them for apps nobody opened.
  for (const app of listed.slice(80, 280)) {
    for (const day of w.current.slice(0, 10))
      statements.push({ sql: "INSERT INTO insights_app_daily (app_id, day, ratings, rating_sum) VALUES (?, ?, 1, 5)", params: [app.id, day] });
  }
  await runBatch(db, statements);
  const counts = await db
    .prepare("SELECT count(*) AS rows, count(DISTINCT app_id) AS apps FROM insights_app_daily WHERE day BETWEEN ?1 AND ?2 AND views > 0")
    .bind(w.from, w.to)
    .first<{ rows: number; apps: number }>();
  viewRows = counts?.rows ?? 0;
  appsWithViews = counts?.apps ?? 0;
});
afterAll(() => world?.mf.dispose());

/** The D1 binding, noting the rows each statement read (D1's own meta.rows_read) by all, run or batch. */
function counted(db: D1Database): { db: D1Database; reads: number[] } {
  const reads: number[] = [];
  const real = new WeakMap<object, D1PreparedStatement>();
  const note = <R extends D1Result<unknown>>(r: R) => {
    reads.push(r.meta.rows_read ?? 0);
    return r;
  };
  const passOn = (target: object, key: string | symbol) => {
    const v = Reflect.get(target, key);
    return typeof v === "function" ? v.bind(target) : v;
  };
  const statement = (s: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(t, k) {
        if (k === "bind") return (...params: unknown[]) => statement(t.bind(...params));
        if (k === "all" || k === "run") return async () => note(await t[k]());
        return passOn(t, k);
      },
    });
    real.set(proxy, s);
    return proxy;
  };
  const wrapped = new Proxy(db, {
    get(t, k) {
      if (k === "prepare") return (sql: string) => statement(t.prepare(sql));
      if (k === "batch") return async (list: D1PreparedStatement[]) => (await t.batch(list.map((s) => real.get(s) ?? s))).map(note);
      return passOn(t, k);
    },
  });
  return { db: wrapped, reads };
}

/** What the lists must be, added up in JS from the same rows. */
async function expected(limit = 5) {
  const { results } = await world.db
    .prepare("SELECT app_id, day, views FROM insights_app_daily WHERE day BETWEEN ?1 AND ?2")
    .bind(w.from, w.to)
    .all<{ app_id: string; day: string; views: number }>();
  const totals = new Map<string, { shown: { current: Figure; previous: Figure } }>();
  for (const r of results) {
    const t = totals.get(r.app_id) ?? { shown: { current: exactly(0), previous: exactly(0) } };
    // What the page shows: the Figures of the same cells (issue 40 item 1).
    if (r.day >= w.current[0]!) t.shown.current = totalOf([t.shown.current, cellOf(r.views)]);
    else t.shown.previous = totalOf([t.shown.previous, cellOf(r.views)]);
    totals.set(r.app_id, t);
  }
  const names = new Map(catalogue.apps.map((a) => [a.id, a.name]));
  // A gain or a loss only as far as the shown ranges say (second review of issue 40, M1): the least
  // gain (this window's low end minus the window before's high end), and the same for a loss.
  const all = [...totals].map(([appId, t]) => ({
    appId,
    name: names.get(appId) ?? appId,
    ...t,
    gain: rangeOf(t.shown.current)[0] - rangeOf(t.shown.previous)[1],
    loss: rangeOf(t.shown.previous)[0] - rangeOf(t.shown.current)[1],
  }));
  const by = (key: "gain" | "loss") => (a: (typeof all)[number], b: (typeof all)[number]) => b[key] - a[key] || (a.appId < b.appId ? -1 : 1);
  const list = (key: "gain" | "loss") =>
    all
      .filter((m) => m[key] > 0)
      .sort(by(key))
      .slice(0, limit)
      .map(({ appId, name, shown }) => ({ appId, name, shown }));
  return { gainers: list("gain"), losers: list("loss") };
}

describe("movers", () => {
  it("lists the apps whose views gained and lost the most against the window before, with their names", async () => {
    const got = await movers(world.db, w);
    expect(got).toEqual(await expected());
    expect(got.gainers).toHaveLength(5);
    expect(got.losers).toHaveLength(5);
  });

  it("reads the rows with views of the two windows once for both lists, and the names of the apps it lists only", async () => {
    const { db, reads } = counted(world.db);
    await movers(db, w);
    const read = reads.reduce((a, n) => a + n, 0);
    expect(viewRows).toBeGreaterThan(1_000);
    // D1 counts a row again when a sort reads it back: the view rows twice (the scan of the views
    // index, then the GROUP BY's sort), each app's totals a few times (kept, then each list's sort),
    // and a name per listed app. Reading whole rows, the days without views, both windows once per
    // list and a name per app with views (before migration 0029) came to 27,316 here, 5.7 × viewRows.
    expect(read).toBeLessThanOrEqual(2 * viewRows + 4 * appsWithViews + 4 * 5);
  });
});
