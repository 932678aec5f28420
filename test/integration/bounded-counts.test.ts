// Issue 31 (docs/decisions/042): a count reads at most COUNT_BOUND + 1 matching rows (or one more
// than a deep page reaches), inside workerd against a real D1 with a catalogue larger than the bound.
// The model functions run in the tiny Worker of catalogue-sql.test.ts (catalogue-worker.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppPage } from "../../app/models/types.ts";
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
