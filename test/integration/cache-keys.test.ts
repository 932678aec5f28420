// Issue 12 item 6: the edge cache cannot be bypassed. Cache keys are built from the parameters each
// cacheable route reads (app/lib/cacheable-routes.ts), in a fixed order and normalised, so junk and
// tracking parameters share one entry; and a page past the last answers 404 without running the
// list query.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { MODERN_BROWSER, cards, shownTotal, sleep, visibleText } from "./html.ts";

let w: TestWorker;

beforeAll(async () => {
  // Production ages (an hour at the edge), so a cached entry cannot expire in the middle of a test.
  w = await startWorker({ apps: 150, vars: { SERVER_ENVIRONMENT: "production", IMAGE_PROXY_ALLOW_PRIVATE: "false" } });
});
afterAll(() => w?.dispose());

const get = (path: string, headers: Record<string, string> = {}) => w.fetch(path, { headers: { ...MODERN_BROWSER, ...headers } });
const junk = () => Math.random().toString(36).slice(2, 10);

/**
 * Asks `first` once (a MISS that stores the page in waitUntil), then asks the addresses `next()`
 * gives, a new one every time, until one is a HIT. Before the fix every junk parameter was a key
 * of its own, so this never ended in a HIT.
 */
async function hitAfter(first: string, next: () => string, headers: Record<string, string> = {}): Promise<Response> {
  const primed = await get(first, headers);
  expect(primed.status, first).toBe(200);
  await primed.arrayBuffer();
  for (let i = 0; i < 40; i++) {
    const res = await get(next(), headers);
    if (res.headers.get("X-Edge-Cache") === "HIT") return res;
    await res.arrayBuffer();
    await sleep(25);
  }
  throw new Error(`no address after ${first} came from the edge cache`);
}

