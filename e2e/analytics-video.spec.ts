// Analytics consent gating and the video facade (docs/decisions/009), with JavaScript on and off.
import { readFileSync } from "node:fs";
import type { BrowserContext, Page, Request } from "@playwright/test";
import { ANALYTICS_NEED_JS, detailPath, documentStatusError, expect, open, test, waitForRouterIdle } from "./fixtures";

const port = Number(process.env.E2E_PORT ?? 8789);
const origin = `http://127.0.0.1:${port}`;

type SeedApp = { id: string; friendlyId: string | null; name: string; videoUrl: string | null };
/** An app with a video, from the catalogue the e2e web server was seeded with. */
function videoApp(): SeedApp & { videoUrl: string } {
  const { apps } = JSON.parse(readFileSync(`seed/generated/catalogue-${port}.json`, "utf8")) as { apps: SeedApp[] };
  const app = apps.find((a) => a.videoUrl);
  if (!app?.videoUrl) throw new Error("the seed catalogue has no app with a video");
  return app as SeedApp & { videoUrl: string };
}

const consent = (context: BrowserContext, value = "true") => context.addCookies([{ name: "performance_consent", value, url: origin }]);

type Sent = { name: string; props?: Record<string, unknown> };
/** Every analytics POST the page makes, with its events. */
function recordBeacons(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on("request", (request: Request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/analytics")) return;
    const body = JSON.parse(request.postData() ?? "{}") as { events?: Sent[] } & Sent;
    sent.push(...(body.events ?? [body]));
  });
  return sent;
}

