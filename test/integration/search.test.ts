// Search (issue 3): ranking, hostile input, sort orders, the /search page and /api/suggest, on the
// seeded catalogue plus a few fixture apps whose names make the ranking rules observable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRecord, CatalogueFile } from "../../app/models/catalogue-record.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { cards, page as parse, read, shownTotal } from "./html.ts";

let w: TestWorker;

/** Fixture apps: copies of a generated app with the names and texts a ranking case needs. */
const FIXTURES: Partial<AppRecord>[] = [
  { friendlyId: "zephyr-notes", name: "Zephyr Notes", companyName: "Brightline Works", tagline: "Notes for every call.", submittedAt: "2024-03-01T00:00:00Z" },
  { friendlyId: "notes-by-zephyr", name: "Notes by Zephyr", companyName: "Brightline Works", tagline: "Notes, kept tidy.", submittedAt: "2024-03-02T00:00:00Z" },
  { friendlyId: "zephyr", name: "Zephyr", companyName: "Brightline Works", tagline: "Plan your day.", submittedAt: "2020-01-01T00:00:00Z" },
  { friendlyId: "ledger-board", name: "Ledger Board", companyName: "Zephyrine Labs", tagline: "Budgets at a glance.", submittedAt: "2024-03-03T00:00:00Z" },
  {
    friendlyId: "memo-deck",
    name: "Memo Deck",
    companyName: "Brightline Works",
    tagline: "Slides from your notes.",
    description: "Memo Deck works with zephyr tools and zephyr notes, and quokkaflux boards.",
    submittedAt: "2024-03-04T00:00:00Z",
  },
  { friendlyId: "creme-planner", name: "Crème Planner", companyName: "Brightline Works", tagline: "Sweet schedules.", submittedAt: "2024-03-05T00:00:00Z" },
];

function withFixtures(cat: CatalogueFile): CatalogueFile {
  const base = cat.apps.find((a) => a.status === "published" && a.type === "integration")!;
  const apps = FIXTURES.map((f, i) => ({
    ...base,
    description: `${f.name} helps teams get work done.`,
    ...f,
    id: `Zml4dHVyZS0${i}`,
    clientId: null,
    isFeatured: false,
    updatedAt: f.submittedAt!,
  })) as AppRecord[];
  return { ...cat, apps: [...cat.apps, ...apps] };
}

beforeAll(async () => {
  w = await startWorker({ catalogue: withFixtures });
});
afterAll(() => w?.dispose());

