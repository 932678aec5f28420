// Atom feeds (issue 16): new apps, a category's apps and an app's versions, valid and linked from
// the pages they mirror; conditional GET (ETag, If-None-Match, 304) on feeds and the public API.
import { parse, type HTMLElement } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { Catalogue, page, sleep } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;
beforeAll(async () => {
  w = await startWorker();
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

const key = (a: AppRecord) => a.friendlyId ?? a.id;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

/** The feed, checked against what RFC 4287 requires of a feed and of every entry. */
async function feed(path: string) {
  const res = await w.fetch(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
  const xml = await res.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">')).toBe(true);
  const root = parse(xml, { lowerCaseTagName: false }).querySelector("feed")!;
  const child = (el: HTMLElement, tag: string) => el.childNodes.filter((n): n is HTMLElement => (n as HTMLElement).rawTagName === tag);
  const one = (el: HTMLElement, tag: string) => {
    const found = child(el, tag);
    expect(found, `exactly one <${tag}>`).toHaveLength(1);
    return found[0]!;
  };
  for (const tag of ["id", "title", "updated"]) one(root, tag);
  expect(one(root, "updated").text).toMatch(RFC3339);
  const links = child(root, "link").map((l) => ({ rel: l.getAttribute("rel"), href: l.getAttribute("href") }));
  expect(links.find((l) => l.rel === "self")?.href).toBe(`${w.origin}${path}`);
  expect(links.find((l) => l.rel === "alternate")).toBeDefined();
  const entries = child(root, "entry").map((e) => {
    for (const tag of ["id", "title", "updated"]) one(e, tag);
    expect(one(e, "updated").text).toMatch(RFC3339);
    return {
      id: one(e, "id").text,
      title: one(e, "title").text,
      link: child(e, "link")[0]?.getAttribute("href"),
      content: child(e, "content")[0],
    };
  });
  expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  return { res, xml, root, entries };
}

describe("Atom feeds", () => {
  it("new apps: the 50 newest listed apps, as /brand-new orders them", async () => {
    const { entries } = await feed("/feeds/new-apps");
    const expected = cat.newestFirst(cat.published).slice(0, 50);
    expect(entries.map((e) => e.link)).toEqual(expected.map((a) => `${w.origin}/applications/${encodeURIComponent(key(a))}`));
    expect(entries[0]!.title).toBe(expected[0]!.name);
  });

  it("a category's newest apps; an unknown category is not found", async () => {
    const category = w.catalogue.categories.find((c) => c.slug === "polling-and-surveys")!;
    const ids = cat.categories((c) => c.slug === category.slug && c.categoryType !== "appContext");
    const { entries } = await feed(`/feeds/categories/${category.slug}`);
    const expected = cat.newestFirst(cat.published.filter((a) => cat.inCategories(a, ids))).slice(0, 50);
    expect(entries.map((e) => e.title)).toEqual(expected.map((a) => a.name));
    expect((await w.fetch("/feeds/categories/no-such-category")).status).toBe(404);
  });

  it("an app's versions with their release notes as escaped HTML; none for unknown or coming-soon apps", async () => {
    const app = cat.published.find((a) => a.versions.length >= 3 && a.type !== "embeddedApp")!;
    const { entries } = await feed(`/feeds/apps/${key(app)}`);
    expect(entries.map((e) => e.title)).toEqual(app.versions.map((v) => `${app.name} ${v.version}`));
    const withList = entries.find((e) => e.content?.text.includes("&lt;li&gt;") || e.content?.text.includes("<li>"));
    expect(withList?.content?.getAttribute("type")).toBe("html");
    expect((await w.fetch("/feeds/apps/no-such-app")).status).toBe(404);
    const soon = w.catalogue.apps.find((a) => a.status === "coming_soon")!;
    expect((await w.fetch(`/feeds/apps/${key(soon)}`)).status).toBe(404);
  });

  it("the pages they mirror link to them", async () => {
    const alternate = async (path: string) => page(await (await w.fetch(path)).text()).attr('link[rel="alternate"][type="application/atom+xml"]', "href");
    expect(await alternate("/")).toBe("/feeds/new-apps");
    expect(await alternate("/brand-new")).toBe("/feeds/new-apps");
    expect(await alternate("/category/polling-and-surveys")).toBe("/feeds/categories/polling-and-surveys");
    const app = cat.published.find((a) => a.friendlyId && a.type !== "embeddedApp")!;
    expect(await alternate(`/applications/${app.friendlyId}`)).toBe(`/feeds/apps/${app.friendlyId}`);
    expect(await alternate("/bots")).toBeNull();
  });
});

describe("conditional GET", () => {
  for (const path of ["/feeds/new-apps", "/api/search?appType=bot", "/api/apps/pollster", "/api/fetch-all-categories"]) {
    it(`${path}: an ETag; If-None-Match with it answers 304 without a body, from a render and from the edge cache`, async () => {
      const first = await w.fetch(path);
      expect(first.status).toBe(200);
      const tag = first.headers.get("ETag")!;
      expect(tag).toMatch(/^"[0-9a-f]{32}"$/);
      const body = await first.text();
      const again = await w.fetch(path, { headers: { "If-None-Match": tag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("ETag")).toBe(tag);
      expect(again.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
      // The edge cache is written after the answer (waitUntil), so on a busy machine the second
      // request may come first: ask until the cached copy answers, with a 304 as well.
      await expect
        .poll(async () => {
          const cached = await w.fetch(path, { headers: { "If-None-Match": tag } });
          return `${cached.status} ${cached.headers.get("X-Edge-Cache")} ${await cached.text()}`;
        })
        .toBe("304 HIT ");
      // A weak or listed tag matches too; another tag gets the full answer.
      expect((await w.fetch(path, { headers: { "If-None-Match": `"other", W/${tag}` } })).status).toBe(304);
      const other = await w.fetch(path, { headers: { "If-None-Match": '"0123"' } });
      expect(other.status).toBe(200);
      expect(await other.text()).toBe(body);
    });
  }

  it("a changed answer has a new ETag, so the old one gets the full answer", async () => {
    const path = "/api/apps/pollster";
    const before = await w.fetch(path);
    const tag = before.headers.get("ETag")!;
    await w.db.prepare("UPDATE apps SET tagline = 'Polls, now with charts.' WHERE friendly_id = 'pollster'").run();
    await w.kv.put("catalogue-version", `feeds-${Date.now()}`);
    await sleep(5_100); // the Worker reads the version at most every 5 s (workers/catalogue-version.ts)
    const after = await w.fetch(path, { headers: { "If-None-Match": tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("ETag")).not.toBe(tag);
    expect(((await after.json()) as { tagline: string }).tagline).toBe("Polls, now with charts.");
  }, 15_000);

  it("pages carry no ETag (they revalidate by their own rules); errors neither", async () => {
    expect((await w.fetch("/brand-new")).headers.get("ETag")).toBeNull();
    expect((await w.fetch("/api/apps/no-such-app")).headers.get("ETag")).toBeNull();
  });
});
