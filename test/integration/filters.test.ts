// Issue 15's filters on list pages, search and /api/search (app/lib/list-filters.ts): each filter
// alone against what the generated catalogue file says, filters combined with each other, with a
// text search and each sort, on a category page and a content-curated list; deprecated apps hidden
// unless asked; the rating filter and sort with ratings written into D1; the API's filters and 400s.
// (Cache keys of filtered pages: cache-keys.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publisherSlugOf, type AppRecord } from "../../app/models/catalogue-record.ts";
import { freshnessOf, type Freshness } from "../../app/models/freshness.ts";
import { aiUseOf } from "../../app/models/security-facts.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { Catalogue, cards, heading, page as parse, shownTotal, visibleText } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;
/** The average rating each rated app gets in D1 (no reviews exist in the seed). */
const ratings = new Map<string, { avg: number; count: number }>();
let verifiedSlugs: Set<string>;

beforeAll(async () => {
  w = await startWorker({ content: true });
  cat = new Catalogue(w.catalogue);
  verifiedSlugs = new Set(w.catalogue.publishers.filter((p) => p.verifiedAt !== null).map((p) => p.slug));
  // Two apps in three get a rating from 1.0 to 5.0, written before the first request so no
  // per-version memo holds an answer from before.
  const statements = w.catalogue.apps.flatMap((app, i) => {
    if (i % 3 === 0) return [];
    const rating = { avg: 1 + ((i * 7) % 41) / 10, count: 1 + (i % 13) };
    ratings.set(app.id, rating);
    return [w.db.prepare("UPDATE apps SET rating_avg = ?, rating_count = ? WHERE id = ?").bind(rating.avg, rating.count, app.id)];
  });
  await w.db.batch(statements);
});
afterAll(() => w?.dispose());

const get = async (path: string) => {
  const res = await w.fetch(path);
  expect(res.status, path).toBe(200);
  return res.text();
};
const keysOf = (html: string) => cards(html).map((c) => c.key);
const keys = (apps: AppRecord[]) => apps.map((a) => cat.key(a));
const byId = (id: string) => w.catalogue.apps.find((a) => a.id === id)!;

// --- what each filter means, computed from the catalogue file
const iso = (s: string) => new Date(s).toISOString();
const freshness = (a: AppRecord): Freshness =>
  freshnessOf({ lastReleaseAt: iso(a.versions[0]?.releasedAt ?? a.submittedAt), deprecated: a.deprecation !== null && a.deprecation !== undefined }, new Date());
type Want = { certification?: string[]; region?: string[]; ai?: string[]; freshness?: Freshness[]; verified?: boolean; rating?: number };
const matches = (a: AppRecord, f: Want): boolean =>
  (f.certification ?? []).every((c) => (a.security.certifications ?? []).includes(c as never)) &&
  (!f.region?.length || f.region.some((r) => (a.security.dataRegions ?? []).includes(r as never))) &&
  (!f.ai?.length || f.ai.includes(aiUseOf(a.security) ?? "")) &&
  (f.freshness?.length ? f.freshness.includes(freshness(a)) : freshness(a) !== "deprecated") &&
  (!f.verified || verifiedSlugs.has(publisherSlugOf(a))) &&
  (f.rating === undefined || (ratings.get(a.id)?.avg ?? 0) >= f.rating);
/** Published apps a filtered list shows (deprecated ones only when the freshness filter names them). */
const expected = (f: Want, among: AppRecord[] = cat.publishedAll) => among.filter((a) => matches(a, f));

/**
 * Best rated first, the more reviewed among equals, unrated last; then later rows first (the SQL's
 * order) or, for a list sorted in memory (content-curated lists), the newest first.
 */
function byRating(apps: AppRecord[], ties: "seq" | "newest" = "seq"): AppRecord[] {
  const seq = new Map(w.catalogue.apps.map((a, i) => [a, i + 1]));
  const r = (a: AppRecord) => ratings.get(a.id) ?? { avg: -1, count: -1 };
  const tie = (a: AppRecord, b: AppRecord) => (ties === "seq" ? seq.get(b)! - seq.get(a)! : iso(b.submittedAt).localeCompare(iso(a.submittedAt)));
  return [...apps].sort((a, b) => r(b).avg - r(a).avg || r(b).count - r(a).count || tie(a, b));
}