type Item = { name: string; friendlyId: string | null; companyName: string; submittedAt: string; _score?: number };
const api = async (params: Record<string, string>) => {
  const res = await w.fetch(`/api/search?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(params)).toBe(200);
  return (await res.json()) as { items: Item[]; total: number };
};
const names = (items: Item[]) => items.map((i) => i.name);

describe("ranking (most relevant)", () => {
  it("an exact name comes first, then names that start with the text, then the rest", async () => {
    const { items } = await api({ searchQuery: "zephyr", sortBy: "relevance" });
    expect(names(items).slice(0, 2)).toEqual(["Zephyr", "Zephyr Notes"]);
    // "Notes by Zephyr" (a later word), the company match and the description match follow.
    expect(names(items)).toEqual(expect.arrayContaining(["Notes by Zephyr", "Ledger Board", "Memo Deck"]));
    expect(names(items).indexOf("Notes by Zephyr")).toBeLessThan(names(items).indexOf("Memo Deck"));
  });

  it("scores descend in list order", async () => {
    const { items } = await api({ searchQuery: "zephyr", sortBy: "relevance" });
    const scores = items.map((i) => i._score!);
    expect(scores.every((s) => typeof s === "number")).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("a multi-word query that is a whole name puts that app first", async () => {
    const { items } = await api({ searchQuery: "zephyr notes", sortBy: "relevance" });
    expect(items[0]!.name).toBe("Zephyr Notes");
    // Every word must match: "Zephyr" alone (no "notes" anywhere) is not a result.
    expect(names(items)).not.toContain("Zephyr");
  });

  it("a prefix of the last word matches, case-insensitively", async () => {
    expect(names((await api({ searchQuery: "ZEPH", sortBy: "relevance" })).items)[0]).toBe("Zephyr");
  });

  it("ignores diacritics", async () => {
    expect(names((await api({ searchQuery: "creme planner", sortBy: "relevance" })).items)[0]).toBe("Crème Planner");
    expect(names((await api({ searchQuery: "CRÉME", sortBy: "relevance" })).items)[0]).toBe("Crème Planner");
  });

  it("finds apps by company name", async () => {
    expect(names((await api({ searchQuery: "zephyrine" })).items)).toEqual(["Ledger Board"]);
  });
});

describe("hostile input never errors", () => {
  const nasty = [
    '"',
    '""',
    "'",
    "*",
    "-",
    "()",
    "(zephyr",
    "zephyr)",
    "NEAR(zephyr notes, 2)",
    "zephyr AND notes",
    "zephyr OR",
    "NOT zephyr",
    "name:zephyr",
    "{name}: zephyr",
    "^zephyr",
    "zephyr*",
    "-zephyr",
    "🎉 zephyr 🎉",
    "<script>alert(1)</script>",
    "'; DROP TABLE apps; --",
    "%_%",
    "\\",
    "x".repeat(1000),
    "zephyr ".repeat(142).trim(),
    "zephyr notes ".repeat(10).trim(), // a name key far longer than D1's 50-byte LIKE limit
  ];
  it.each(nasty)("%j on /api/search, /api/suggest and /search", async (text) => {
    await api({ searchQuery: text, sortBy: "relevance" });
    expect((await w.fetch(`/api/suggest?${new URLSearchParams({ q: text })}`)).status).toBe(200);
    const page = await w.fetch(`/search?${new URLSearchParams({ q: text })}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The text is never markup: no script element runs it (the page's data may carry it, escaped).
    expect(
      parse(html)
        .all("script")
        .filter((s) => s.rawText.trim() === "alert(1)"),
    ).toEqual([]);
  });

  it("searches for what was typed, syntax characters included", async () => {
    expect(names((await api({ searchQuery: "(zephyr", sortBy: "relevance" })).items)[0]).toBe("Zephyr");
    // NOT is a word to find, not an operator: as FTS5 syntax "zephyr NOT notes" would find "Zephyr".
    expect(names((await api({ searchQuery: "zephyr NOT notes", sortBy: "relevance" })).items)).not.toContain("Zephyr");
    // "and" carries no meaning of its own (issue 28): left out, so this is "zephyr notes", never an operator.
    const found = names((await api({ searchQuery: "zephyr AND notes", sortBy: "relevance" })).items);
    expect(found).toContain("Memo Deck");
    expect(found[0]).toBe("Zephyr Notes");
  });

  it("more than 1,000 characters is a 400 on the API, with a message", async () => {
    const res = await w.fetch(`/api/search?searchQuery=${"x".repeat(1001)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/searchQuery/);
  });
});

describe("sort orders", () => {
  it("alphabetical asc and desc order by name, case-insensitively", async () => {
    const asc = names((await api({ searchQuery: "brightline", sortBy: "alphabetical", orderBy: "asc" })).items);
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    const desc = names((await api({ searchQuery: "brightline", sortBy: "alphabetical", orderBy: "desc" })).items);
    expect(desc).toEqual([...asc].reverse());
  });

  it("anything else sorts by submission date, newest first by default", async () => {
    for (const sortBy of ["date", "bogus", undefined]) {
      const { items } = await api({ searchQuery: "brightline", ...(sortBy ? { sortBy } : {}) });
      const dates = items.map((i) => i.submittedAt);
      expect(dates, String(sortBy)).toEqual([...dates].sort().reverse());
    }
    const asc = (await api({ searchQuery: "brightline", sortBy: "date", orderBy: "asc" })).items.map((i) => i.submittedAt);
    expect(asc).toEqual([...asc].sort());
  });
});

describe("/search page", () => {
  const page = async (query: string) => {
    const res = await w.fetch(`/search?${query}`);
    return { res, html: await res.text() };
  };

  it("says how many results there are for the text, most relevant first", async () => {
    const { res, html } = await page("q=zephyr");
    expect(res.status).toBe(200);
    const { total } = await api({ searchQuery: "zephyr" });
    expect(total).toBeGreaterThanOrEqual(5);
    expect(read(html).text).toContain(`Showing ${total} results for "zephyr"`);
    expect(
      cards(html)
        .slice(0, 2)
        .map((c) => c.key),
    ).toEqual(["zephyr", "zephyr-notes"]);
    expect(parse(html).meta("robots")).toBe("noindex, follow");
  });

  it("sort and filters in the URL change the list", async () => {
    const az = cards((await page("q=brightline&sort=a-z")).html).map((c) => c.key);
    expect(az[0]).toBe("creme-planner");
    const za = cards((await page("q=brightline&sort=z-a")).html).map((c) => c.key);
    expect(za).toEqual([...az].reverse());
    const bots = await page("q=zephyr&type=bot");
    expect(read(bots.html).text).toContain('Sorry, no results for "zephyr"');
    expect(read(bots.html).text).toContain("Clear filters");
  });

  it("a bad filter value is ignored, not an error", async () => {
    const { res, html } = await page("q=zephyr&type=robot&product=moon&category=nope&sort=sideways&page=x");
    expect(res.status).toBe(200);
    expect(read(html).text).toContain(`Showing ${(await api({ searchQuery: "zephyr" })).total} results for "zephyr"`);
  });

  it("no results: the spec's message, featured apps and all categories", async () => {
    const { html } = await page("q=qwxzzy");
    const { text, links } = read(html);
    expect(text).toContain('Sorry, no results for "qwxzzy"');
    expect(text).toContain("Featured apps");
    expect(links.filter((href) => href.startsWith("/category/")).length).toBeGreaterThan(0);
    expect(shownTotal(html)).toBeNull();
  });

  it("no text: a search form, no results heading", async () => {
    const { res, html } = await page("");
    expect(res.status).toBe(200);
    // The page's own heading and form (the header's box says "Search apps" on every page).
    const p = parse(html);
    expect(p.text("h1#search-title")).toBe("Search apps");
    expect(p.find('[placeholder="Search for apps, companies or categories"]')).not.toBeNull();
    expect(html).not.toContain("results for");
    expect(html).not.toContain("Sorry, no results");
    expect(html).toContain("Featured apps");
  });

  it("pages with load more like the other lists", async () => {
    const first = await page("q=a");
    const total = Number(/Showing (\d+) results/.exec(read(first.html).text)![1]);
    expect(total).toBeGreaterThan(32);
    expect(cards(first.html)).toHaveLength(32);
    expect(first.html).toContain("Load more");
    const two = await page("q=a&page=2");
    expect(cards(two.html)).toHaveLength(Math.min(64, total));
  });
});

describe("/api/suggest", () => {
  type Suggest = { items: { name: string; companyName: string; logo: string; _score: number; type: string }[]; more: boolean };
  const suggest = async (q: string) => {
    const res = await w.fetch(`/api/suggest?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return { res, body: (await res.json()) as Suggest };
  };

  it("at most 5, best first by _score, with name, company and logo", async () => {
    const { res, body } = await suggest("zeph");
    expect(body.items.length).toBeLessThanOrEqual(5);
    expect(body.items[0]!.name).toBe("Zephyr");
    const scores = body.items.map((i) => i._score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const i of body.items) expect(i.companyName && i.logo).toBeTruthy();
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
  });

  it("says when there are more than 5", async () => {
    expect((await suggest("a")).body.more).toBe(true);
    expect((await suggest("zephyrine")).body).toMatchObject({ more: false });
  });

  it("matches names and companies, not descriptions", async () => {
    expect((await suggest("zephyri")).body.items.map((i) => i.name)).toEqual(["Ledger Board"]);
    expect((await suggest("quokkaflux")).body).toEqual({ items: [], more: false, correctedQuery: null });
    expect(names((await api({ searchQuery: "quokkaflux" })).items)).toEqual(["Memo Deck"]);
  });

  it("the answer kept per version carries the ETag of its body, and If-None-Match gets 304", async () => {
    const first = await suggest("pollst");
    const etag = first.res.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.res.headers.get("Content-Type")).toMatch(/^application\/json/);
    const again = await suggest("pollst");
    expect(again.res.headers.get("ETag")).toBe(etag);
    expect(again.body).toEqual(first.body);
    const revalidated = await w.fetch(`/api/suggest?${new URLSearchParams({ q: "pollst" })}`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect((await suggest("pollsta")).res.headers.get("ETag")).not.toBe(etag);
  });

  it("empty text is an empty answer", async () => {
    expect((await suggest("   ")).body).toEqual({ items: [], more: false, correctedQuery: null });
  });
});
