// The catalogue's SQL (app/models/catalogue.server.ts) run where it runs in production: inside
// workerd against a real D1 (Miniflare), seeded with the generated catalogue the way `npm run
// db:seed` does. A tiny Worker (catalogue-worker.ts, bundled here with esbuild) calls the model
// functions; the test compares their answers with what the catalogue file says they must be. What
// D1 itself decides is checked here too: its bind limit, its LIKE limit, FTS5 ranking, NOCASE order.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as CatalogueModule from "../../app/models/catalogue.server.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { DEFAULT_SORT } from "../../app/lib/sort.ts";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { type CatalogueWorld, startCatalogueWorker } from "./d1-worker.ts";
import { Catalogue } from "./html.ts";

/** The model's functions as the test calls them: the same arguments less the D1 handle the Worker supplies. */
type Remote = {
  [K in keyof typeof CatalogueModule as (typeof CatalogueModule)[K] extends (db: D1Database, ...args: never[]) => Promise<unknown>
    ? K
    : never]: (typeof CatalogueModule)[K] extends (db: D1Database, ...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never;
};

let world: CatalogueWorld;
let db: D1Database;
let cat: Catalogue;
const file = generateCatalogue({ apps: 400, seed: 1 });

/** Calls a catalogue function inside workerd; a Map comes back as a Map, an error as a thrown Error. */
const sql = new Proxy({} as Remote, {
  get:
    (_, fn: string) =>
    async (...args: unknown[]) => {
      const result = await world.call<{ map?: [unknown, unknown][] } | null>(fn, ...args);
      return result && typeof result === "object" && "map" in result && Array.isArray(result.map) ? new Map(result.map) : result;
    },
});

beforeAll(async () => {
  world = await startCatalogueWorker("catalogue-sql", file);
  db = world.db;
  cat = new Catalogue(file);
});
afterAll(() => world?.mf.dispose());

const keys = (apps: readonly { friendlyId: string | null; id: string }[]) => apps.map((a) => a.friendlyId ?? a.id);
const page = { offset: 0, limit: 32 };

describe("listApps and countApps (list pages, the API)", () => {
  it("lists published apps newest first, 32 a page, with the total", async () => {
    const { items, total } = await sql.listApps({ sort: DEFAULT_SORT }, page);
    expect(keys(items)).toEqual(keys(cat.newestFirst(cat.published).slice(0, 32)));
    expect(total).toBe(cat.published.length);
    expect(await sql.countApps({ sort: DEFAULT_SORT })).toBe(cat.published.length);
  });

  it("pages by offset and orders by name as NOCASE does, both ways", async () => {
    const second = await sql.listApps({ sort: DEFAULT_SORT }, { offset: 32, limit: 32 });
    expect(keys(second.items)).toEqual(keys(cat.newestFirst(cat.published).slice(32, 64)));
    const az = await sql.listAppItems({ sort: { key: "name", order: "asc" } }, page);
    expect(keys(az)).toEqual(keys(cat.byName(cat.published, "asc").slice(0, 32)));
    const za = await sql.listAppItems({ sort: { key: "name", order: "desc" } }, page);
    expect(keys(za)).toEqual(keys(cat.byName(cat.published, "desc").slice(0, 32)));
  });

  it.each<[string, Parameters<Remote["listApps"]>[0], (a: AppRecord) => boolean]>([
    ["a product type", { productTypes: ["meetings"], sort: DEFAULT_SORT }, (a) => a.productTypes.includes("meetings")],
    ["an app type", { appType: "bot", sort: DEFAULT_SORT }, (a) => a.type === "bot"],
    ["hidden app types", { excludeTypes: ["embeddedApp", "serviceApp"], sort: DEFAULT_SORT }, (a) => a.type !== "embeddedApp" && a.type !== "serviceApp"],
    ["featured", { isFeatured: true, sort: DEFAULT_SORT }, (a) => a.isFeatured],
    ["a collection", { collection: "hybrid_work", sort: DEFAULT_SORT }, (a) => a.collections.includes("hybrid_work")],
    ["coming soon", { status: "coming_soon", sort: DEFAULT_SORT }, () => true],
  ])("filters by %s, in the list and in its count", async (_what, query, belongs) => {
    const status = query.status ?? "published";
    const expected = cat.newestFirst(file.apps.filter((a) => a.status === status && !a.deprecation && belongs(a)));
    expect(expected.length).toBeGreaterThan(0);
    const { items, total } = await sql.listApps(query, page);
    expect(keys(items)).toEqual(keys(expected.slice(0, 32)));
    expect(total).toBe(expected.length);
    expect(await sql.countApps(query)).toBe(expected.length);
  });

  it("filters by category ids and by a category's apiId (every product type's category of that name)", async () => {
    const category = file.categories.find((c) => c.slug === "developer-tools")!;
    const ids = cat.categories((c) => c.apiId === category.apiId);
    const expected = cat.newestFirst(cat.published.filter((a) => cat.inCategories(a, ids)));
    const byIds = await sql.listApps({ categoryIds: [...ids], sort: DEFAULT_SORT }, page);
    const byApiId = await sql.listApps({ categoryApiId: category.apiId, sort: DEFAULT_SORT }, page);
    expect(keys(byIds.items)).toEqual(keys(expected.slice(0, 32)));
    expect(byIds.total).toBe(expected.length);
    expect(byApiId).toEqual(byIds);
  });

  it("finds apps by text, the exact name first, with the API's _score (higher is better)", async () => {
    const app = cat.published.find((a) => a.type !== "embeddedApp" && /^[A-Za-z]+ [A-Za-z]+$/.test(a.name))!;
    const { items, total } = await sql.listApps({ searchQuery: app.name, sort: { key: "score", order: "desc" } }, page);
    expect(total).toBeGreaterThan(0);
    expect(items[0]!.name).toBe(app.name);
    const scores = items.map((i) => i._score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await sql.countApps({ searchQuery: app.name, sort: DEFAULT_SORT })).toBe(total);
  });

  it("a text with nothing searchable matches nothing, without asking D1", async () => {
    expect(await sql.listApps({ searchQuery: "*** ---", sort: DEFAULT_SORT }, page)).toEqual({ items: [], total: 0 });
    expect(await sql.countApps({ searchQuery: "()", sort: DEFAULT_SORT })).toBe(0);
    expect(await sql.listAppItems({ searchQuery: '"', sort: DEFAULT_SORT }, page)).toEqual([]);
  });

  it("remembers a total per catalogue version, and counts again under a new one", async () => {
    const query = { appType: "skill" as const, sort: DEFAULT_SORT };
    const before = await sql.listApps(query, page, "v-memo-1");
    const skill = cat.published.find((a) => a.type === "skill")!;
    await db.prepare("UPDATE apps SET status = 'coming_soon' WHERE id = ?").bind(skill.id).run();
    try {
      expect((await sql.listApps(query, page, "v-memo-1")).total).toBe(before.total);
      expect(await sql.countApps(query, "v-memo-1")).toBe(before.total);
      expect((await sql.listApps(query, page, "v-memo-2")).total).toBe(before.total - 1);
    } finally {
      await db.prepare("UPDATE apps SET status = 'published' WHERE id = ?").bind(skill.id).run();
    }
  });
});

describe("suggestApps (the typeahead)", () => {
  it("one or two letters match the start of names only, A-Z, at most 5 and whether there are more", async () => {
    const { items, more } = await sql.suggestApps("s", []);
    const expected = cat
      .byName(
        cat.published.filter((a) => a.name.toLowerCase().startsWith("s")),
        "asc",
      )
      .map((a) => a.name);
    expect(items.map((i) => i.name)).toEqual(expected.slice(0, 5));
    expect(more).toBe(expected.length > 5);
  });

  it("a longer text ranks the exact name first and leaves hidden types out", async () => {
    const app = cat.published.find((a) => a.type === "embeddedApp")!;
    const shown = await sql.suggestApps(app.name, []);
    expect(shown.items[0]!.name).toBe(app.name);
    const hidden = await sql.suggestApps(app.name, ["embeddedApp"]);
    expect(hidden.items.map((i) => i.type)).not.toContain("embeddedApp");
  });

  it("the stricter levels count in names and companies only, like the match: a description's word ranks nothing up", async () => {
    // Typed "zorbics": the plan matches "zorbics"* (as typed) or its form "zorbic", and ranks the
    // words as typed first. A has only the form in its name but the typed word in its description;
    // B has the typed word in its (longer) name. Matched in names and companies, B matches as typed.
    const [a, b] = cat.published.filter((x) => x.type !== "embeddedApp" && x.type !== "serviceApp").slice(0, 2) as [AppRecord, AppRecord];
    const rows = await db
      .prepare("SELECT id, name, name_key, description FROM apps WHERE id IN (?, ?)")
      .bind(a.id, b.id)
      .all<{ id: string; name: string; name_key: string; description: string }>();
    const set = db.prepare("UPDATE apps SET name = ?, name_key = ?, description = ? WHERE id = ?");
    await db.batch([
      set.bind("Zorbic Quill", "zorbic quill", "Keeps zorbics in one place.", a.id),
      set.bind("Quill Lantern Harbor Meadow Orchard Ridge Zorbics", "quill lantern harbor meadow orchard ridge zorbics", "Nothing to see here.", b.id),
    ]);
    try {
      const match = { expression: '("zorbics"* OR "zorbic")', tiers: ['"zorbics"*'] };
      const { items } = await sql.suggestApps("zorbics", [], match);
      expect(items.map((i) => i.name)).toEqual(["Quill Lantern Harbor Meadow Orchard Ridge Zorbics", "Zorbic Quill"]);
    } finally {
      await db.batch(rows.results.map((r) => set.bind(r.name, r.name_key, r.description, r.id)));
    }
  });

  it("a text longer than D1's LIKE limit (50 bytes) is still answered", async () => {
    const long = `${"abcdefghij ".repeat(6)}zz`;
    await expect(sql.suggestApps(long, [])).resolves.toEqual({ items: [], more: false });
    await expect(sql.listApps({ searchQuery: long, sort: { key: "score", order: "desc" } }, page)).resolves.toEqual({ items: [], total: 0 });
  });
});

describe("categories, detail, sitemap, lookups", () => {
  it("lists every category by name (NOCASE) and finds them by slug and apiId", async () => {
    const all = await sql.listCategories();
    expect(all).toHaveLength(file.categories.length);
    const names = all.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const slug = file.categories[0]!.slug;
    expect((await sql.findCategoriesBySlug(slug)).map((c) => c.id).sort()).toEqual(
      file.categories
        .filter((c) => c.slug === slug)
        .map((c) => c.id)
        .sort(),
    );
    const typed = file.categories.find((c) => c.categoryType === "meetings")!;
    expect(await sql.findCategoriesBySlug(typed.slug, "meetings")).toEqual([expect.objectContaining({ id: typed.id, categoryType: "meetings" })]);
    expect((await sql.findCategoriesByApiId(typed.apiId)).every((c) => c.apiId === typed.apiId)).toBe(true);
  });

  it("reads an app's detail by friendlyId, else by id, with its categories and product types", async () => {
    const app = cat.published.find((a) => a.friendlyId && a.categoryIds.length > 0)!;
    const detail = (await sql.getAppDetail(app.friendlyId!))!;
    expect(detail).toMatchObject({ id: app.id, name: app.name, description: app.description, screenshots: app.screenshots, requiresAdmin: app.requiresAdmin });
    expect(detail.categories.map((c) => c.id).sort()).toEqual([...app.categoryIds].sort());
    expect(detail.productTypes).toEqual([...app.productTypes].sort());
    const plain = cat.published.find((a) => !a.friendlyId)!;
    expect((await sql.getAppDetail(plain.id))!.id).toBe(plain.id);
    expect(await sql.getAppDetail("no-such-app")).toBeNull();
  });

  it("lists the sitemap's app pages in catalogue order, without hidden types", async () => {
    const urls = await sql.listAppUrls(["embeddedApp"]);
    expect(urls.map((u) => u.key)).toEqual(keys(cat.publishedAll.filter((a) => a.type !== "embeddedApp")));
  });

  it("finds apps by more client ids than D1 binds in one statement (100)", async () => {
    const withClient = file.apps.filter((a) => a.clientId);
    const asked = [...withClient.map((a) => a.clientId!), ...Array.from({ length: 150 }, (_, i) => `unknown-${i}`)];
    expect(asked.length).toBeGreaterThan(100);
    const found = await sql.findAppsByClientIds(asked);
    expect([...found.keys()].sort()).toEqual(withClient.map((a) => a.clientId!).sort());
  });

  it("finds a published bot by its key or its e-mail (any case), nothing else", async () => {
    const bot = cat.published.find((a) => a.type === "bot" && a.botEmail)!;
    const expected = { id: bot.id, name: bot.name, botEmail: bot.botEmail };
    expect(await sql.findBot({ appId: cat.key(bot) })).toEqual(expected);
    expect(await sql.findBot({ botEmail: bot.botEmail!.toUpperCase() })).toEqual(expected);
    const notBot = cat.published.find((a) => a.type !== "bot")!;
    expect(await sql.findBot({ appId: cat.key(notBot) })).toBeNull();
    expect(await sql.findBot({})).toBeNull();
  });
});
