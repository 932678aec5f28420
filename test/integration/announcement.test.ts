// The announcement banner and CMS modals (spec §4, §9 hd_an_bnr_dp) and the home carousels (§2.5)
// against the built Worker, in production settings so the edge cache is on. Content entries are
// written straight into D1 (the table of migrations/0006); each functional request carries a
// one-time notice cookie (as after a form post), so it never meets or fills the shared cache (a
// unique query no longer does that: cache keys hold only known parameters, issue 12); the edge-cache
// tests at the end ask without it on purpose.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { appLinks, formsIn, MODERN_BROWSER, page, sleep, textOf, type Element } from "./html.ts";
import { FLASH_COOKIE } from "../../app/lib/flash.server.ts";

let w: TestWorker;
const ORIGIN = "http://127.0.0.1:8787";

const T0 = "2025-03-10T09:00:00.000Z";
const T_BEFORE = "2025-03-01T09:00:00.000Z";
const T_AFTER = "2025-04-01T09:00:00.000Z";

type Announcement = { publishDetails?: { time: string; version: number }; isClosable: boolean; markdownDesktop: string; markdownMobile: string };
const announcement = (over: Partial<Announcement> = {}): Announcement => ({
  publishDetails: { time: T0, version: 7 },
  isClosable: true,
  markdownDesktop: "**Big news** on desktop: [read more](https://example.com/news)",
  markdownMobile: "Big news on mobile",
  ...over,
});
const modal = (id: string, time = T0, position = 0) => ({
  position,
  body: {
    modal_id: id,
    metrics_id: `metrics-${id}`,
    title: `Title of ${id}`,
    modal_content: `Body of **${id}**`,
    modal_note: `Note of ${id}`,
    modal_button_text: `Got it ${id}`,
    publish_details: [{ time }],
  },
});