test.describe("analytics", () => {
  test("sends nothing without consent", async ({ page, jsEnabled }) => {
    const sent = recordBeacons(page);
    const trackerLoads: string[] = [];
    page.on("request", (r) => void (/\/tracker-[^/]+\.js$/.test(r.url()) && trackerLoads.push(r.url())));
    await open(page, "/bots", jsEnabled);
    await open(page, "/search?q=poll", jsEnabled);
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    // Visitors without consent never even download the tracker.
    expect(trackerLoads).toEqual([]);
  });

  test("with consent but without JavaScript, nothing is sent", async ({ page, context, jsEnabled }) => {
    test.skip(jsEnabled, "The JavaScript side (events are sent with consent) is the next test.");
    await consent(context);
    const sent = recordBeacons(page);
    await open(page, "/bots", jsEnabled);
    await open(page, "/search?q=poll", jsEnabled);
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
  });

  test("with consent, a page view (with UTM from the landing address) reaches /api/analytics", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, ANALYTICS_NEED_JS);
    await consent(context);
    // Counted on the UTC day it arrives: from this day on, in case the test runs across midnight.
    const startedOn = new Date().toISOString().slice(0, 10);
    const sent = recordBeacons(page);
    const recorded = page.waitForResponse((r) => r.url().endsWith("/api/analytics") && r.request().method() === "POST");
    await open(page, "/bots?utm_source=e2e&utm_medium=test", jsEnabled);
    expect((await recorded).status()).toBe(204);
    await expect
      .poll(() => sent.find((e) => e.name === "AppHub_pageView"))
      .toMatchObject({
        props: { path: "/bots", utm_source: "e2e", utm_medium: "test" },
      });

    // Client-side navigation: the next page view, and a search is a query event.
    await open(page, "/search?q=poll", jsEnabled);
    await expect.poll(() => sent.find((e) => e.name === "AppHub_query")).toMatchObject({ props: { query: "poll", utm_source: "e2e" } });

    // The operator's summary counts it for today (and yesterday, when the test ran across midnight).
    // A count of 1 to 4 is published as "fewer than 5" (decision 038): at least 1.
    const summary = (await (await page.request.get("/api/analytics/summary")).json()) as { counts: { day: string; events: Record<string, number | string> }[] };
    const least = (n: number | string | undefined) => (typeof n === "number" ? n : n === undefined ? 0 : 1);
    const counted = summary.counts.filter((c) => c.day >= startedOn).reduce((n, c) => n + least(c.events.AppHub_pageView), 0);
    expect(counted).toBeGreaterThan(0);
  });

  test("an app view carries the lowercased app type; other features' window events are sent", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, ANALYTICS_NEED_JS);
    await consent(context);
    const sent = recordBeacons(page);
    const app = videoApp();
    await open(page, detailPath(app), jsEnabled);
    await expect.poll(() => sent.find((e) => e.name === "AppHub_appView")?.props?.appType).toMatch(/^[a-z]+$/);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("apphub:analytics", { detail: { name: "AppHub_modalView", modalId: "m-1" } })));
    await expect.poll(() => sent.find((e) => e.name === "AppHub_modalView")).toMatchObject({ props: { modalId: "m-1" } });
  });

  test("an error page sends a failed-page-load event", async ({ page, context, jsEnabled, browserErrors }) => {
    test.skip(!jsEnabled, ANALYTICS_NEED_JS);
    browserErrors.allow(documentStatusError(404, "/applications/no-such-app-anywhere"));
    await consent(context);
    const sent = recordBeacons(page);
    await open(page, "/applications/no-such-app-anywhere", jsEnabled);
    await expect.poll(() => sent.find((e) => e.name === "AppHub_failedPageLoad")).toMatchObject({ props: { status: 404 } });
  });

  test("Global Privacy Control turns analytics off even with consent", async ({ page, context, jsEnabled }) => {
    test.skip(!jsEnabled, ANALYTICS_NEED_JS);
    await consent(context);
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const sent = recordBeacons(page);
    await open(page, "/bots", jsEnabled);
    await waitForRouterIdle(page, jsEnabled);
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
  });

  test("the privacy settings form stores the choice", async ({ page, context, jsEnabled }) => {
    await open(page, "/preferences/analytics-consent", jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy settings");
    await page.getByRole("radio", { name: "Allow performance analytics" }).check();
    await page.getByRole("button", { name: "Save choice" }).click();
    await expect(page.locator("#main-content").getByRole("status")).toHaveText("Your choice is saved.");
    expect((await context.cookies(origin)).find((c) => c.name === "performance_consent")?.value).toBe("true");
    await page.getByRole("radio", { name: "Don't allow" }).check();
    await page.getByRole("button", { name: "Save choice" }).click();
    await expect(page.getByText("Currently: not allowed.")).toBeVisible();
    expect((await context.cookies(origin)).find((c) => c.name === "performance_consent")?.value).toBe("false");
  });
});

test.describe("video facade", () => {
  test("loads the player only after a click (JS); links to the video without JS", async ({ page, jsEnabled }) => {
    const app = videoApp();
    // The real player is on the internet; answer for it locally.
    await page.route("https://player.vimeo.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title><p>player</p>" }));
    const embedCalls: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/fetch-vimeo") && embedCalls.push(r.url())));
    await open(page, detailPath(app), jsEnabled);
    const main = page.locator("#main-content");
    const link = main.locator(`a[href="${app.videoUrl}"]`).first();
    await expect(link).toBeVisible();
    await expect(link.locator("img")).toBeVisible();
    await expect(main.locator("iframe")).toHaveCount(0);
    expect(embedCalls).toEqual([]);

    if (!jsEnabled) {
      await expect(link).toHaveAccessibleName(`Watch the ${app.name} video (opens in a new tab)`);
      return;
    }
    await expect(link).toHaveAccessibleName(`Play the ${app.name} video`);
    await link.click();
    const player = main.locator("iframe");
    await expect(player).toHaveCount(1);
    const id = /(\d+)$/.exec(app.videoUrl)![1];
    await expect(player).toHaveAttribute("src", new RegExp(`^https://player\\.vimeo\\.com/video/${id}\\?.*dnt=1`));
    await expect(player).toHaveAttribute("title", `${app.name} video`);
    expect(embedCalls).toHaveLength(1);
  });
});
