// Every page route of spec §2.1 against the built Worker with the seeded 400-app catalogue
// (wrangler.toml vars: development, embedded and service apps on, page size 32).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { appLinks, cards, Catalogue, heading, MODERN_BROWSER, page as parse, pageTitle, read, shownTotal, textOf } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;

beforeAll(async () => {
  w = await startWorker();
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

async function page(path: string, init?: RequestInit) {
  const res = await w.fetch(path, init);
  return { res, html: await res.text() };
}

/** The meetings category with the most published meetings apps: a real /meetings/{slug}. */
function busiestCategory(type: "meetings" | "teams") {
  const counts = w.catalogue.categories
    .filter((c) => c.categoryType === type && c.apiId !== "partner_solutions")
    .map((c) => ({ c, n: cat.published.filter((a) => a.productTypes.includes(type) && a.categoryIds.includes(c.id)).length }))
    .sort((a, b) => b.n - a.n);
  return counts[0]!.c;
}

type ListCase = { path: string; title: string; belongs: (app: AppRecord) => boolean; status?: "coming_soon" };

function listCases(): ListCase[] {
  const partner = cat.categories((c) => c.apiId === "partner_solutions");
  const meetingsCategory = busiestCategory("meetings");
  const anyCategory = w.catalogue.categories.find((c) => c.slug === "developer-tools")!;
  const slugIds = cat.categories((c) => c.slug === anyCategory.slug && c.categoryType !== "appContext");
  const product = (p: AppRecord["productType"]) => (a: AppRecord) => a.productTypes.includes(p);
  const type = (t: AppRecord["type"]) => (a: AppRecord) => a.type === t;
  return [
    { path: "/brand-new", title: "What's New", belongs: () => true },
    { path: "/partner-solutions", title: "Partner Solutions", belongs: (a) => cat.inCategories(a, partner) },
    { path: "/must-try", title: "Most Popular", belongs: (a) => a.isFeatured },
    { path: "/hybrid-work", title: "Hybrid Work", belongs: (a) => a.collections.includes("hybrid_work") },
    { path: "/getting-started", title: "Getting Started", belongs: (a) => a.collections.includes("getting_started") },
    { path: "/coming-soon", title: "Coming Soon", belongs: () => true, status: "coming_soon" },
    { path: "/meetings", title: "Meetings", belongs: product("meetings") },
    {
      path: `/meetings/${meetingsCategory.slug}`,
      title: `Meetings: ${meetingsCategory.name}`,
      belongs: (a) => a.productTypes.includes("meetings") && a.categoryIds.includes(meetingsCategory.id),
    },
    { path: "/messaging", title: "Messaging", belongs: product("teams") },
    { path: "/calling", title: "Calling", belongs: product("calling") },
    { path: "/contact-center", title: "Contact Center", belongs: product("contact_center") },
    { path: "/rooms", title: "Rooms", belongs: product("rooms") },
    { path: "/devices", title: "Devices", belongs: product("rooms") },
    { path: "/embedded-apps", title: "Embedded Apps", belongs: type("embeddedApp") },
    { path: "/integrations", title: "Integrations", belongs: type("integration") },
    { path: "/bots", title: "Bots", belongs: type("bot") },
    { path: "/skills", title: "Skills", belongs: type("skill") },
    { path: "/service-apps", title: "Service Apps", belongs: type("serviceApp") },
    { path: `/category/${anyCategory.slug}`, title: anyCategory.name, belongs: (a) => cat.inCategories(a, slugIds) },
  ];
}

describe("list pages (spec §2.1)", () => {
  it("the home page renders with app cards from the catalogue", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    expect(pageTitle(html)).toMatch(/^App Hub/);
    const links = appLinks(html);
    expect(links.length).toBeGreaterThan(8);
    for (const key of links) expect(cat.byKey(key), key).toBeDefined();
    // The first home row is "Most popular": featured apps.
    expect(cat.byKey(links[0]!)!.isFeatured).toBe(true);
  });

  it("every list route answers 200 with its title and only apps that belong there", async () => {
    for (const c of listCases()) {
      const { res, html } = await page(c.path);
      expect(res.status, c.path).toBe(200);
      expect(pageTitle(html), c.path).toBe(`${c.title} | App Hub`);
      expect(heading(html), c.path).toBe(c.title);
      const expected = w.catalogue.apps.filter((a) => a.status === (c.status ?? "published") && !a.deprecation && c.belongs(a));
      expect(expected.length, `${c.path} has apps in the seed`).toBeGreaterThan(0);
      const shown = cards(html);
      expect(shown.length, c.path).toBe(Math.min(32, expected.length));
      for (const card of shown) {
        const app = cat.byKey(card.key);
        expect(app, `${c.path}: ${card.key} is in the catalogue`).toBeDefined();
        expect(expected, `${c.path}: ${app!.name} belongs`).toContain(app);
      }
      expect(shownTotal(html), c.path).toBe(expected.length);
    }
  });

  it("/brand-new lists every published app, newest first", async () => {
    const { html } = await page("/brand-new");
    const expected = cat
      .newestFirst(cat.published)
      .slice(0, 32)
      .map((a) => cat.key(a));
    expect(cards(html).map((c) => c.key)).toEqual(expected);
    expect(shownTotal(html)).toBe(cat.published.length);
  });

  it("product pages offer their categories as filters", async () => {
    const category = busiestCategory("meetings");
    const { html } = await page("/meetings");
    expect(parse(html).links()).toContain(`/meetings/${category.slug}`);
  });

  it("?sort=a-z and ?sort=z-a order by name", async () => {
    const az = cards((await page("/brand-new?sort=a-z")).html).map((c) => c.key);
    expect(az).toEqual(
      cat
        .byName(cat.published, "asc")
        .slice(0, 32)
        .map((a) => cat.key(a)),
    );
    const za = cards((await page("/brand-new?sort=z-a")).html).map((c) => c.key);
    expect(za).toEqual(
      cat
        .byName(cat.published, "desc")
        .slice(0, 32)
        .map((a) => cat.key(a)),
    );
  });

  it("an unknown sort falls back to newest first", async () => {
    const keys = cards((await page("/bots?sort=bogus")).html).map((c) => c.key);
    const bots = cat.published.filter((a) => a.type === "bot");
    expect(keys).toEqual(
      cat
        .newestFirst(bots)
        .slice(0, 32)
        .map((a) => cat.key(a)),
    );
  });

  it("shows 32 apps a page, and ?page=2 shows the first 64 (load more without JavaScript)", async () => {
    const first = cards((await page("/brand-new")).html);
    expect(first.map((c) => c.position)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    const { html } = await page("/brand-new?page=2");
    expect(parse(html).find("#item-33")).not.toBeNull();
    const both = cards(html);
    expect(both.map((c) => c.position)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    expect(both.map((c) => c.key)).toEqual(
      cat
        .newestFirst(cat.published)
        .slice(0, 64)
        .map((a) => cat.key(a)),
    );
    // The "Load more" link goes to the next page and jumps to its first new card.
    expect(parse(html).links()).toContain("/brand-new?page=3#item-65");
  });

  it("?page=2&from=2 returns only items 33-64 (load more with JavaScript)", async () => {
    const { res, html } = await page("/brand-new?page=2&from=2");
    expect(res.status).toBe(200);
    const shown = cards(html);
    expect(shown.map((c) => c.position)).toEqual(Array.from({ length: 32 }, (_, i) => i + 33));
    expect(shown.map((c) => c.key)).toEqual(
      cat
        .newestFirst(cat.published)
        .slice(32, 64)
        .map((a) => cat.key(a)),
    );
  });

  it("the last page has no load-more link", async () => {
    const pages = Math.ceil(cat.published.length / 32);
    const { html } = await page(`/brand-new?page=${pages}&from=${pages}`);
    expect(cards(html).at(-1)!.position).toBe(cat.published.length);
    expect(html).not.toContain("Load more");
  });

  it("a malformed page parameter falls back to the first page", async () => {
    for (const bad of ["0", "-1", "abc", "1.5"]) {
      const { res, html } = await page(`/brand-new?page=${bad}`);
      expect(res.status).toBe(200);
      expect(cards(html).length).toBe(32);
    }
  });

  it("outside production, list pages are cached for 1 s (spec §9)", async () => {
    const { res } = await page("/skills");
    expect(res.headers.get("Cache-Control")).toContain("s-maxage=1");
    expect(res.headers.get("Cache-Control")).toContain("public");
  });

  it("the side navigation follows spec §2.3", async () => {
    const { html } = await page("/brand-new");
    const p = parse(html);
    const nav = p.labelled("Categories and filters")!;
    expect(nav).not.toBeNull();
    const navLinks = p.links(nav);
    // Categories: one per apiId, no appContext, no partner_solutions, by name, 'other' last.
    const byApiId = new Map<string, { slug: string; name: string }>();
    for (const c of w.catalogue.categories) {
      if (c.categoryType !== "appContext" && c.apiId !== "partner_solutions" && !byApiId.has(c.apiId)) byApiId.set(c.apiId, c);
    }
    const expected = [...byApiId.entries()]
      .filter(([apiId]) => apiId !== "other")
      .map(([, c]) => c)
      .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }))
      .map((c) => c.slug);
    expected.push("other");
    const links = navLinks.filter((href) => href.startsWith("/category/")).map((href) => href.slice("/category/".length));
    // The nav renders its groups for phones and for desktops: the same list each time.
    const unique = links.slice(0, expected.length);
    expect(unique).toEqual(expected);
    expect(links.length % expected.length).toBe(0);
    for (const path of ["/meetings", "/messaging", "/calling", "/contact-center", "/devices", "/embedded-apps", "/integrations", "/bots", "/skills", "/service-apps"]) {
      expect(navLinks).toContain(path);
    }
    for (const path of ["/getting-started", "/must-try", "/brand-new", "/partner-solutions", "/hybrid-work"]) {
      expect(navLinks).toContain(path);
    }
  });
});

