// The catalogue API (spec §7): /api/search, /api/fetch-featured-apps, /api/fetch-all-categories.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import type { AppSummary, Category } from "../../app/models/types.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { Catalogue } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;

beforeAll(async () => {
  w = await startWorker();
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

type Page = { items: AppSummary[]; total: number };

async function search(query: string): Promise<Page> {
  const res = await w.fetch(`/api/search?${query}`);
  expect(res.status, query).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await res.json()) as Page;
}

/** Checks a filtered search against the catalogue: the same total, and every item matches. */
async function expectFilter(query: string, belongs: (app: AppRecord) => boolean) {
  const expected = cat.published.filter(belongs);
  expect(expected.length, `${query} matches seeded apps`).toBeGreaterThan(0);
  const page = await search(`${query}&max=100`);
  expect(page.total, query).toBe(expected.length);
  expect(page.items.length).toBe(Math.min(100, expected.length));
  const keys = new Set(expected.map((a) => a.id));
  for (const item of page.items) expect(keys.has(item.id), `${query}: ${item.name}`).toBe(true);
  return page;
}

describe("/api/search", () => {
  it("answers {items, total}, newest first, a page of 32 by default", async () => {
    const page = await search("");
    expect(Object.keys(page).sort()).toEqual(["items", "total"]);
    expect(page.total).toBe(cat.published.length);
    expect(page.items.map((a) => a.id)).toEqual(
      cat
        .newestFirst(cat.published)
        .slice(0, 32)
        .map((a) => a.id),
    );
    expect(page.items[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        logo: expect.any(String),
        type: expect.any(String),
        companyName: expect.any(String),
        isFeatured: expect.any(Boolean),
      }),
    );
  });

  it("filters by appType", async () => {
    for (const type of ["integration", "bot", "skill", "embeddedApp", "serviceApp"] as const) {
      const page = await expectFilter(`appType=${type}`, (a) => a.type === type);
      for (const item of page.items) expect(item.type).toBe(type);
    }
  });

  it("productType=all means every product type", async () => {
    const page = await search("productType=all");
    expect(page.total).toBe(cat.published.length);
  });

  it("productType=meetings,calling matches either, comma-separated or repeated", async () => {
    const belongs = (a: AppRecord) => a.productTypes.includes("meetings") || a.productTypes.includes("calling");
    const comma = await expectFilter("productType=meetings,calling", belongs);
    const repeated = await search("productType=meetings&productType=calling&max=100");
    expect(repeated).toEqual(comma);
    await expectFilter("productType=contact_center", (a) => a.productTypes.includes("contact_center"));
  });

  it("filters by category apiId (across product types)", async () => {
    const ids = cat.categories((c) => c.apiId === "developer_tools");
    await expectFilter("category=developer_tools", (a) => cat.inCategories(a, ids));
    const amp = cat.categories((c) => c.apiId === "sales_&_marketing");
    await expectFilter(`category=${encodeURIComponent("sales_&_marketing")}`, (a) => cat.inCategories(a, amp));
  });

  it("an unknown category matches nothing", async () => {
    expect(await search("category=no_such_category")).toEqual({ items: [], total: 0 });
  });

  it("filters by isFeatured", async () => {
    const featured = await expectFilter("isFeatured=true", (a) => a.isFeatured);
    for (const item of featured.items) expect(item.isFeatured).toBe(true);
    const rest = await search("isFeatured=false&max=100");
    expect(rest.total).toBe(cat.published.filter((a) => !a.isFeatured).length);
  });

  it("filters by appContext", async () => {
    await expectFilter("appContext=in_meeting", (a) => a.appContexts.includes("in_meeting"));
    await expectFilter("appContext=device", (a) => a.appContexts.includes("device"));
  });

  it("combines filters", async () => {
    await expectFilter("appType=bot&productType=teams&isFeatured=true", (a) => a.type === "bot" && a.productTypes.includes("teams") && a.isFeatured);
  });

  it("searchQuery with sortBy=relevance returns _score, best first", async () => {
    const page = await search("searchQuery=poll&sortBy=relevance&max=50");
    expect(page.total).toBeGreaterThan(1);
    const scores = page.items.map((a) => a._score);
    for (const s of scores) expect(typeof s).toBe("number");
    for (let i = 1; i < scores.length; i++) expect(scores[i]!).toBeLessThanOrEqual(scores[i - 1]!);
    expect(page.items[0]!.name.toLowerCase()).toContain("poll");
  });

  it("searchQuery matches by prefix on the last word", async () => {
    const app = cat.published.find((a) => a.name.split(" ")[0]!.length >= 6)!;
    const prefix = app.name.slice(0, 4);
    const page = await search(`searchQuery=${encodeURIComponent(prefix)}&max=100`);
    expect(page.items.map((a) => a.id)).toContain(app.id);
  });

  it("sortBy=alphabetical&orderBy=asc sorts by name A-Z, and desc Z-A", async () => {
    const asc = await search("sortBy=alphabetical&orderBy=asc&max=100");
    expect(asc.items.map((a) => a.id)).toEqual(
      cat
        .byName(cat.published, "asc")
        .slice(0, 100)
        .map((a) => a.id),
    );
    const desc = await search("sortBy=alphabetical&orderBy=desc&max=100");
    expect(desc.items.map((a) => a.id)).toEqual(
      cat
        .byName(cat.published, "desc")
        .slice(0, 100)
        .map((a) => a.id),
    );
  });

  it("any other sortBy sorts by submission date", async () => {
    const page = await search("sortBy=date&orderBy=asc&max=10");
    expect(page.items.map((a) => a.id)).toEqual(
      cat
        .newestFirst(cat.published)
        .reverse()
        .slice(0, 10)
        .map((a) => a.id),
    );
  });

  it("pages with offset and max", async () => {
    const ten = await search("max=10");
    const second = await search("max=5&offset=5");
    expect(second.items.map((a) => a.id)).toEqual(ten.items.slice(5).map((a) => a.id));
    expect(second.total).toBe(ten.total);
    // Issue 12: paging past the last result is a 404 (it used to be an empty page).
    const past = await w.fetch(`/api/search?offset=${cat.published.length}`);
    expect(past.status).toBe(404);
  });

  it.each([
    ["max=0", "max"],
    ["max=500", "max"],
    ["max=abc", "max"],
    ["offset=-1", "offset"],
    ["appType=nope", "appType"],
    ["orderBy=up", "orderBy"],
    ["productType=nope", "productType"],
    ["productType=meetings,nope", "productType"],
    ["isFeatured=yes", "isFeatured"],
    ["appContext=nope", "appContext"],
    ["sortBy=%3Cscript%3E", "sortBy"],
    [`searchQuery=${"a".repeat(1001)}`, "searchQuery"],
  ])("%s → 400 JSON naming %s", async (query, param) => {
    const res = await w.fetch(`/api/search?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const body = (await res.json()) as { message: string };
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toContain(param);
  });

  it.each([
    ['"', "a double quote"],
    ['"unbalanced', "an unbalanced quote"],
    ["*", "a star"],
    ["poll*", "a trailing star"],
    ["NEAR(", "NEAR("],
    ["NEAR(poll bot, 2)", "a NEAR group"],
    ["AND OR", "bare operators"],
    ["poll AND OR NOT bot", "operators between words"],
    ["-bot", "a leading minus"],
    ["(poll", "an open parenthesis"],
    ["name:poll", "a column filter"],
    ["🎉", "an emoji"],
    ["poll 🎉 bot", "words and an emoji"],
    ["'; DROP TABLE apps; --", "SQL"],
    ["x".repeat(1000), "1000 characters"],
    ["poll ".repeat(200), "1000 characters of words"],
  ])("a hostile searchQuery (%s: %s) answers 200, never 500", async (text) => {
    for (const sortBy of ["relevance", "alphabetical"]) {
      const res = await w.fetch(`/api/search?sortBy=${sortBy}&searchQuery=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as Page;
      expect(Array.isArray(body.items)).toBe(true);
      expect(typeof body.total).toBe("number");
    }
  });

  it("the catalogue is intact after hostile queries", async () => {
    expect((await search("")).total).toBe(cat.published.length);
  });
});

