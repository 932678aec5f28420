// Insights (issues 30 and 28; docs/decisions/038) in the browser, with JavaScript on and off: a hub
// admin reads the marketplace's insights and the search insights (seeded with 90 days by
// scripts/seed-insights.ts), changes the window with plain links, opens an app's and a publisher's
// insights, and downloads a chart's CSV. axe at 1280 and 390 px. The charts are server-rendered SVG:
// the same markup with and without JavaScript. INSIGHTS_SHOTS=dir saves full-page screenshots.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { demoPublisherMembers } from "../scripts/demo-publisher-members.mjs";
import { USERS } from "../workers/platform/demo-data";
import { documentStatusError, expect, expectNoSeriousViolationsAtWidths, logIn, open, serveWithoutScripts, test, screenshotFor } from "./fixtures";

// axe runs inside the page, which needs JavaScript; in the "no-js" project the documents are served
// without their scripts instead (as e2e/a11y.spec.ts does), so what is checked is the script-less page.
test.use({ javaScriptEnabled: true });

const catalogue = () => JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;

/**
 * The page checked at 1280 and 390 px where it stands (resized in place): axe, nothing wider than
 * the window, and a screenshot for a person when E2E_SCREENSHOTS asks for them.
 */
const checkAtWidths = (page: Page, what: string, name: string, jsEnabled: boolean) =>
  expectNoSeriousViolationsAtWidths(page, what, async (width) => {
    await fitsTheWindow(page, width);
    await screenshotFor(page, `insights-${name}-${jsEnabled ? "js" : "nojs"}-${width}`);
  });

/** Nothing wider than the window: a chart too wide for a phone scrolls inside its own frame. */
async function fitsTheWindow(page: Page, width: number) {
  const wider = await page.evaluate((w) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll("body *")) {
      // What scrolls inside a chart's own frame is meant to.
      if (el.closest('[tabindex="0"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.right > w + 1 && out.length < 5) out.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${Math.round(r.right)}`);
    }
    return { scroll: document.documentElement.scrollWidth, out };
  }, width);
  expect(wider.scroll, wider.out.join("\n")).toBeLessThanOrEqual(width);
}

async function chartsShown(page: Page, count: number) {
  const charts = page.getByRole("main").getByRole("img");
  await expect(charts).toHaveCount(count);
  for (const chart of await charts.all()) await expect(chart).toBeVisible();
}

test("a hub admin reads the marketplace's insights and an app's, at 1280 and 390 px", async ({ page, jsEnabled }) => {
  // Four axe scans and eight pages: on a loaded shared machine this takes a while.
  test.setTimeout(150_000);
  await logIn(page, USERS.sam.email, "/admin/insights");
  if (!jsEnabled) {
    // Leave the page first: its scripts' lazy chunks must not be cut off half-loaded.
    await page.goto("about:blank");
    await serveWithoutScripts(page);
  }
  await open(page, "/admin/insights", jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace insights" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByText(/Any daily count from 1 to 4 shows as “fewer than 5”/)).toBeVisible();
  await chartsShown(page, 5);
  await expect(page.getByRole("img", { name: /Viewed → started → added, the whole marketplace/ })).toBeVisible();
  // The seeded 90 days have gainers and losers, each a link to the app's insights.
  const gainers = page.getByRole("table", { name: /Most gained/ });
  await expect(gainers.getByRole("row")).toHaveCount(6);
  await checkAtWidths(page, "marketplace insights", "marketplace", jsEnabled);

  // The window is a plain link.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await page.waitForURL(/\/admin\/insights\?days=7$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByText(/compared with/)).toBeVisible();

  // An app that gained: its own insights.
  const gainer = gainers.getByRole("link").first();
  const name = (await gainer.textContent()) ?? "";
  await gainer.click();
  await expect(page.getByRole("heading", { level: 1, name: `${name}: insights` })).toBeVisible();
  await chartsShown(page, 6);
  await expect(page.getByRole("table", { name: /The searches that led here/ })).toBeVisible();
  await checkAtWidths(page, "an app's insights", "app", jsEnabled);

  // Its CSV: the numbers of the chart, with the below-5 rule.
  const href = await page.getByRole("link", { name: "Download “Page views” as CSV" }).getAttribute("href");
  const csv = await page.request.get(href!);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toBe("day,Views");
  expect(lines).toHaveLength(8);
});

test("a hub admin reads the search insights and a publisher's, at 1280 and 390 px", async ({ page, jsEnabled }) => {
  test.setTimeout(150_000);
  await logIn(page, USERS.sam.email, "/admin/search-insights");
  if (!jsEnabled) {
    await page.goto("about:blank");
    await serveWithoutScripts(page);
  }
  await open(page, "/admin/search-insights?days=30", jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Search insights" })).toBeVisible();
  await chartsShown(page, 4);
  await expect(page.getByRole("table", { name: "Searched queries that found nothing" }).getByRole("row", { name: /helpdsk/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Queries with results that nobody opened" }).getByRole("row", { name: /ai assistant/ })).toBeVisible();
  await checkAtWidths(page, "search insights", "search", jsEnabled);

  // A publisher's insights: all its apps, each a link.
  const publisher = catalogue().publishers.find((p) => catalogue().apps.filter((a) => a.publisher === p.slug && a.status === "published").length > 2)!;
  await open(page, `/admin/insights/publishers/${publisher.slug}?days=90`, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: `${publisher.name}: insights` })).toBeVisible();
  await expect(page.getByRole("table", { name: "Each app in this window" }).getByRole("link").first()).toBeVisible();
  await checkAtWidths(page, "a publisher's insights", "publisher", jsEnabled);
});

test("a publisher's member reads their apps' insights in the console, at 1280 and 390 px", async ({ page, jsEnabled }) => {
  test.setTimeout(150_000);
  // A demo member (scripts/demo-publisher-members.mjs) and the first publisher they act for.
  const [slug, email] = demoPublisherMembers(catalogue())[0]!;
  await logIn(page, email, `/publisher/${slug}`);
  if (!jsEnabled) {
    await page.goto("about:blank");
    await serveWithoutScripts(page);
  }
  await open(page, `/publisher/${slug}`, jsEnabled);
  await page.getByRole("navigation", { name: "Publisher console" }).getByRole("link", { name: "Insights" }).click();
  await page.waitForURL(new RegExp(`/publisher/${slug}/insights$`));
  await expect(page.getByRole("navigation", { name: "Publisher console" }).getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: "Insights: all your apps" })).toBeVisible();
  await chartsShown(page, 6);
  await checkAtWidths(page, "a member's insights", "member", jsEnabled);
  const app = page.getByRole("table", { name: "Each app in this window" }).getByRole("link").first();
  const name = (await app.textContent()) ?? "";
  await app.click();
  await expect(page.getByRole("heading", { level: 2, name: `Insights: ${name}` })).toBeVisible();
  await chartsShown(page, 6);
  await checkAtWidths(page, "a member's app insights", "member-app", jsEnabled);
});

test("someone who is not a hub admin gets the not-found page", async ({ page, browserErrors }) => {
  browserErrors.allow(documentStatusError(404, "/admin/insights"));
  await logIn(page, USERS.max.email, "/");
  const res = await page.goto("/admin/insights");
  expect(res?.status()).toBe(404);
});
