// Issue 31 (docs/decisions/049): text ranking reads a bounded number of rows, inside workerd against
// a real D1 holding a catalogue where one word matches more apps than the bound; and the search
// vocabulary is written by the import, so no request walks the index (fts5vocab).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNT_BOUND, LISTING } from "../../app/models/catalogue.server.ts";
import { boundedRanking, SEARCH_WEIGHTS } from "../../app/models/text-ranking.server.ts";
import type { AppPage } from "../../app/models/types.ts";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { type CatalogueWorld, startCatalogueWorker } from "./d1-worker.ts";

const file = generateCatalogue({ apps: 1_400, seed: 1 });
const listed = file.apps.filter((a) => a.status === "published" && !a.deprecation);
/** A word every generated description has ("Key features"): more matches than the count's bound. */
const COMMON = "features";
const FILTERS = { sql: `a.status = ? AND a.listing = ${LISTING.listed}`, params: ["published"] };
let world: CatalogueWorld;
let db: D1Database;
const call = <T>(fn: string, ...args: unknown[]) => world.call<T>(fn, ...args);

beforeAll(async () => {
  world = await startCatalogueWorker("bounded-ranking", file);
  db = world.db;
});
afterAll(() => world?.mf.dispose());

/** The ranking's first `limit` rows for `all`, and what D1 read for them. */
async function rank(all: string, window: number, limit = 32) {
  const ranking = boundedRanking({ all, tiers: [], weights: SEARCH_WEIGHTS, nameKey: COMMON, filters: FILTERS, window, reach: limit });
  const result = await db
    .prepare(`SELECT seq, score FROM (${ranking.sql} ORDER BY score ASC, seq ASC LIMIT ?)`)
    .bind(...ranking.params, limit)
    .all<{ seq: number; score: number }>();
  return { seqs: result.results.map((r) => r.seq), rowsRead: result.meta.rows_read };
}

describe("bounded text ranking", () => {
  it("the common word matches more listed apps than the bound (what the cases below rely on)", async () => {
    const matches = await db.prepare("SELECT count(*) AS n FROM apps_fts WHERE apps_fts MATCH ?").bind(`"${COMMON}"`).first<{ n: number }>();
    expect(matches!.n).toBeGreaterThan(COUNT_BOUND + 100);
    expect(listed.length).toBeGreaterThan(COUNT_BOUND + 100);
  });

  it("reads rows in proportion to the window, not to the matches", async () => {
    const small = await rank(`"${COMMON}"`, 32);
    const larger = await rank(`"${COMMON}"`, 128);
    // The walk, the window's ranking, its columns' cursors over the window's rowids and the apps
    // probed for them: a few rows per app in the window (about 12; 8 with bm25, decision 058).
    expect(small.rowsRead).toBeLessThan(16 * 32 + 50);
    expect(larger.rowsRead).toBeLessThan(16 * 128 + 50);
    // Ranking every match (the window past the catalogue) reads several times as much.
    const every = await rank(`"${COMMON}"`, 100_000);
    expect(every.rowsRead).toBeGreaterThan(4 * small.rowsRead);
  });

  it("ranks within the newest window matches once the bound is passed (listApps)", async () => {
    const page = await call<AppPage>("listApps", { searchQuery: COMMON, sort: { key: "score", order: "desc" } }, { offset: 0, limit: 32 });
    expect(page.items).toHaveLength(32);
    expect(page.totalCapped).toBe(true);
    // The window: the newest COUNT_BOUND + 1 listed matches (the count's limit), by seq.
    const window = await db
      .prepare(
        `SELECT a.id FROM apps_fts f JOIN apps a ON a.seq = f.rowid WHERE f.apps_fts MATCH ? AND a.status = 'published' AND a.listing = ${LISTING.listed} ORDER BY f.rowid DESC LIMIT ?`,
      )
      .bind(`"${COMMON}"*`, COUNT_BOUND + 1)
      .all<{ id: string }>();
    const inWindow = new Set(window.results.map((r) => r.id));
    // Every result but a name match comes from the window (before the bound, the best bm25 anywhere).
    const outside = page.items.filter((a) => !inWindow.has(a.id));
    expect(outside.every((a) => a.name.toLowerCase().startsWith(COMMON))).toBe(true);
  });

  it("a ranked page carries its own count: one statement, the total the bounded count gives", async () => {
    const byScore = { sort: { key: "score", order: "desc" } };
    // A name: a few matches, counted exactly. The common word: more than the bound ("1,000+").
    const rare = listed[7]!.name;
    for (const [searchQuery, offset] of [
      [rare, 0],
      [COMMON, 0],
      [COMMON, 64],
    ] as const) {
      const query = { searchQuery, ...byScore };
      const { result: page, statements } = await world.counted<AppPage>("listApps", query, { offset, limit: 32 });
      expect(statements).toBe(1);
      const counted = await call<number>("countApps", query, undefined, offset + 32);
      expect(page.total).toBe(counted);
      expect(page.totalCapped ?? false).toBe(searchQuery === COMMON);
    }
    // A page past the last has no row to carry the count: only then is it counted apart.
    const past = await world.counted<AppPage>("listApps", { searchQuery: rare, ...byScore }, { offset: 320, limit: 32 });
    expect(past.result.items).toHaveLength(0);
    expect(past.result.total).toBe(await call<number>("countApps", { searchQuery: rare, ...byScore }));
    expect(past.statements).toBe(2);
  });

  it("still puts an exact name first whatever its age", async () => {
    const oldest = listed[0]!;
    const rows = await db.prepare("SELECT id, name, name_key FROM apps WHERE id = ?").bind(oldest.id).first<{ id: string; name: string; name_key: string }>();
    await db.prepare("UPDATE apps SET name = 'Features', name_key = 'features' WHERE id = ?").bind(oldest.id).run();
    try {
      const page = await call<AppPage>("listApps", { searchQuery: COMMON, sort: { key: "score", order: "desc" } }, { offset: 0, limit: 32 });
      expect(page.items[0]?.id).toBe(oldest.id);
      const suggested = await call<{ items: { id: string }[] }>("suggestApps", COMMON, []);
      expect(suggested.items[0]?.id).toBe(oldest.id);
    } finally {
      await db.prepare("UPDATE apps SET name = ?, name_key = ? WHERE id = ?").bind(rows!.name, rows!.name_key, oldest.id).run();
    }
  });
});

describe("the search vocabulary, written by the import", () => {
  it("holds the index's terms per column (fts5vocab's rows), and listSearchTerms reads it", async () => {
    const table = await db.prepare("SELECT term, col, doc FROM search_vocabulary ORDER BY term, col").all<{ term: string; col: string; doc: number }>();
    const index = await db.prepare("SELECT term, col, doc FROM apps_fts_terms ORDER BY term, col").all<{ term: string; col: string; doc: number }>();
    expect(table.results.length).toBeGreaterThan(500);
    expect(table.results).toEqual(index.results);
    // The read is the table's: a few rows per term, not a walk of the index.
    const read = await db.prepare("SELECT term, col, doc FROM search_vocabulary").all();
    expect(read.meta.rows_read).toBeLessThanOrEqual(table.results.length + 5);
    const terms = await call<{ term: string }[]>("listSearchTerms");
    expect(terms).toHaveLength(table.results.length);
  });
});