describe("/api/fetch-featured-apps", () => {
  it("returns at most 8 featured apps, newest first", async () => {
    const res = await w.fetch("/api/fetch-featured-apps");
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: AppSummary[] };
    const featured = cat.newestFirst(cat.published.filter((a) => a.isFeatured));
    expect(featured.length).toBeGreaterThan(8);
    expect(items.length).toBe(8);
    for (const item of items) expect(item.isFeatured).toBe(true);
    expect(items.map((a) => a.id)).toEqual(featured.slice(0, 8).map((a) => a.id));
  });
});

describe("/api/fetch-all-categories", () => {
  it("returns every category with its fields", async () => {
    const res = await w.fetch("/api/fetch-all-categories");
    expect(res.status).toBe(200);
    const categories = (await res.json()) as Category[];
    expect(categories.length).toBe(w.catalogue.categories.length);
    expect(new Set(categories.map((c) => c.id))).toEqual(new Set(w.catalogue.categories.map((c) => c.id)));
    for (const c of categories) {
      const seeded = w.catalogue.categories.find((k) => k.id === c.id)!;
      expect(c).toEqual({ id: seeded.id, apiId: seeded.apiId, slug: seeded.slug, name: seeded.name, categoryType: seeded.categoryType });
    }
    expect(categories.some((c) => c.apiId === "other")).toBe(true);
    expect(categories.some((c) => c.apiId === "partner_solutions")).toBe(true);
    expect(categories.some((c) => c.categoryType === "appContext")).toBe(true);
  });
});