describe("each filter alone, on /brand-new", () => {
  it.each<[string, Want]>([
    ["certification=hipaa", { certification: ["hipaa"] }],
    ["certification=iso-27001&certification=soc2-type-ii", { certification: ["iso-27001", "soc2-type-ii"] }],
    ["region=eu", { region: ["eu"] }],
    ["region=jp&region=br", { region: ["jp", "br"] }],
    ["ai=none", { ai: ["none"] }],
    ["ai=no-training&ai=training", { ai: ["no-training", "training"] }],
    ["freshness=active", { freshness: ["active"] }],
    ["freshness=stale", { freshness: ["stale"] }],
    ["freshness=deprecated", { freshness: ["deprecated"] }],
    ["freshness=maintained&freshness=deprecated", { freshness: ["maintained", "deprecated"] }],
    ["verified=1", { verified: true }],
    ["rating=4", { rating: 4 }],
  ])("?%s", async (query, want) => {
    const apps = expected(want);
    // The catalogue varies these facts: every filter leaves some apps and drops some.
    expect(apps.length, "apps that match").toBeGreaterThan(0);
    expect(apps.length, "apps that match").toBeLessThan(cat.published.length);
    const html = await get(`/brand-new?${query}`);
    expect(shownTotal(html)).toBe(apps.length);
    expect(keysOf(html)).toEqual(keys(cat.newestFirst(apps).slice(0, 32)));
  });

  it("a value that is not a choice is ignored: the unfiltered list", async () => {
    const html = await get("/brand-new?certification=soc2&region=mars&ai=maybe&freshness=old&verified=yes&rating=5");
    expect(shownTotal(html)).toBe(cat.published.length);
    expect(visibleText(html)).not.toContain("Active filters");
  });
});

describe("filters combined", () => {
  it("with each other (certifications all, regions any) and each sort, across pages", async () => {
    const want: Want = { certification: ["gdpr-dpa"], region: ["eu", "us"], verified: true };
    const apps = expected(want);
    expect(apps.length).toBeGreaterThan(0);
    const query = "certification=gdpr-dpa&region=eu&region=us&verified=1";
    const orders: [string, AppRecord[]][] = [
      ["newest", cat.newestFirst(apps)],
      ["a-z", cat.byName(apps, "asc")],
      ["z-a", cat.byName(apps, "desc")],
      ["rating", byRating(apps)],
    ];
    for (const [sort, order] of orders) {
      const html = await get(`/brand-new?${query}&sort=${sort}`);
      expect(shownTotal(html), sort).toBe(apps.length);
      expect(keysOf(html), sort).toEqual(keys(order.slice(0, 32)));
    }
    // Paging keeps the filters: page 2 of the filtered list, when there is one.
    if (apps.length > 32) expect(keysOf(await get(`/brand-new?${query}&page=2&from=2`))).toEqual(keys(cat.newestFirst(apps).slice(32, 64)));
  });

  it("on a category page, whose chips keep the filters", async () => {
    const category = w.catalogue.categories.find((c) => c.categoryType === "meetings" && expected({ region: ["us"] }).some((a) => a.categoryIds.includes(c.id)))!;
    // The page lists the meetings apps of every meetings category with that slug.
    const ids = cat.categories((c) => c.slug === category.slug && c.categoryType === "meetings");
    const inCategory = cat.publishedAll.filter((a) => a.productTypes.includes("meetings") && cat.inCategories(a, ids));
    const apps = expected({ region: ["us"] }, inCategory);
    expect(apps.length).toBeGreaterThan(0);
    const html = await get(`/meetings/${category.slug}?region=us`);
    expect(shownTotal(html)).toBe(apps.length);
    expect(keysOf(html)).toEqual(keys(cat.newestFirst(apps).slice(0, 32)));
    const links = parse(html).links();
    expect(links).toContain("/meetings?region=us");
    expect(links).toContain(`/meetings/${category.slug}?region=us`);
  });

  it("on a content-curated list (its entry's apps, filtered in SQL)", async () => {
    const entry = (await w.db.prepare("SELECT body FROM content_entries WHERE type = 'hybrid-collection'").first<{ body: string }>())!;
    const listed = (JSON.parse(entry.body) as { apps: string[] }).apps.map((k) => cat.byKey(k)).filter((a): a is AppRecord => a?.status === "published");
    const all = expected({}, listed);
    const apps = expected({ ai: ["none"] }, listed);
    expect(apps.length).toBeGreaterThan(0);
    expect(apps.length).toBeLessThan(all.length);
    const html = await get("/hybrid-work?ai=none");
    expect(shownTotal(html)).toBe(apps.length);
    const shown = keysOf(html);
    expect(shown).toHaveLength(Math.min(32, apps.length));
    expect(keys(apps)).toEqual(expect.arrayContaining(shown));
    // Sorted by rating there too (the list is sorted in memory).
    expect(keysOf(await get("/hybrid-work?ai=none&sort=rating"))).toEqual(keys(byRating(apps, "newest").slice(0, 32)));
  });

  it("an empty result says so and offers to clear the filters", async () => {
    // Every certification at once, stale, AI that trains models and rated 4 or more: nothing.
    const query = "certification=fedramp&certification=hipaa&certification=iso-27001&certification=soc2-type-ii&certification=gdpr-dpa&rating=4&freshness=stale&ai=training";
    expect(expected({ certification: ["fedramp", "hipaa", "iso-27001", "soc2-type-ii", "gdpr-dpa"], rating: 4, freshness: ["stale"], ai: ["training"] })).toEqual([]);
    const html = await get(`/brand-new?${query}`);
    expect(visibleText(html)).toContain("No app matches these filters.");
    expect(visibleText(html)).toContain("There are no items to display");
    expect(parse(html).links()).toContain("/brand-new");
  });
});

