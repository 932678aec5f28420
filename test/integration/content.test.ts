// Content entries (issue 5, docs/decisions/007): the §7 content API, the pages built on entries
// (/coming-soon, collections, /casb-dlp-providers, /support), the loader refusing bad files, and
// empty entries answering 404 — against the built Worker with content/ loaded.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readContentDir, type ContentSource } from "../../scripts/lib/content-load.ts";
import type { AppSummary } from "../../app/models/types.ts";
import { loadContent, startWorker, type TestWorker } from "./harness.ts";
import { cards, Catalogue, heading, MODERN_BROWSER, page as parse, pageTitle, read, shownTotal, sleep } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;
const repo = readContentDir(new URL("../../content", import.meta.url).pathname);

beforeAll(async () => {
  w = await startWorker({ content: true });
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

type Json = Record<string, unknown>;
type Entry = { key: string; version: number; body: Json };
type File = { type: string; entries: Entry[] };

async function getJson(path: string, status = 200): Promise<Json> {
  const res = await w.fetch(path);
  expect(res.status, path).toBe(status);
  expect(res.headers.get("Content-Type"), path).toMatch(/^application\/json/);
  return (await res.json()) as Json;
}

/** The repo's content with every version raised by `bump` and some bodies changed. */
function contentWith(bump: number, change: Record<string, (body: Json) => Json> = {}): ContentSource[] {
  return repo.map(({ file, json }) => {
    const f = structuredClone(json) as File;
    for (const e of f.entries) {
      e.version += bump;
      if (change[f.type]) e.body = change[f.type]!(e.body);
    }
    return { file, json: f };
  });
}

/** Fetches until `ok` holds: the Worker memoises the cache version for 5 s per isolate. */
async function eventually(path: string, ok: (res: Response, text: string) => boolean): Promise<string> {
  const started = Date.now();
  for (;;) {
    const res = await w.fetch(path, { headers: MODERN_BROWSER });
    const text = await res.text();
    if (ok(res, text)) return text;
    expect(Date.now() - started, `${path} did not change`).toBeLessThan(8000);
    await sleep(250);
  }
}

const fileOf = (type: string) => repo.find((s) => (s.json as File).type === type)!.json as File;
const bodyOf = (type: string) => fileOf(type).entries[0]!.body;
const byTitle = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

describe("the content API (spec §7)", () => {
  it.each([
    "home",
    "coming-soon",
    "announcement",
    "app-hub-modal",
    "getting-started-collection",
    "contact-center-collection",
    "hybrid-collection",
    "must-try-collection",
    "support",
  ])("/api/content/%s answers its entries, cached with the collections age", async (type) => {
    const res = await w.fetch(`/api/content/${type}`);
    expect(res.status).toBe(200);
    // wrangler.toml is development: every age is 1 s (spec §9).
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=1, s-maxage=1");
    const { entries } = (await res.json()) as { entries: Json[] };
    expect(entries.length).toBe(fileOf(type).entries.length);
    expect(entries[0]).toEqual(expect.objectContaining({ type, key: fileOf(type).entries[0]!.key, version: 1, updatedAt: expect.any(String) }));
  });

  it("the announcement carries publishDetails, isClosable and both markdowns", async () => {
    const { entries } = (await getJson("/api/content/announcement")) as { entries: Json[] };
    expect(entries[0]).toEqual(expect.objectContaining(bodyOf("announcement")));
  });

  it("modal entries carry the spec §3 fields, and one is found by type and key", async () => {
    const modal = await getJson("/api/content/app-hub-modal/welcome-2026");
    for (const field of ["modal_id", "metrics_id", "title", "modal_content", "modal_note", "modal_button_text", "publish_details"]) {
      expect(modal, field).toHaveProperty(field);
    }
    expect(modal.modal_id).toBe("welcome-2026");
  });

  it("/api/content/coming-soon lists its items sorted by title", async () => {
    const { entries } = (await getJson("/api/content/coming-soon")) as { entries: { items: { title: string }[] }[] };
    const titles = entries[0]!.items.map((i) => i.title);
    expect(titles.length).toBe((bodyOf("coming-soon").items as unknown[]).length);
    expect(titles).toEqual([...titles].sort(byTitle));
  });

  it("collections answer their apps in curated order", async () => {
    for (const type of ["hybrid-collection", "getting-started-collection", "contact-center-collection"]) {
      const { entries } = (await getJson(`/api/content/${type}`)) as { entries: { apps: string[]; items: AppSummary[] }[] };
      const keys = entries[0]!.items.map((a) => a.friendlyId ?? a.id);
      expect(keys.length, type).toBeGreaterThan(0);
      expect(keys, type).toEqual(entries[0]!.apps.filter((k) => cat.byKey(k)?.status === "published" && !cat.byKey(k)?.deprecation));
    }
  });

  it("/api/content/security-integrations answers the provider items; the page entry is /api/content/security-integrations/main", async () => {
    const { items } = (await getJson("/api/content/security-integrations")) as { items: Json[] };
    expect(items).toEqual(bodyOf("security-integrations").items);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(["description", "link", "logo", "name"]);
    const entry = await getJson("/api/content/security-integrations/main");
    expect(entry.title).toBe(bodyOf("security-integrations").title);
  });

  it("/api/fetch-home-apps answers webexSolutionsApps, recentApps and homeEntry", async () => {
    const home = (await getJson("/api/fetch-home-apps")) as {
      webexSolutionsApps: AppSummary[];
      recentApps: AppSummary[];
      homeEntry: { sliders: { id: string; title: string; seeAll: string; items: AppSummary[] }[] };
    };
    expect(Object.keys(home).sort()).toEqual(["homeEntry", "recentApps", "webexSolutionsApps"]);
    expect(home.webexSolutionsApps.map((a) => a.friendlyId)).toEqual(bodyOf("home").featuredApps);
    expect(home.recentApps.map((a) => a.id)).toEqual(
      cat
        .newestFirst(cat.published)
        .slice(0, 8)
        .map((a) => a.id),
    );
    expect(home.homeEntry.sliders.map((s) => s.id)).toEqual(["coming-soon", "messaging-bots", "developer-tools", "most-popular", "introducing-tabs"]);
    for (const slider of home.homeEntry.sliders) expect(slider.items.length, slider.id).toBeGreaterThan(0);
    const comingSoon = home.homeEntry.sliders.find((s) => s.id === "coming-soon")!;
    for (const app of comingSoon.items) expect(app.status).toBe("coming_soon");
  });

  it("/api/fetch-must-try-collection answers items, at most max", async () => {
    const all = (await getJson("/api/fetch-must-try-collection")) as { items: AppSummary[]; total: number };
    expect(all.items.length).toBe(all.total);
    // Deprecated apps are left out of curated lists too (issue 15).
    expect(all.items.map((a) => a.friendlyId ?? a.id)).toEqual((bodyOf("must-try-collection").apps as string[]).filter((k) => !cat.byKey(k)?.deprecation));
    const five = (await getJson("/api/fetch-must-try-collection?max=5")) as { items: AppSummary[] };
    expect(five.items).toEqual(all.items.slice(0, 5));
    await getJson("/api/fetch-must-try-collection?max=0", 400);
  });

  it("an unknown type or key is a 404 with 'No content was found'", async () => {
    for (const path of ["/api/content/nope", "/api/content/announcement/nope", "/api/content/nope/main"]) {
      expect(await getJson(path, 404)).toEqual({ message: "No content was found" });
    }
  });
});

describe("pages from content entries", () => {
  it("/coming-soon shows the entry's items sorted by title", async () => {
    const res = await w.fetch("/coming-soon", { headers: MODERN_BROWSER });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(bodyOf("coming-soon").title);
    const items = bodyOf("coming-soon").items as { title: string; app: string }[];
    const expected = [...items].sort((a, b) => byTitle(a.title, b.title)).map((i) => i.app);
    expect(cards(html).map((c) => c.key)).toEqual(expected);
    expect(shownTotal(html)).toBe(items.length);
    // The visitor can still sort another way.
    const newest = cards(await (await w.fetch("/coming-soon?sort=newest")).text()).map((c) => c.key);
    expect(newest.sort()).toEqual([...expected].sort());
  });

  it("/hybrid-work and /getting-started show their collection entry's title, description and apps", async () => {
    for (const [path, type] of [
      ["/hybrid-work", "hybrid-collection"],
      ["/getting-started", "getting-started-collection"],
    ] as const) {
      const html = await (await w.fetch(path, { headers: MODERN_BROWSER })).text();
      const body = bodyOf(type) as { title: string; description: string; apps: string[] };
      expect(pageTitle(html), path).toBe(`${body.title} | App Hub`);
      expect(heading(html), path).toBe(body.title);
      expect(html).toContain(body.description);
      const published = body.apps.filter((k) => cat.byKey(k)?.status === "published" && !cat.byKey(k)?.deprecation);
      expect(shownTotal(html), path).toBe(published.length);
      for (const card of cards(html)) expect(published, `${path}: ${card.key}`).toContain(card.key);
    }
  });

  it("/casb-dlp-providers shows the providers and no search box in the header", async () => {
    const res = await w.fetch("/casb-dlp-providers", { headers: MODERN_BROWSER });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(bodyOf("security-integrations").title);
    const { text, links, page } = read(html);
    for (const p of bodyOf("security-integrations").items as { name: string; link: string }[]) {
      expect(text).toContain(p.name);
      expect(links).toContain(p.link);
    }
    expect(page.all('[role="search"]')).toEqual([]);
    expect(page.all('input[type="search"]')).toEqual([]);
    // Other pages keep theirs.
    expect(parse(await (await w.fetch("/support", { headers: MODERN_BROWSER })).text()).all('[role="search"]')).not.toEqual([]);
  });

  it("/support shows the e-mail address from the support entry", async () => {
    const { links, page } = read(await (await w.fetch("/support", { headers: MODERN_BROWSER })).text());
    const email = bodyOf("support").email as string;
    expect(links).toContain(`mailto:${email}`);
    expect(page.find("#developer-space")).not.toBeNull();
  });
});

describe("loading content", () => {
  const countRows = async () => (await w.db.prepare("SELECT count(*) AS n FROM content_entries").first<{ n: number }>())!.n;

  it("a bad file is refused with a message naming file, entry and field, and nothing is written", async () => {
    const before = await countRows();
    const version = await w.kv.get("content-version");
    const bad = contentWith(5, { announcement: (b) => ({ ...b, publishDetails: { time: "yesterday", version: 1 } }) });
    await expect(loadContent(w.db, w.kv, bad)).rejects.toThrow(/announcement\.json: entries\[0\] \(main\): body\.publishDetails\.time: Invalid datetime/);
    const missing = contentWith(5, { "security-integrations": (b) => ({ ...b, items: [{ name: "No link", logo: "/x.svg", description: "d" }] }) });
    await expect(loadContent(w.db, w.kv, missing)).rejects.toThrow(/security-integrations\.json: entries\[0\] \(main\): body\.items\[0\]\.link: Required/);
    const unknown = [...repo, { file: "content/banner.json", json: { type: "banner", entries: [] } }];
    await expect(loadContent(w.db, w.kv, unknown)).rejects.toThrow(/banner\.json: type: "banner" is not a content type/);
    expect(await countRows()).toBe(before);
    expect(await w.kv.get("content-version")).toBe(version);
    // Still the stored content.
    const { entries } = (await getJson("/api/content/announcement")) as { entries: Json[] };
    expect(entries[0]!.publishDetails).toEqual(bodyOf("announcement").publishDetails);
  });

  it("a changed entry must carry a higher version", async () => {
    const sameVersion = contentWith(0, { support: (b) => ({ ...b, email: "other@lumen.example" }) });
    await expect(loadContent(w.db, w.kv, sameVersion)).rejects.toThrow(/support\.json: entries\[0\] \(main\): version: the body changed but the version is still 1/);
  });

  it("a new version of an entry shows on its page and API at once (the cache version changes)", async () => {
    // Cache both first.
    await eventually("/hybrid-work", (res) => res.status === 200);
    await loadContent(w.db, w.kv, contentWith(1, { "hybrid-collection": (b) => ({ ...b, title: "Hybrid Work Picks" }) }));
    await eventually("/hybrid-work", (_res, html) => heading(html) === "Hybrid Work Picks");
    await eventually("/api/content/hybrid-collection", (_res, text) => text.includes('"title":"Hybrid Work Picks"') && text.includes('"version":2'));
  });

  it("empty entries are not found: API 404s and /casb-dlp-providers is a 404 page", async () => {
    await loadContent(
      w.db,
      w.kv,
      contentWith(2, { "security-integrations": (b) => ({ ...b, items: [] }), "coming-soon": (b) => ({ ...b, items: [] }), "hybrid-collection": (b) => ({ ...b, apps: [] }) }),
    );
    // Earlier tests may have left a cached 200 that lives until the cache version is re-read.
    for (const path of ["/api/content/security-integrations", "/api/content/security-integrations/main", "/api/content/coming-soon", "/api/content/hybrid-collection"]) {
      await eventually(path, (res) => res.status === 404);
    }
    expect(await getJson("/api/content/security-integrations", 404)).toEqual({ message: "No content was found" });
    const page = await w.fetch("/casb-dlp-providers", { headers: MODERN_BROWSER });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Return Home");
    // An empty coming-soon entry is an empty list, not the catalogue's.
    const html = await eventually("/coming-soon", (_res, text) => text.includes("There are no items to display"));
    expect(cards(html)).toEqual([]);
  });
});
