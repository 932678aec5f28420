// The Worker's edge behaviour in production settings: security headers, the edge cache (spec §9
// production ages), cross-site and method refusals, /sitemap.xml and /robots.txt.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { Catalogue, MODERN_BROWSER, page, sleep } from "./html.ts";

let w: TestWorker;
let cat: Catalogue;

beforeAll(async () => {
  w = await startWorker({ apps: 150, vars: { SERVER_ENVIRONMENT: "production", IMAGE_PROXY_ALLOW_PRIVATE: "false" } });
  cat = new Catalogue(w.catalogue);
});
afterAll(() => w?.dispose());

const get = (path: string, headers: Record<string, string> = {}) => w.fetch(path, { headers: { ...MODERN_BROWSER, ...headers } });

/** The edge cache is written in waitUntil, after the response: ask again until it is there. */
async function untilHit(path: string, headers: Record<string, string> = {}): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await get(path, headers);
    if (res.headers.get("X-Edge-Cache") === "HIT") return res;
    await res.arrayBuffer();
    await sleep(25);
  }
  throw new Error(`${path} never came from the edge cache`);
}

function cspNonce(res: Response): string {
  const csp = res.headers.get("Content-Security-Policy") ?? "";
  const m = /script-src 'nonce-([^']+)'/.exec(csp);
  expect(m, csp).not.toBeNull();
  return m![1]!;
}

/** The nonce of every script that runs (JSON data blocks need none). */
function scriptNonces(html: string): string[] {
  return page(html)
    .scripts()
    .map((s) => s.getAttribute("nonce") ?? "(none)");
}

