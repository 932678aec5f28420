// Portal config switched off (spec §2.1, §2.3): SERVICE_APPS and EMBEDDED_APPS "false" hide those
// app types everywhere, and RENDER_ENVIRONMENT_WARNING "false" hides the test-environment bar.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { appLinks, cards, Catalogue, read, shownTotal } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;

beforeAll(async () => {
  w = await startWorker({ apps: 150, vars: { SERVICE_APPS: "false", EMBEDDED_APPS: "false", RENDER_ENVIRONMENT_WARNING: "false" } });
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

const hidden = new Set(["embeddedApp", "serviceApp"]);
const page = async (path: string) => {
  const res = await w.fetch(path);
  return { res, html: await res.text() };
};

describe("with embedded and service apps off", () => {
  it("/service-apps is 404", async () => {
    const { res, html } = await page("/service-apps");
    expect(res.status).toBe(404);
    expect(html).toContain("Return Home");
  });

  it("/embedded-apps is 404", async () => {
    expect((await page("/embedded-apps")).res.status).toBe(404);
  });

  it("lists leave embedded and service apps out", async () => {
    const { html } = await page("/brand-new");
    const visible = cat.published.filter((a) => !hidden.has(a.type));
    expect(shownTotal(html)).toBe(visible.length);
    expect(cards(html).map((c) => c.key)).toEqual(
      cat
        .newestFirst(visible)
        .slice(0, 32)
        .map((a) => cat.key(a)),
    );
    for (const path of ["/meetings", "/messaging", "/must-try"]) {
      for (const c of cards((await page(path)).html)) expect(hidden.has(cat.byKey(c.key)!.type), `${path}: ${c.key}`).toBe(false);
    }
  });

  it("the home page shows no embedded or service apps", async () => {
    const { html } = await page("/");
    const links = appLinks(html);
    expect(links.length).toBeGreaterThan(0);
    for (const key of links) expect(hidden.has(cat.byKey(key)!.type), key).toBe(false);
    expect(read(html).links).not.toContain("/embedded-apps");
  });

  it("the side navigation has no Embedded Apps or Service Apps links", async () => {
    const { links } = read((await page("/bots")).html);
    expect(links).not.toContain("/embedded-apps");
    expect(links).not.toContain("/service-apps");
    expect(links).toContain("/integrations");
  });

  it("their detail pages are 404", async () => {
    for (const type of hidden) {
      const app = cat.published.find((a) => a.type === type)!;
      expect((await page(`/applications/${encodeURIComponent(cat.key(app))}`)).res.status, type).toBe(404);
    }
  });

  it("the API does not return them", async () => {
    for (const type of hidden) {
      const res = await w.fetch(`/api/search?appType=${type}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ items: [], total: 0 });
    }
    const all = (await (await w.fetch("/api/search?max=100")).json()) as { total: number };
    expect(all.total).toBe(cat.published.filter((a) => !hidden.has(a.type)).length);
    const featured = (await (await w.fetch("/api/fetch-featured-apps")).json()) as { items: { type: string }[] };
    for (const app of featured.items) expect(hidden.has(app.type)).toBe(false);
  });

  it("suggestions and search results leave them out", async () => {
    // Names of hidden apps, typed exactly: they would rank first if they were not dropped.
    for (const type of hidden) {
      const app = cat.published.find((a) => a.type === type)!;
      const suggest = (await (await w.fetch(`/api/suggest?${new URLSearchParams({ q: app.name })}`)).json()) as { items: { name: string; type: string }[] };
      for (const item of suggest.items) expect(hidden.has(item.type), `${app.name}: ${item.name}`).toBe(false);
      for (const c of cards((await page(`/search?${new URLSearchParams({ q: app.name })}`)).html)) {
        expect(hidden.has(cat.byKey(c.key)!.type), `${app.name}: ${c.key}`).toBe(false);
      }
    }
  });

  it("the sitemap leaves their routes and pages out", async () => {
    const xml = await (await w.fetch("/sitemap.xml")).text();
    expect(xml).not.toContain("/embedded-apps<");
    expect(xml).not.toContain("/service-apps<");
    const app = cat.published.find((a) => a.type === "serviceApp" && a.friendlyId)!;
    expect(xml).not.toContain(`/applications/${app.friendlyId}<`);
  });
});

describe("with the test-environment warning off", () => {
  it("does not show the bar", async () => {
    expect((await page("/")).html).not.toContain("Test Environment.");
  });
});