let contentVersion = 0;
async function putContent(type: string, key: string, body: unknown, position = 0): Promise<void> {
  await w.db
    .prepare("INSERT OR REPLACE INTO content_entries (type, key, version, body, position, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(type, key, 1, JSON.stringify(body), position, new Date().toISOString())
    .run();
  await w.kv.put("content-version", String(++contentVersion));
}
async function clearContent(type: string): Promise<void> {
  await w.db.prepare("DELETE FROM content_entries WHERE type = ?").bind(type).run();
  await w.kv.put("content-version", String(++contentVersion));
}

/** A page as the Worker renders it now, never from the edge cache (see the top of the file). */
async function get(path: string, cookie?: string) {
  const res = await w.fetch(path, { headers: { ...MODERN_BROWSER, Cookie: `${FLASH_COOKIE}=none${cookie ? `; ${cookie}` : ""}` } });
  return { res, html: await res.text() };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return w.fetch(path, {
    method: "POST",
    headers: { ...MODERN_BROWSER, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The announcement banner (the region labelled "Announcement"), or null. */
const banner = (html: string) => page(html).labelled("Announcement");
/** The CMS modals on a page (the footer's disclaimer is a <dialog> too). */
const dialogs = (html: string) => page(html).all('dialog[aria-labelledby^="cms-modal-"]');
/** The form inside an element that posts to `action`: its method and fields. */
const formTo = (within: Element, action: string) => formsIn(within).find((f) => f.action === action);
/** The texts of the bold (strong) runs inside an element. */
const bold = (within: Element) => within.querySelectorAll("strong").map(textOf);
const cookieValue = (setCookie: string | null, name: string) => new RegExp(`(?:^|, )${name}=([^;]*)`).exec(setCookie ?? "")?.[1] ?? null;

beforeAll(async () => {
  w = await startWorker({ apps: 150, vars: { SERVER_ENVIRONMENT: "production", IMAGE_PROXY_ALLOW_PRIVATE: "false", OEMBED_ENDPOINT: "https://oembed.invalid/" } });
});
afterAll(() => w?.dispose());

describe("announcement banner (spec §4)", () => {
  beforeAll(() => clearContent("app-hub-modal"));

  it("is not shown without an announcement entry", async () => {
    await clearContent("announcement");
    const { res, html } = await get("/");
    expect(res.status).toBe(200);
    expect(banner(html)).toBeNull();
  });

  it("shows the desktop and mobile markdown, rendered, and a Close form with the publish time", async () => {
    await putContent("announcement", "main", announcement());
    const { html } = await get("/");
    const b = banner(html)!;
    expect(b).not.toBeNull();
    expect(textOf(b)).toContain("Big news on desktop");
    expect(bold(b)).toContain("Big news");
    expect(b.querySelector('a[href="https://example.com/news"]')?.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(textOf(b)).toContain("Big news on mobile");
    expect(formTo(b, "/preferences/announcement")).toMatchObject({ method: "post", fields: { time: T0 } });
    expect(b.querySelector('[aria-label="Close announcement"]')).not.toBeNull();
    expect(page(html).find('[data-version="7"]')).not.toBeNull();
  });

  it("has no Close when the entry is not closable", async () => {
    await putContent("announcement", "main", announcement({ isClosable: false }));
    const b = banner((await get("/")).html)!;
    expect(b).not.toBeNull();
    expect(b.querySelector('[aria-label="Close announcement"]')).toBeNull();
    expect(textOf(b)).not.toContain("Close announcement");
    await putContent("announcement", "main", announcement());
  });

  it("is not shown when the entry has no publish details", async () => {
    await putContent("announcement", "main", announcement({ publishDetails: undefined }));
    expect(banner((await get("/")).html)).toBeNull();
    await putContent("announcement", "main", announcement());
  });

  it("is hidden by hd_an_bnr_dp holding the same or a later time, shown for an earlier or garbled one", async () => {
    expect(banner((await get("/", `hd_an_bnr_dp=${T0}`)).html)).toBeNull();
    expect(banner((await get("/", `hd_an_bnr_dp=${T_AFTER}`)).html)).toBeNull();
    expect(banner((await get("/", `hd_an_bnr_dp=${T_BEFORE}`)).html)).not.toBeNull();
    expect(banner((await get("/", "hd_an_bnr_dp=%E0%A4%A")).html)).not.toBeNull();
    expect(banner((await get("/", "hd_an_bnr_dp=yes")).html)).not.toBeNull();
  });

  it("is shown again when a newer announcement is published", async () => {
    await putContent("announcement", "main", announcement({ publishDetails: { time: T_AFTER, version: 8 } }));
    const { html } = await get("/", `hd_an_bnr_dp=${T0}`);
    expect(banner(html)).not.toBeNull();
    expect(page(html).find('[data-version="8"]')).not.toBeNull();
    await putContent("announcement", "main", announcement());
  });

  it("Close without JavaScript stores the publish time and redirects back (Post/Redirect/Get)", async () => {
    const res = await post("/preferences/announcement", { time: T0, returnTo: "/" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    const setCookie = res.headers.get("Set-Cookie");
    expect(cookieValue(setCookie, "hd_an_bnr_dp")).toBe(T0);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d+/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(banner((await get("/", `hd_an_bnr_dp=${cookieValue(setCookie, "hd_an_bnr_dp")}`)).html)).toBeNull();
  });

  it("Close with JavaScript (enhanced) answers JSON instead of redirecting", async () => {
    const res = await post("/preferences/announcement", { time: T0, returnTo: "/", enhanced: "true" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closed: true });
    expect(cookieValue(res.headers.get("Set-Cookie"), "hd_an_bnr_dp")).toBe(T0);
  });

  it("stores a time in one spelling and refuses a bad one; never redirects off site", async () => {
    const res = await post("/preferences/announcement", { time: "2025-03-10T10:00:00+01:00", returnTo: "//evil.example/x" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(cookieValue(res.headers.get("Set-Cookie"), "hd_an_bnr_dp")).toBe(T0);
    const bad = await post("/preferences/announcement", { time: "tomorrow", returnTo: "/" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Set-Cookie")).toBeNull();
  });

  it("needs no CSRF token, but a cross-site post is refused", async () => {
    const res = await post("/preferences/announcement", { time: T0 }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("a failed read hides the banner and the page still loads", async () => {
    await putContent("announcement", "main", { isClosable: "maybe" });
    const { res, html } = await get("/");
    expect(res.status).toBe(200);
    expect(banner(html)).toBeNull();
    expect(appLinks(html).length).toBeGreaterThan(0);
    await putContent("announcement", "main", announcement());
  });
});

describe("CMS modals (spec §2.5 closable modal, §4)", () => {
  beforeAll(async () => {
    await clearContent("announcement");
    await putContent("app-hub-modal", "welcome", modal("welcome").body, 0);
    await putContent("app-hub-modal", "tips", modal("tips").body, 1);
  });

  it("renders the first visible modal as an open dialog with title, body, note, button and Close", async () => {
    const { html } = await get("/");
    const found = dialogs(html);
    expect(found).toHaveLength(1);
    const d = found[0]!;
    expect(d.hasAttribute("open")).toBe(true);
    expect(d.getAttribute("aria-labelledby")).toBe("cms-modal-welcome-title");
    expect(textOf(d)).toContain("Title of welcome");
    expect(textOf(d)).toContain("Body of welcome");
    expect(bold(d)).toContain("welcome");
    expect(textOf(d)).toContain("Note of welcome");
    expect(textOf(d)).toContain("Got it welcome");
    expect(d.querySelector('[aria-label="Close"]')).not.toBeNull();
    expect(formTo(d, "/preferences/modal")).toMatchObject({ fields: { modalId: "welcome", time: T0 } });
  });

  it("Close without JavaScript stores a cookie keyed by modal id and redirects back", async () => {
    const res = await post("/preferences/modal", { modalId: "welcome", time: T0, returnTo: "/" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(cookieValue(res.headers.get("Set-Cookie"), "hd_modal_welcome")).toBe(T0);
  });

  it("a closed modal stays closed and the next one shows; all closed shows none", async () => {
    const next = dialogs((await get("/", `hd_modal_welcome=${T0}`)).html);
    expect(next).toHaveLength(1);
    expect(textOf(next[0])).toContain("Title of tips");
    expect(dialogs((await get("/", `hd_modal_welcome=${T0}; hd_modal_tips=${T0}`)).html)).toHaveLength(0);
  });

  it("shows again when the modal's publish time is later than the cookie's", async () => {
    await putContent("app-hub-modal", "welcome", modal("welcome", T_AFTER).body, 0);
    const shown = dialogs((await get("/", `hd_modal_welcome=${T0}; hd_modal_tips=${T0}`)).html);
    expect(shown).toHaveLength(1);
    expect(textOf(shown[0])).toContain("Title of welcome");
    expect(formTo(shown[0]!, "/preferences/modal")?.fields.time).toBe(T_AFTER);
    await putContent("app-hub-modal", "welcome", modal("welcome").body, 0);
  });

  it("refuses a post without a modal id or with a bad time", async () => {
    expect((await post("/preferences/modal", { time: T0 })).status).toBe(400);
    expect((await post("/preferences/modal", { modalId: "welcome", time: "x" })).status).toBe(400);
  });

  it("enhanced Close answers JSON", async () => {
    const res = await post("/preferences/modal", { modalId: "tips", time: T0, enhanced: "true" });
    expect(res.status).toBe(200);
    expect(cookieValue(res.headers.get("Set-Cookie"), "hd_modal_tips")).toBe(T0);
  });
});

describe("not found (spec §2.1: loads the announcement, the modal entries and all categories)", () => {
  it("shows the banner and a modal on the 404 page, with the side-nav categories", async () => {
    await putContent("announcement", "main", announcement());
    const { res, html } = await get("/no-such-page");
    expect(res.status).toBe(404);
    expect(banner(html)).not.toBeNull();
    expect(formTo(banner(html)!, "/preferences/announcement")?.fields.returnTo).toMatch(/^\/no-such-page/);
    expect(dialogs(html)).toHaveLength(1);
    expect(page(html).links()).toContainEqual(expect.stringMatching(/^\/category\/[a-z0-9-]+$/));
  });

  it("does so for a path only the catch-all route matches", async () => {
    const { res, html } = await get("/no/such/deep/page");
    expect(res.status).toBe(404);
    expect(banner(html)).not.toBeNull();
    expect(dialogs(html)).toHaveLength(1);
  });

  it.each(["/applications/no-such-app", "/category/no-such-category", "/meetings/no-such-category"])("does so for an unknown app or category (%s)", async (path) => {
    const { res, html } = await get(path);
    expect(res.status).toBe(404);
    expect(banner(html)).not.toBeNull();
    expect(dialogs(html)).toHaveLength(1);
  });

  it("honours the cookies there too", async () => {
    const { html } = await get("/no-such-page", `hd_an_bnr_dp=${T0}; hd_modal_welcome=${T0}; hd_modal_tips=${T0}`);
    expect(banner(html)).toBeNull();
    expect(dialogs(html)).toHaveLength(0);
  });
});

describe("home carousels (spec §2.5)", () => {
  it("shows the home entry's featured apps and sliders as labelled carousels of links", async () => {
    const published = w.catalogue.apps.filter((a) => a.status === "published" && a.type !== "embeddedApp");
    const keys = published.map((a) => a.friendlyId ?? a.id);
    await putContent("home", "main", {
      sliders: [
        { id: "messaging-bots", title: "Messaging bots", description: "Bots for spaces.", seeAll: "/bots", apps: keys.slice(0, 3) },
        { id: "developer-tools", title: "Developer tools", description: "Build things.", seeAll: "/category/developer-tools", apps: keys.slice(3, 5) },
      ],
      featuredApps: keys.slice(5, 9),
      recentAppsLimit: 4,
    });
    const { html } = await get("/");
    const p = page(html);
    const carousels = p.all('[aria-roledescription="carousel"]').map((c) => c.getAttribute("aria-labelledby"));
    expect(carousels).toEqual(["carousel-featured-title", "carousel-messaging-bots-title", "carousel-brand-new-title", "carousel-developer-tools-title"]);
    expect(p.find('[aria-roledescription="slide"][aria-label="1 of 4"]')).not.toBeNull();
    expect(p.find('[aria-roledescription="slide"][aria-label="3 of 3"]')).not.toBeNull();
    // The featured slides link to the entry's apps, in its order.
    const linked = appLinks(html);
    expect(linked.slice(0, 4)).toEqual(keys.slice(5, 9));
    expect(linked.slice(4, 7)).toEqual(keys.slice(0, 3));
    // No Previous/Next in the server's HTML: they exist only with JavaScript.
    expect(p.withText("Previous")).toEqual([]);
    await clearContent("home");
  });

  it("without a home entry falls back to catalogue rows", async () => {
    const { html } = await get("/");
    expect(page(html).find('[aria-labelledby="carousel-most-popular-title"]')).not.toBeNull();
    expect(appLinks(html).length).toBeGreaterThan(8);
  });
});

describe("edge cache variants (workers/edge-cache.ts)", () => {
  async function untilHit(path: string, cookie?: string): Promise<string> {
    for (let i = 0; i < 40; i++) {
      const res = await w.fetch(path, { headers: { ...MODERN_BROWSER, ...(cookie ? { Cookie: cookie } : {}) } });
      const html = await res.text();
      if (res.headers.get("X-Edge-Cache") === "HIT") return html;
      await sleep(25);
    }
    throw new Error(`${path} never came from the edge cache`);
  }

  it("keeps separate cached pages for the banner and modal cookies", async () => {
    await putContent("announcement", "main", announcement());
    await putContent("app-hub-modal", "welcome", modal("welcome").body, 0);
    await clearContent("nothing"); // a fresh content version: nothing cached from earlier tests
    await sleep(5_100); // the Worker memoises the version for 5 s

    const plain = await untilHit("/?edge=1");
    expect(banner(plain)).not.toBeNull();
    expect(dialogs(plain)).toHaveLength(1);

    const bannerClosed = await untilHit("/?edge=1", `hd_an_bnr_dp=${T0}`);
    expect(banner(bannerClosed)).toBeNull();
    expect(dialogs(bannerClosed)).toHaveLength(1);

    const allClosed = await untilHit("/?edge=1", `hd_an_bnr_dp=${T0}; hd_modal_welcome=${T0}; hd_modal_tips=${T0}`);
    expect(banner(allClosed)).toBeNull();
    expect(dialogs(allClosed)).toHaveLength(0);

    // The anonymous copy is still the one with the banner.
    expect(banner(await untilHit("/?edge=1"))).not.toBeNull();
  });
});