describe("not found and error pages", () => {
  it.each(["/meetings/not-a-category", "/brand-new/foo", "/bots/productivity", "/category/not-a-category"])("%s is 404", async (path) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(404);
    expect(html).toContain("Return Home");
  });

  it.each(["/nope", "/a/b/c"])("unknown path %s is 404 with 'Return Home'", async (path) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(404);
    expect(heading(html)).toBe("Page not found");
    expect(html).toContain("Return Home");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("/internal-server is 500 with 'Return Home'", async () => {
    const { res, html } = await page("/internal-server");
    expect(res.status).toBe(500);
    expect(html).toContain("Return Home");
    expect(heading(html)).toBe("Internal server error");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("/time-out is 504 with 'Return Home'", async () => {
    const { res, html } = await page("/time-out");
    expect(res.status).toBe(504);
    expect(html).toContain("Return Home");
    expect(heading(html)).toBe("Time-out");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("app details (spec §2.1 APP_DETAILS)", () => {
  function jsonLd(html: string) {
    const [ld] = parse(html).jsonLd();
    expect(ld, "JSON-LD script").toBeDefined();
    return ld!;
  }
  /** The detail page's description (the section labelled "Description"). */
  const description = (html: string) => parse(html).labelled("Description")!;
  const bold = (html: string) => description(html).querySelectorAll("strong").map(textOf);

  it("opens an app by its friendlyId, with JSON-LD and the anonymous add link", async () => {
    const app = cat.published.find((a) => a.friendlyId && !a.requiresAdmin)!;
    const { res, html } = await page(`/applications/${app.friendlyId}`);
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(app.name);
    expect(read(html).text).toContain(app.companyName);
    expect(html).toContain("Log in to add app +");
    expect(html).not.toContain("Requires Admin");
    const ld = jsonLd(html);
    expect(ld["@type"]).toBe("SoftwareApplication");
    expect(ld.name).toBe(app.name);
    expect(ld.url).toBe(`http://127.0.0.1:8787/applications/${app.friendlyId}`);
  });

  it("opens an app without a friendlyId by its id", async () => {
    const app = cat.published.find((a) => a.friendlyId === null)!;
    expect(app).toBeDefined();
    const { res, html } = await page(`/applications/${app.id}`);
    expect(res.status).toBe(200);
    expect(heading(html)).toBe(app.name);
    expect(jsonLd(html)["@type"]).toBe("SoftwareApplication");
  });

  it("shows 'Requires Admin' for an app that requires an admin", async () => {
    const app = cat.published.find((a) => a.requiresAdmin)!;
    const { res, html } = await page(`/applications/${encodeURIComponent(cat.key(app))}`);
    expect(res.status).toBe(200);
    expect(html).toContain("Requires Admin");
  });

  it("links the app's categories", async () => {
    const app = cat.published.find((a) => a.friendlyId && a.categoryIds.length > 0)!;
    const { html } = await page(`/applications/${app.friendlyId}`);
    const category = w.catalogue.categories.find((c) => c.id === app.categoryIds[0])!;
    expect(parse(html).links()).toContain(`/category/${category.slug}`);
  });

  it("renders the markdown description", async () => {
    const app = cat.published.find((a) => a.friendlyId && a.description.includes("**Key features**"))!;
    const { html } = await page(`/applications/${app.friendlyId}`);
    expect(bold(html)).toContain("Key features");
    expect(description(html).querySelector("ul > li")).not.toBeNull();
  });

  it.each(["nope", "not-an-app", "%3Cscript%3E"])("an unknown app %s is 404", async (id) => {
    const { res, html } = await page(`/applications/${id}`);
    expect(res.status).toBe(404);
    expect(html).toContain("Return Home");
  });

  it("escapes hostile markdown, names and taglines (nothing executable survives)", async () => {
    const description = [
      "Hello <script>alert('desc')</script>",
      "",
      '<img src=x onerror="alert(1)"> <iframe src="https://evil.example"></iframe>',
      "",
      "[click me](javascript:alert(2)) and **bold**",
    ].join("\n");
    await w.db
      .prepare(
        `INSERT INTO apps (seq, id, friendly_id, name, logo, type, product_type, company_name, tagline, description, submitted_at, updated_at, status)
         VALUES (100001, 'evil-app-id', 'evil-app', ?, '/logos/ev-1-1.svg', 'integration', 'teams', 'Evil <b>Corp</b>', ?, ?, '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z', 'published')`,
      )
      .bind("<script>alert('name')</script>", "</script><script>alert('tagline')</script>", description)
      .run();
    try {
      const { res, html } = await page("/applications/evil-app");
      expect(res.status).toBe(200);
      const p = parse(html);
      // No injected element: no script that runs alert, no img, no iframe, no javascript: link, no <b>.
      expect(p.all("script").filter((s) => s.rawText.trimStart().startsWith("alert"))).toEqual([]);
      expect(p.all('img[src="x"]')).toEqual([]);
      expect(p.all("iframe")).toEqual([]);
      expect(p.all("[href]").filter((e) => /^\s*javascript:/i.test(e.getAttribute("href")!))).toEqual([]);
      expect(p.all("b").filter((b) => textOf(b) === "Corp")).toEqual([]);
      // The hostile name shows as text, escaped.
      expect(p.text()).toContain("<script>alert");
      expect(bold(html)).toContain("bold");
      // The JSON-LD block stays one script whose text is the data, not markup.
      expect(p.jsonLd()[0]!.description).toBe("</script><script>alert('tagline')</script>");
    } finally {
      await w.db.prepare("DELETE FROM apps WHERE seq = 100001").run();
    }
  });
});

describe("unsupported browsers (spec §2.1)", () => {
  const IE11 = { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko", Accept: "text/html, application/xhtml+xml, image/jxr, */*" };
  const MSIE11 = { "User-Agent": "Mozilla/4.0 (compatible; MSIE 11.0; Windows NT 6.3; Trident/7.0)", Accept: "text/html, */*" };

  it.each([
    ["IE 11", IE11],
    ["MSIE 11", MSIE11],
  ])("%s asking for /brand-new gets the unsupported-browser page, never cached", async (_name, headers) => {
    const { res, html } = await page("/brand-new", { headers });
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Your browser is not supported");
    expect(html).toContain("Return Home");
    expect(cards(html)).toEqual([]);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("X-Edge-Cache")).toBeNull();
    // Sent without our scripts: hydrating it as /brand-new would end on the error page (issue 12).
    const p = parse(html);
    expect(p.all("script[src]")).toEqual([]);
    expect(p.all('link[rel="modulepreload"]')).toEqual([]);
    expect(p.all("script").filter((s) => s.rawText.includes("__remixContext"))).toEqual([]);
  });

  it("a modern browser still gets the real page afterwards", async () => {
    const { html } = await page("/brand-new", { headers: MODERN_BROWSER });
    expect(heading(html)).toBe("What's New");
  });

  it("/unsupported-browser sends a modern browser home", async () => {
    const { res } = await page("/unsupported-browser", { headers: MODERN_BROWSER });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("/unsupported-browser shows the page to an old browser", async () => {
    const { res, html } = await page("/unsupported-browser", { headers: IE11 });
    expect(res.status).toBe(200);
    expect(heading(html)).toBe("Your browser is not supported");
  });

  it("a crawler claiming an old Chrome still gets the real page", async () => {
    const googlebot =
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    const { html } = await page("/brand-new", { headers: { "User-Agent": googlebot, Accept: "text/html" } });
    expect(heading(html)).toBe("What's New");
  });
});