describe("deprecated apps", () => {
  it("are left out of lists unless the freshness filter names them", async () => {
    const deprecated = cat.publishedAll.filter((a) => a.deprecation);
    expect(deprecated.length).toBeGreaterThan(0);
    expect(shownTotal(await get("/brand-new"))).toBe(cat.published.length);
    const html = await get("/brand-new?freshness=deprecated");
    expect(shownTotal(html)).toBe(deprecated.length);
    expect(new Set(keysOf(html))).toEqual(new Set(keys(cat.newestFirst(deprecated).slice(0, 32))));
  });
});

describe("search with filters", () => {
  type Item = { id: string; friendlyId: string | null };
  /** Every result of a text search in the API's order, unfiltered. */
  async function allResults(text: string, sortBy: string, orderBy?: string): Promise<Item[]> {
    const res = await w.fetch(`/api/search?${new URLSearchParams({ searchQuery: text, sortBy, max: "100", ...(orderBy ? { orderBy } : {}) })}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: Item[]; total: number };
    expect(body.total).toBeLessThanOrEqual(100);
    return body.items;
  }
  it("combine with the text and each sort: the unfiltered results, those that match, in the same order", async () => {
    // A word many apps share, but fewer than 100.
    const text = "sync";
    const want: Want = { region: ["eu"], ai: ["none", "no-training"] };
    const query = "region=eu&ai=none&ai=no-training";
    for (const [sort, sortBy, orderBy] of [
      ["relevance", "relevance"],
      ["newest", "date"],
      ["a-z", "alphabetical", "asc"],
      ["z-a", "alphabetical", "desc"],
      ["rating", "rating"],
    ] as const) {
      const unfiltered = await allResults(text, sortBy, orderBy);
      const filtered = unfiltered.filter((i) => matches(byId(i.id), want));
      expect(filtered.length, sort).toBeGreaterThan(0);
      expect(filtered.length, sort).toBeLessThan(unfiltered.length);
      const html = await get(`/search?q=${text}&sort=${sort}&${query}`);
      expect(heading(html), sort).toBe(`Showing ${filtered.length} ${filtered.length === 1 ? "result" : "results"} for "${text}"`);
      expect(keysOf(html), sort).toEqual(filtered.slice(0, 32).map((i) => i.friendlyId ?? i.id));
    }
  });

  it("show the active filters as links that remove one, keeping the text and sort", async () => {
    const html = await get("/search?q=sync&sort=a-z&region=eu&verified=1");
    const p = parse(html);
    const remove = p.all('a[aria-label^="Remove filter"]').map((a) => [a.getAttribute("aria-label"), a.getAttribute("href")]);
    expect(remove).toEqual([
      ["Remove filter Data region: European Union", "/search?q=sync&sort=a-z&verified=1"],
      ["Remove filter Verified publisher", "/search?q=sync&region=eu&sort=a-z"],
    ]);
    expect(p.links()).toContain("/search?q=sync");
    // The boxes of the filters in force are ticked in the form.
    expect(p.all('input[type="checkbox"][checked]').map((i) => `${i.getAttribute("name")}=${i.getAttribute("value")}`)).toEqual(["region=eu", "verified=1"]);
  });

  it("with nothing left say so, and offer the unfiltered search", async () => {
    const html = await get(
      "/search?q=sync&certification=fedramp&certification=hipaa&certification=iso-27001&certification=soc2-type-ii&certification=gdpr-dpa&rating=4&freshness=stale",
    );
    expect(heading(html)).toBe('Sorry, no results for "sync"');
    expect(visibleText(html)).toContain("No app matches every filter.");
    expect(parse(html).links()).toContain("/search?q=sync");
  });
});

describe("/api/search", () => {
  type Body = { items: { id: string; ratingAverage: number | null; ratingCount: number; freshness: Freshness; publisherVerified: boolean }[]; total: number };
  const api = async (query: string) => {
    const res = await w.fetch(`/api/search?${query}`);
    expect(res.status, query).toBe(200);
    return (await res.json()) as Body;
  };

  it("accepts the filters, as lists comma-separated or repeated", async () => {
    const want: Want = { certification: ["hipaa", "gdpr-dpa"], region: ["us", "uk"], freshness: ["active", "maintained"] };
    const apps = expected(want);
    for (const query of [
      "certification=hipaa,gdpr-dpa&dataRegion=us,uk&freshness=active,maintained",
      "certification=hipaa&certification=gdpr-dpa&dataRegion=us&dataRegion=uk&freshness=active&freshness=maintained",
    ]) {
      const body = await api(`${query}&max=100`);
      expect(body.total, query).toBe(apps.length);
      expect(
        body.items.map((i) => i.id),
        query,
      ).toEqual(
        cat
          .newestFirst(apps)
          .slice(0, 100)
          .map((a) => a.id),
      );
    }
    expect((await api("aiUse=training")).total).toBe(expected({ ai: ["training"] }).length);
    expect((await api("verifiedPublisher=true")).total).toBe(expected({ verified: true }).length);
    expect((await api("verifiedPublisher=false")).total).toBe(cat.published.length);
    expect((await api("includeDeprecated=true")).total).toBe(cat.publishedAll.length);
    expect((await api("freshness=deprecated")).total).toBe(cat.publishedAll.length - cat.published.length);
  });

  it("filters by minimum rating and sorts by rating; items carry the trust fields", async () => {
    const apps = byRating(expected({ rating: 3.5 }));
    const body = await api("minRating=3.5&sortBy=rating&max=100");
    expect(body.total).toBe(apps.length);
    expect(body.items.map((i) => i.id)).toEqual(apps.slice(0, 100).map((a) => a.id));
    const first = body.items[0]!;
    const app = byId(first.id);
    expect(first).toMatchObject({
      ratingAverage: ratings.get(app.id)!.avg,
      ratingCount: ratings.get(app.id)!.count,
      freshness: freshness(app),
      publisherVerified: verifiedSlugs.has(publisherSlugOf(app)),
    });
  });

  it.each([
    ["certification=soc2", "certification"],
    ["certification=hipaa,nope", "certification"],
    ["dataRegion=mars", "dataRegion"],
    ["aiUse=maybe", "aiUse"],
    ["freshness=old", "freshness"],
    ["verifiedPublisher=yes", "verifiedPublisher"],
    ["includeDeprecated=1", "includeDeprecated"],
    ["minRating=6", "minRating"],
    ["minRating=abc", "minRating"],
  ])("?%s is a 400 naming %s", async (query, name) => {
    const res = await w.fetch(`/api/search?${query}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(new RegExp(`^Invalid parameter ${name}: `));
  });
});
