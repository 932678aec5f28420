// Issue 31 (docs/decisions/042): a count reads at most COUNT_BOUND + 1 matching rows (or one more
// than a deep page reaches), inside workerd against a real D1 with a catalogue larger than the bound.
// The model functions run in the tiny Worker of catalogue-sql.test.ts (catalogue-worker.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppPage } from "../../app/models/types.ts";
import { type AppQuery, countStatement } from "../../app/models/catalogue.server.ts";
import { DEFAULT_SORT } from "../../app/lib/sort.ts";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { type CatalogueWorld, startCatalogueWorker } from "./d1-worker.ts";

const file = generateCatalogue({ apps: 1_400, seed: 1 });
const listed = file.apps.filter((a) => a.status === "published" && !a.deprecation);
let world: CatalogueWorld;
let db: D1Database;
const call = <T>(fn: string, ...args: unknown[]) => world.call<T>(fn, ...args);

beforeAll(async () => {
  world = await startCatalogueWorker("bounded-counts", file);
  db = world.db;
});
afterAll(() => world?.mf.dispose());

describe("counts to a bound", () => {
  it("the catalogue is larger than the bound (what the cases below rely on)", () => {
    expect(listed.length).toBeGreaterThan(1_100);
  });

  it("stops the total of a large list at 1,001 and marks it as a lower bound", async () => {
    const page = await call<AppPage>("listApps", { sort: DEFAULT_SORT }, { offset: 0, limit: 32 });
    expect(page.items).toHaveLength(32);
    expect(page.total).toBe(1_001);
    expect(page.totalCapped).toBe(true);
    expect(await call<number>("countApps", { sort: DEFAULT_SORT })).toBe(1_001);
  });

  it("counts a list smaller than the bound exactly, with no mark", async () => {
    const bots = listed.filter((a) => a.type === "bot").length;
    expect(bots).toBeLessThan(1_000);
    const page = await call<AppPage>("listApps", { appType: "bot", sort: DEFAULT_SORT }, { offset: 0, limit: 32 });
    expect(page.total).toBe(bots);
    expect(page.totalCapped).toBeUndefined();
  });

  it("counts one past a deep page, so its next page is known to exist (or not)", async () => {
    // Offset 1,024 + 32 reaches 1,056 apps: the count goes to 1,057.
    const deep = await call<AppPage>("listApps", { sort: DEFAULT_SORT }, { offset: 1_024, limit: 32 });
    expect(deep.items).toHaveLength(32);
    expect(deep.total).toBe(Math.min(listed.length, 1_057));
    expect(deep.totalCapped).toBe(listed.length >= 1_057 ? true : undefined);
    // Past every app: the count reaches far enough to be exact.
    expect(await call<number>("countApps", { sort: DEFAULT_SORT }, undefined, 5_000)).toBe(listed.length);
  });

  it("walks the list's own index and stops: the count's plan is a scan of at most its limit", async () => {
    const { results } = await db
      .prepare("EXPLAIN QUERY PLAN SELECT count(*) AS total FROM (SELECT 1 FROM apps a WHERE a.status = ? AND a.listing = 0 LIMIT ?)")
      .bind("published", 1_001)
      .all<{ detail: string }>();
    expect(results.map((r) => r.detail).join(" | ")).toMatch(/CO-ROUTINE|SCAN|SEARCH/);
    const counted = await db.prepare("SELECT count(*) AS total FROM (SELECT 1 FROM apps a WHERE a.status = ? AND a.listing = 0 LIMIT ?)").bind("published", 1_001).all();
    expect(counted.meta.rows_read).toBeLessThanOrEqual(1_001 + 50);
  });
});