describe("cache keys from the known parameters only", () => {
  it("two different junk parameters hit one cache entry, and so does the bare address", async () => {
    const hit = await hitAfter(`/bots?x=${junk()}`, () => `/bots?x=${junk()}`);
    expect(hit.status).toBe(200);
    await hit.arrayBuffer();
    const bare = await get("/bots");
    expect(bare.headers.get("X-Edge-Cache")).toBe("HIT");
    await bare.arrayBuffer();
  });

  it("the second request does not reach D1: a change in D1 is not seen through the cached key", async () => {
    const first = await get("/integrations?ref=a");
    const html = await first.text();
    const newest = cards(html)[0]!.key;
    await hitAfter("/integrations", () => `/integrations?ref=${junk()}`);
    // A marker in D1 (the catalogue version stays, so only a D1 read could show it).
    const marker = `Marker${junk()}`;
    await w.db.prepare("UPDATE apps SET name = ? WHERE friendly_id = ? OR id = ?").bind(marker, newest, newest).run();
    const cached = await get(`/integrations?fbclid=${junk()}&gclid=${junk()}`);
    expect(cached.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await cached.text()).not.toContain(marker);
    // The same page in another cookie variant is not cached yet: it reaches D1 and shows the marker.
    // Pages of apps are also kept in the isolate per catalogue version (docs/decisions/019), and
    // every import writes a new version, so the D1 change goes with one here too; the Worker reads
    // the version at most every 5 s (workers/catalogue-version.ts), so ask until it has.
    await w.kv.put("catalogue-version", `marker-${junk()}`);
    const deadline = Date.now() + 8000;
    let fresh = await get("/integrations", { Cookie: "isAlertTestHidden=true" });
    let text = await fresh.text();
    while (!text.includes(marker) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      fresh = await get("/integrations", { Cookie: "isAlertTestHidden=true" });
      text = await fresh.text();
    }
    expect(fresh.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(text).toContain(marker);
  });

  it("utm_* tracking parameters stay out of the key", async () => {
    const hit = await hitAfter("/skills", () => `/skills?utm_source=newsletter&utm_medium=email&utm_campaign=${junk()}&utm_term=a&utm_content=b`);
    await hit.arrayBuffer();
  });

  it("the page is rendered from the key's address: a junk parameter never appears in it", async () => {
    const marker = `zz${junk()}`;
    const res = await get(`/embedded-apps?${marker}=${marker}&page=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await res.text()).not.toContain(marker);
  });

  it("known parameters keep their own entries, in a fixed order, normalised as the route reads them", async () => {
    await (await get("/brand-new")).arrayBuffer();
    const sorted = await get("/brand-new?sort=a-z");
    expect(sorted.headers.get("X-Edge-Cache")).toBe("MISS");
    await sorted.arrayBuffer();
    // Order does not matter; malformed values mean what the route makes of them (page 1, default sort).
    await (await hitAfter("/search?q=poll&sort=a-z", () => `/search?sort=a-z&x=${junk()}&q=++poll+`)).arrayBuffer();
    await (await hitAfter("/category/crm", () => `/category/crm?page=1&sort=sideways&from=abc&n=${junk()}`)).arrayBuffer();
  });

  it("filtered pages have their own entries: never the unfiltered page's, nor one filter's for another", async () => {
    // The unfiltered list is cached first; a filtered address must not be served it.
    await (await hitAfter("/bots", () => `/bots?x=${junk()}`)).arrayBuffer();
    const unfilteredTotal = shownTotal(await (await get("/bots")).text());
    const filtered = await get("/bots?certification=hipaa");
    expect(filtered.headers.get("X-Edge-Cache")).toBe("MISS");
    const filteredTotal = shownTotal(await filtered.text());
    expect(filteredTotal).not.toBe(unfilteredTotal);
    // Nor another filter's entry: /bots?region=eu is not /bots?certification=hipaa.
    const other = await get("/bots?region=eu");
    expect(other.headers.get("X-Edge-Cache")).toBe("MISS");
    await other.arrayBuffer();
    // Every spelling of one filter is one entry: order, repeats, junk and bad values do not matter.
    const hit = await hitAfter("/bots?region=us&region=eu", () => `/bots?region=eu&x=${junk()}&region=us&region=eu&region=mars&rating=9`);
    expect(shownTotal(await hit.text())).toBe(shownTotal(await (await get("/bots?region=eu&region=us")).text()));
    // And the page of a bad value alone is the unfiltered one (the same entry).
    const bad = await get("/bots?certification=soc2&verified=yes");
    expect(bad.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(shownTotal(await bad.text())).toBe(unfilteredTotal);
    // Search and the API the same way.
    await (await hitAfter("/search?q=sync&ai=none&ai=training", () => `/search?ai=training&q=sync&ai=none&x=${junk()}`)).arrayBuffer();
    await (await hitAfter("/api/search?certification=hipaa,iso-27001", () => `/api/search?certification=iso-27001&certification=hipaa&x=${junk()}`)).arrayBuffer();
    const refused = await get(`/api/search?certification=soc2&x=${junk()}`);
    expect(refused.status).toBe(400);
    await refused.arrayBuffer();
  });

  it("the JSON APIs too: unknown parameters are ignored, numbers normalised", async () => {
    await (await hitAfter("/api/search?appType=bot&max=5", () => `/api/search?max=05&x=${junk()}&appType=bot`)).arrayBuffer();
    await (await hitAfter("/api/suggest?q=po", () => `/api/suggest?q=po&_=${junk()}`)).arrayBuffer();
    // An invalid value is still refused (400) rather than dropped into another page.
    const bad = await get(`/api/search?max=0&x=${junk()}`);
    expect(bad.status).toBe(400);
    await bad.arrayBuffer();
  });

  it("client-side navigations (single-fetch .data) share entries the same way", async () => {
    const data = (q: string) => w.fetch(`/calling.data?${q}`, { headers: { ...MODERN_BROWSER, Accept: "*/*" } });
    const first = await data("_routes=root,routes/_nav.$list.($category)&x=1");
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    for (let i = 0; ; i++) {
      const res = await data(`x=${junk()}&_routes=routes/_nav.$list.($category),root`);
      await res.arrayBuffer();
      if (res.headers.get("X-Edge-Cache") === "HIT") break;
      if (i > 40) throw new Error("never a HIT");
      await sleep(25);
    }
  });
});

describe("a page past the last answers 404", () => {
  async function lastPage(path: string): Promise<number> {
    const res = await get(path);
    const html = await res.text();
    // List pages say "Showing 1–32 of N apps", the search page "Showing N results for …".
    const total = shownTotal(html) ?? Number(/Showing (\d+) results/.exec(visibleText(html))?.[1] ?? NaN);
    expect(total, path).toBeGreaterThan(0);
    return Math.ceil(total / 32);
  }
  const status = async (path: string) => {
    const res = await get(path);
    await res.arrayBuffer();
    return res.status;
  };

  it.each(["/brand-new", "/bots", "/meetings", "/category/crm", "/search?q=a"])("%s: last page 200, one past it 404, ?page=999999 404", async (path) => {
    const join = path.includes("?") ? "&" : "?";
    const last = await lastPage(path);
    expect(await status(`${path}${join}page=${last}`)).toBe(200);
    expect(await status(`${path}${join}page=${last}&from=${last}`)).toBe(200);
    expect(await status(`${path}${join}page=${last + 1}`)).toBe(404);
    expect(await status(`${path}${join}page=${last + 1}&from=${last + 1}`)).toBe(404);
    expect(await status(`${path}${join}page=999999`)).toBe(404);
  });

  it("an empty list still answers its first page (with the no-items message), but not a second", async () => {
    expect(await status("/search?q=qwxzzy")).toBe(200);
    expect(await status("/search?q=qwxzzy&page=2")).toBe(404);
  });

  it("the 404 is the not-found page, never cached", async () => {
    const res = await get("/brand-new?page=999999");
    expect(res.status).toBe(404);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toContain("Return Home");
  });

  it("?page=999999 does no list query: with the count remembered it does not touch the apps table", async () => {
    await (await get("/brand-new")).arrayBuffer(); // counts the list (memoised per catalogue version)
    await w.db.prepare("ALTER TABLE apps RENAME TO apps_away").run();
    try {
      // Any query on apps would fail now (500); the page past the last needs only the count.
      expect(await status("/brand-new?page=999999")).toBe(404);
      expect(await status("/brand-new?page=999999&from=999999")).toBe(404);
    } finally {
      await w.db.prepare("ALTER TABLE apps_away RENAME TO apps").run();
    }
    expect(await status("/brand-new?page=2")).toBe(200);
  });

  it("the JSON API's paging: an offset past the last result is 404 JSON; the last one is there", async () => {
    const { total } = (await (await get("/api/search?appType=bot&max=1")).json()) as { total: number };
    const last = await get(`/api/search?appType=bot&max=10&offset=${total - 1}`);
    expect(last.status).toBe(200);
    expect(((await last.json()) as { items: unknown[] }).items).toHaveLength(1);
    const past = await get(`/api/search?appType=bot&offset=${total}`);
    expect(past.status).toBe(404);
    expect(past.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(past.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await past.json()) as { message: string }).message).toMatch(/past the last/i);
    expect((await get("/api/search?appType=bot&offset=100000")).status).toBe(404);
    // Offset 0 of nothing is an empty answer, not an error.
    const none = await get("/api/search?searchQuery=qwxzzy");
    expect(none.status).toBe(200);
    // With a text the answer also says how it was searched (issue 28).
    expect(await none.json()).toEqual({ items: [], total: 0, correctedQuery: null, moreWithSomeWords: 0 });
  });
});
