// The front Worker and the back-office Worker (docs/decisions/057): every request enters the front;
// the back office's routes go over the BACK_OFFICE service binding, the rest are answered by the
// front's own build, whose pages link the full build's browser assets.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACK_OFFICE_WORKER, loneWorker, startWorker, type TestWorker } from "./harness.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** What the front build's stub of a back-office route says, should it ever run (app/back-office-route.tsx). */
const STUB = "served by the back-office Worker";
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", Accept: "text/html" };

let app: TestWorker;
beforeAll(async () => {
  app = await startWorker();
}, 120_000);
afterAll(() => app?.dispose());

const viaBackOffice = async (path: string) =>
  (await (await app.mf.getWorker(BACK_OFFICE_WORKER)).fetch(`${app.origin}${path}`, { redirect: "manual", headers: BROWSER })) as unknown as Response;

describe("the front forwards the back office's routes", () => {
  it.each([
    "/feeds/new-apps",
    "/FEEDS/new-apps",
    "/api/openapi.json",
    "/developers/api",
    "/publisher",
    "/admin/review",
    "/admin/review.data",
    "/my-integrations",
    "/applications/incoming-webhooks",
    "/api/analytics/summary",
  ])("%s is answered as the back-office Worker answers it", async (path) => {
    const front = await app.fetch(path, { headers: BROWSER });
    const back = await viaBackOffice(path);
    expect(front.status).toBe(back.status);
    expect(front.headers.get("Content-Type")).toBe(back.headers.get("Content-Type"));
    expect(front.headers.get("Location")).toBe(back.headers.get("Location"));
    expect(await front.text()).not.toContain(STUB);
  });

  it("answers a feed with the feed, not with the front's stub", async () => {
    const res = await app.fetch("/feeds/new-apps");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<feed");
  });
});

describe("the front's own pages", () => {
  it("link the CSS bundle and the browser manifest of the full build, which public/build holds", async () => {
    const html = await (await app.fetch("/", { headers: BROWSER })).text();
    const css = html.match(/href="(\/build\/css-bundle-[A-Z0-9]+\.css)"/)?.[1];
    const manifest = html.match(/\/build\/manifest-[A-Z0-9]+\.js/)?.[0];
    expect(css).toBeDefined();
    expect(manifest).toBeDefined();
    expect(existsSync(`${root}/public${css}`)).toBe(true);
    expect(existsSync(`${root}/public${manifest}`)).toBe(true);
  });

  it("hold none of the back office's code", () => {
    const front = readFileSync(`${root}/dist/front.js`, "utf8");
    const back = readFileSync(`${root}/dist/app.js`, "utf8");
    // A text of the org admin's rule form, and the API reference's name for the publisher API.
    for (const text of ["Give the rule a name.", "Publisher API"]) {
      expect(back, text).toContain(text);
      expect(front, text).not.toContain(text);
    }
  });
});

describe("a front deployed without its binding", () => {
  it("says so for a back-office address, instead of rendering the stub", async () => {
    const mf = loneWorker("front.js", {});
    try {
      const res = (await mf.dispatchFetch("http://127.0.0.1:8787/feeds/new-apps")) as unknown as Response;
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("no BACK_OFFICE service binding");
    } finally {
      await mf.dispose();
    }
  });
});