// Issue 31 (docs/decisions/046): a count whose query names a certification or data regions starts
// from that relation's rows, so a rare combination (fewer than 1,001 match: nothing stops the walk)
// reads about the relation's rows instead of every listed app.
describe("counts driven by the rarest relation", () => {
  const meetingsHipaaEu: AppQuery = { productTypes: ["meetings"], certifications: ["hipaa"], dataRegions: ["eu"], sort: DEFAULT_SORT };
  const holds = (a: (typeof listed)[number], q: AppQuery) =>
    (q.productTypes ?? []).every((p) => a.productTypes.includes(p)) &&
    (q.certifications ?? []).every((c) => a.security.certifications?.includes(c)) &&
    (q.dataRegions === undefined || q.dataRegions.some((r) => a.security.dataRegions?.includes(r)));
  const rowsRead = async (query: AppQuery) => {
    const count = countStatement(query, 0);
    const result = await db
      .prepare(count.sql)
      .bind(...count.params)
      .all<{ total: number }>();
    return { total: result.results[0]?.total, rowsRead: result.meta.rows_read, sql: count.sql, params: count.params };
  };

  it("counts meetings + HIPAA + EU exactly, reading about HIPAA's apps, not every listed app", async () => {
    const expected = listed.filter((a) => holds(a, meetingsHipaaEu)).length;
    const hipaa = file.apps.filter((a) => a.security.certifications?.includes("hipaa")).length;
    expect(expected).toBeGreaterThan(0);
    expect(hipaa).toBeLessThan(listed.length / 5);
    expect(await call<number>("countApps", meetingsHipaaEu)).toBe(expected);
    const counted = await rowsRead(meetingsHipaaEu);
    expect(counted.total).toBe(expected);
    // Walking apps read every listed app and probed it (more than 1,300 rows here).
    expect(counted.rowsRead).toBeLessThanOrEqual(4 * hipaa + 10);
    expect(counted.rowsRead).toBeLessThan(listed.length / 2);
    const plan = await db
      .prepare(`EXPLAIN QUERY PLAN ${counted.sql}`)
      .bind(...counted.params)
      .all<{ detail: string }>();
    // The first table the walk reads is the certification's own rows (a CO-ROUTINE line comes first).
    expect(plan.results.map((r) => r.detail).find((d) => /^(SCAN|SEARCH) /.test(d))).toMatch(/^SEARCH d USING .*\(certification=\?/);
  });

  it("counts several certifications, several regions and a category with a certification exactly", async () => {
    const queries: AppQuery[] = [
      { certifications: ["soc2-type-ii", "hipaa"], sort: DEFAULT_SORT },
      { dataRegions: ["jp", "br"], sort: DEFAULT_SORT },
      { productTypes: ["teams"], dataRegions: ["eu", "uk"], sort: DEFAULT_SORT },
    ];
    for (const query of queries) {
      const expected = listed.filter((a) => holds(a, query)).length;
      expect(expected).toBeLessThan(1_001);
      expect(await call<number>("countApps", query)).toBe(expected);
      expect((await rowsRead(query)).total).toBe(expected);
    }
    const category = file.categories.find((c) => c.categoryType === "teams" && listed.filter((a) => a.categoryIds.includes(c.id)).length > 20);
    expect(category).toBeDefined();
    const withCategory: AppQuery = { categoryIds: [category!.id], certifications: ["gdpr-dpa"], sort: DEFAULT_SORT };
    const expected = listed.filter((a) => a.categoryIds.includes(category!.id) && a.security.certifications?.includes("gdpr-dpa")).length;
    expect(await call<number>("countApps", withCategory)).toBe(expected);
  });

  it("still stops a common certification's count at the bound", async () => {
    const soc2 = listed.filter((a) => a.security.certifications?.includes("soc2-type-ii")).length;
    const query: AppQuery = { certifications: ["soc2-type-ii"], sort: DEFAULT_SORT };
    const counted = await rowsRead(query);
    if (soc2 > 1_000) expect(counted.total).toBe(1_001);
    else expect(counted.total).toBe(soc2);
    expect(counted.rowsRead).toBeLessThanOrEqual(3 * Math.min(soc2, 1_001) + 10 + 3 * (file.apps.length - listed.length));
  });
});