describe("security headers", () => {
  it("an HTML page carries a CSP whose nonce is on every script", async () => {
    const res = await get("/category/analytics");
    const html = await res.text();
    const nonce = cspNonce(res);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    const nonces = scriptNonces(html);
    expect(nonces.length).toBeGreaterThan(0);
    for (const n of nonces) expect(n).toBe(nonce);
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("'unsafe-inline'");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("each uncached page gets a fresh nonce", async () => {
    const a = cspNonce(await get("/nope"));
    const b = cspNonce(await get("/nope"));
    expect(a).not.toBe(b);
  });

  it("a page served from the edge cache keeps its CSP nonce and its scripts in step", async () => {
    await get("/category/crm");
    const hit = await untilHit("/category/crm");
    const nonce = cspNonce(hit);
    for (const n of scriptNonces(await hit.text())) expect(n).toBe(nonce);
  });

  it("JSON responses get nosniff, a Referrer-Policy and a locked-down CSP", async () => {
    const res = await get("/api/search?max=1");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  });

  it("HSTS is sent only for https requests", async () => {
    expect((await get("/brand-new")).headers.get("Strict-Transport-Security")).toBeNull();
    const secure = (await w.mf.dispatchFetch("https://127.0.0.1:8787/brand-new", { headers: MODERN_BROWSER, redirect: "manual" })) as unknown as Response;
    expect(secure.status).toBe(200);
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{7,}/);
    await secure.arrayBuffer();
  });

  it("error responses carry the security headers too", async () => {
    for (const res of [await get("/nope"), await w.fetch("/brand-new", { method: "PUT" }), await get("/api/search?max=0")]) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("edge cache", () => {
  it("the second anonymous GET of a list page is a HIT, with production ages", async () => {
    const first = await get("/bots");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toContain("s-maxage=3600");
    expect(first.headers.get("Cache-Control")).toContain("public");
    await first.text();
    const second = await untilHit("/bots");
    expect(second.headers.get("Cache-Control")).toContain("s-maxage=3600");
    expect(await second.text()).toContain("Bots");
  });

  it("caches the API with the production age", async () => {
    const res = await get("/api/search?appType=skill");
    expect(res.headers.get("Cache-Control")).toContain("s-maxage=3600");
    await untilHit("/api/search?appType=skill");
  });

  it("a request with a __session cookie never comes from, or goes into, the cache", async () => {
    await untilHit("/integrations");
    for (let i = 0; i < 3; i++) {
      // Not a session of ours: the page clears the cookie and reloads logged out, uncached.
      const res = await get("/integrations", { Cookie: "__session=abc123" });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/integrations");
      expect(res.headers.get("X-Edge-Cache")).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.getSetCookie().some((c) => /^__session=;.*Max-Age=0/i.test(c))).toBe(true);
      await res.text();
    }
  });

  it("the test-environment bar cookie gets its own cache entry", async () => {
    await untilHit("/skills");
    const hidden = await get("/skills", { Cookie: "isAlertTestHidden=true" });
    expect(hidden.headers.get("X-Edge-Cache")).toBe("MISS");
    expect(await hidden.text()).not.toContain("Test Environment.");
    const shown = await untilHit("/skills");
    expect(await shown.text()).toContain("Test Environment.");
  });

  it("error pages and unsupported-browser pages are never cached", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get("/nope");
      expect(res.headers.get("X-Edge-Cache")).toBeNull();
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    }
    const internal = await get("/internal-server");
    expect(internal.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("a new catalogue version invalidates cached pages", async () => {
    await untilHit("/calling");
    await w.kv.put("catalogue-version", `test-${Date.now()}`);
    // The Worker memoises the version for 5 s per isolate: the old entry may serve until then.
    const started = Date.now();
    let res: Response;
    for (;;) {
      res = await get("/calling");
      if (res.headers.get("X-Edge-Cache") !== "HIT") break;
      await res.arrayBuffer();
      expect(Date.now() - started, "cache still HIT long after the version changed").toBeLessThan(7000);
      await sleep(200);
    }
    expect(res.headers.get("X-Edge-Cache")).toBe("MISS");
    await res.arrayBuffer();
    await untilHit("/calling");
  });
});

describe("list totals", () => {
  // Totals are memoised per catalogue version (app/models/catalogue-memo.server.ts): a catalogue
  // change that comes with a new version must show up in the counts, never a stale memo.
  it("a list's total follows the catalogue once its version changes", async () => {
    const total = async () => {
      const res = await get("/api/search?productType=rooms");
      return ((await res.json()) as { total: number }).total;
    };
    const before = await total();
    expect(before).toBeGreaterThan(0);
    const { results } = await w.db
      .prepare("SELECT a.seq FROM apps a JOIN app_product_types p ON p.app_seq = a.seq WHERE p.product_type = 'rooms' AND a.status = 'published' LIMIT 1")
      .all<{ seq: number }>();
    const seq = results[0]!.seq;
    await w.db.prepare("UPDATE apps SET status = 'coming_soon' WHERE seq = ?").bind(seq).run();
    try {
      await w.kv.put("catalogue-version", `totals-${Date.now()}`);
      const started = Date.now();
      let now = await total();
      while (now === before && Date.now() - started < 7000) {
        await sleep(200);
        now = await total();
      }
      expect(now).toBe(before - 1);
    } finally {
      await w.db.prepare("UPDATE apps SET status = 'published' WHERE seq = ?").bind(seq).run();
      await w.kv.put("catalogue-version", `totals-restored-${Date.now()}`);
    }
  });
});

describe("categories", () => {
  // Also memoised per catalogue version (listCategories): a renamed category shows once the
  // version changes.
  it("a renamed category shows after the version changes", async () => {
    const { results } = await w.db.prepare("SELECT id, name FROM categories WHERE category_type <> 'appContext' LIMIT 1").all<{ id: string; name: string }>();
    const { id, name } = results[0]!;
    const names = async () => ((await (await get("/api/fetch-all-categories")).json()) as { name: string }[]).map((c) => c.name);
    expect(await names()).toContain(name);
    await w.db.prepare("UPDATE categories SET name = ? WHERE id = ?").bind(`${name} Renamed`, id).run();
    try {
      await w.kv.put("catalogue-version", `categories-${Date.now()}`);
      const started = Date.now();
      let now = await names();
      while (!now.includes(`${name} Renamed`) && Date.now() - started < 7000) {
        await sleep(200);
        now = await names();
      }
      expect(now).toContain(`${name} Renamed`);
    } finally {
      await w.db.prepare("UPDATE categories SET name = ? WHERE id = ?").bind(name, id).run();
      await w.kv.put("catalogue-version", `categories-restored-${Date.now()}`);
    }
  });
});

describe("methods and cross-site requests", () => {
  it("PUT is 405 with Allow", async () => {
    const res = await w.fetch("/brand-new", { method: "PUT" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("GET, HEAD, POST, DELETE");
  });

  it.each(["PATCH", "OPTIONS"])("%s is 405", async (method) => {
    expect((await w.fetch("/brand-new", { method })).status).toBe(405);
  });

  it("POST with a foreign Origin is 403", async () => {
    const res = await w.fetch("/preferences/test-environment-bar", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "returnTo=/",
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("POST marked cross-site by Sec-Fetch-Site is 403", async () => {
    const res = await w.fetch("/preferences/test-environment-bar", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded" },
      body: "returnTo=/",
    });
    expect(res.status).toBe(403);
  });

  it("DELETE with a foreign Origin is 403", async () => {
    expect((await w.fetch("/api/search", { method: "DELETE", headers: { Origin: "https://evil.example" } })).status).toBe(403);
  });

  it("a same-origin POST is allowed (closing the test-environment bar)", async () => {
    const res = await w.fetch("/preferences/test-environment-bar", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:8787", "Content-Type": "application/x-www-form-urlencoded" },
      body: "returnTo=/bots",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/bots");
    expect(res.headers.get("Set-Cookie")).toContain("isAlertTestHidden=true");
  });

  it("the bar's returnTo cannot send the visitor to another site", async () => {
    const res = await w.fetch("/preferences/test-environment-bar", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:8787", "Content-Type": "application/x-www-form-urlencoded" },
      body: `returnTo=${encodeURIComponent("//evil.example/")}`,
    });
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("the sitemap lists the list routes, categories and every published app page", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    expect(res.headers.get("Cache-Control")).toContain("s-maxage=86400");
    const xml = await res.text();
    const locs = page(xml)
      .all("url > loc")
      .map((loc) => loc.text);
    const origin = "http://127.0.0.1:8787";
    for (const path of [
      "/",
      "/brand-new",
      "/partner-solutions",
      "/must-try",
      "/hybrid-work",
      "/getting-started",
      "/coming-soon",
      "/meetings",
      "/messaging",
      "/calling",
      "/contact-center",
      "/rooms",
      "/devices",
      "/embedded-apps",
      "/integrations",
      "/bots",
      "/skills",
      "/service-apps",
      "/category/analytics",
      "/category/other",
      "/support",
      "/casb-dlp-providers",
    ]) {
      expect(locs).toContain(origin + path);
    }
    expect(locs).not.toContain(`${origin}/category/partner-solutions`);
    const appLocs = locs.filter((l) => l.includes("/applications/"));
    // Deprecated apps too: lists leave them out, but their pages exist (issue 15).
    expect(appLocs.length).toBe(cat.publishedAll.length);
    for (const app of cat.publishedAll.filter((a) => a.deprecation).slice(0, 5)) expect(appLocs).toContain(`${origin}/applications/${encodeURIComponent(cat.key(app))}`);
    for (const app of cat.published.slice(0, 20)) expect(appLocs).toContain(`${origin}/applications/${encodeURIComponent(cat.key(app))}`);
    const comingSoon = w.catalogue.apps.find((a) => a.status === "coming_soon" && a.friendlyId)!;
    expect(appLocs).not.toContain(`${origin}/applications/${comingSoon.friendlyId}`);
  });

  it("robots.txt allows the catalogue, keeps crawlers off the API, and points at the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /getImage");
    expect(text).toContain("Sitemap: http://127.0.0.1:8787/sitemap.xml");
  });
});

describe("static assets", () => {
  it("hashed build assets are immutable", async () => {
    const html = await (await get("/")).text();
    const css = page(html)
      .all('link[href^="/build/"]')
      .map((l) => l.getAttribute("href")!)
      .find((href) => href.endsWith(".css"));
    expect(css).toBeDefined();
    const res = await w.fetch(css!);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("immutable");
    await res.arrayBuffer();
  });

  it("a missing build file is a short plain 404 that nobody caches", async () => {
    const res = await w.fetch("/build/routes/old-deploy-ABC123.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("text/plain");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await res.text()).toBe("Not found");
  });
});
