// Issue 15's filters, with JavaScript on and off: filtering a list page by certification, then
// combining it with a data region and a sort, removing one filter and clearing them; the same on
// /search; and an axe scan of filtered pages at desktop and phone width. The expected counts come
// from /api/search, which applies the same filters (test/integration/filters.test.ts checks both
// against the catalogue file).
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoSeriousViolations, ListPageObject, open, serveWithoutScripts, test } from "./fixtures";

async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const res = await request.get(`/api/search?${query}&max=1`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/**
 * The page is at `path` with exactly these non-empty parameters. (A GET form also sends its empty
 * choices, e.g. `rating=` for "Any rating"; the page and the edge cache ignore them.)
 */
async function expectAddress(page: Page, path: string, params: Record<string, string | string[]>) {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      const got: Record<string, string[]> = {};
      for (const [name, value] of url.searchParams) if (value !== "") got[name] = [...(got[name] ?? []), value];
      return { path: url.pathname, params: got };
    })
    .toEqual({ path, params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])) });
}

const countText = (total: number) => (total === 0 ? "There are no items to display" : `Showing 1–${Math.min(32, total)} of ${total} ${total === 1 ? "app" : "apps"}`);

/** Opens the list's filter panel, ticks the boxes named and applies them. */
async function applyListFilters(page: Page, labels: string[]) {
  const main = page.locator("#main-content");
  await main.getByText("Filters", { exact: false }).first().click();
  const form = main.getByRole("form", { name: "Filter apps" });
  for (const label of labels) await form.getByRole("checkbox", { name: label, exact: true }).check();
  await form.getByRole("button", { name: "Apply filters" }).click();
}

test("filtering a list by certification, then a region and a sort; removing one; clearing", async ({ page, jsEnabled, request }) => {
  await open(page, "/brand-new", jsEnabled);
  const list = new ListPageObject(page);
  const main = page.locator("#main-content");
  const all = await apiTotal(request, "");
  await expect(list.count).toHaveText(countText(all));

  await applyListFilters(page, ["HIPAA"]);
  await expectAddress(page, "/brand-new", { certification: "hipaa" });
  const hipaa = await apiTotal(request, "certification=hipaa");
  expect(hipaa).toBeGreaterThan(0);
  expect(hipaa).toBeLessThan(all);
  await expect(list.count).toHaveText(countText(hipaa));
  await expect(main.getByRole("link", { name: "Remove filter Certification: HIPAA" })).toBeVisible();

  // A second filter keeps the first (its box is ticked in the form).
  await applyListFilters(page, ["European Union"]);
  await expectAddress(page, "/brand-new", { certification: "hipaa", region: "eu" });
  const both = await apiTotal(request, "certification=hipaa&dataRegion=eu");
  expect(both).toBeLessThanOrEqual(hipaa);
  await expect(list.count).toHaveText(countText(both));

  // The sort keeps the filters.
  await list.sortSelect.selectOption({ label: "Alphabetical A-Z" });
  if (!jsEnabled) await list.sortButton.click();
  await expectAddress(page, "/brand-new", { certification: "hipaa", region: "eu", sort: "a-z" });
  await expect(list.count).toHaveText(countText(both));
  const names = await list.names(Math.min(both, 10));
  expect(names, "A-Z").toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));

  // Removing one filter keeps the other and the sort.
  await main.getByRole("link", { name: "Remove filter Certification: HIPAA" }).click();
  await expect(page).toHaveURL(/\/brand-new\?region=eu&sort=a-z$/);
  await expect(list.count).toHaveText(countText(await apiTotal(request, "dataRegion=eu")));

  await main.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/brand-new\?sort=a-z$/);
  await expect(list.count).toHaveText(countText(all));
  await expect(main.getByRole("navigation", { name: "Active filters" })).toHaveCount(0);
});

test("filtering search results by certification keeps the text; clearing", async ({ page, jsEnabled, request }) => {
  await open(page, "/search?q=sync", jsEnabled);
  const main = page.locator("#main-content");
  const heading = main.getByRole("heading", { level: 1 });
  const all = await apiTotal(request, "searchQuery=sync");
  await expect(heading).toHaveText(`Showing ${all} results for "sync"`);

  const form = main.getByRole("form", { name: "Sort and filter results" });
  await form.getByText("More filters").click();
  await form.getByRole("checkbox", { name: "HIPAA", exact: true }).check();
  // With JavaScript a change applies at once; without it, Apply submits the form.
  if (!jsEnabled) await form.getByRole("button", { name: "Apply" }).click();
  await expectAddress(page, "/search", { q: "sync", sort: "relevance", certification: "hipaa" });
  const hipaa = await apiTotal(request, "searchQuery=sync&certification=hipaa");
  expect(hipaa).toBeLessThan(all);
  await expect(heading).toHaveText(hipaa === 0 ? 'Sorry, no results for "sync"' : `Showing ${hipaa} ${hipaa === 1 ? "result" : "results"} for "sync"`);
  await expect(main.getByRole("link", { name: "Remove filter Certification: HIPAA" })).toBeVisible();
  await expect(form.getByText("More filters (1 active)")).toBeVisible();
  // Ticked in the form (behind 'More filters', closed again after a page load without JavaScript).
  await expect(form.locator('input[name="certification"][value="hipaa"]')).toBeChecked();

  await main.getByRole("link", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/search\?q=sync$/);
  await expect(heading).toHaveText(`Showing ${all} results for "sync"`);
});

test.describe("axe", () => {
  // axe runs inside the page, which needs JavaScript; in the "no-js" project the documents are served
  // without their scripts instead (as e2e/a11y.spec.ts does).
  test.use({ javaScriptEnabled: true });
  test.beforeEach(async ({ page, jsEnabled }) => {
    if (!jsEnabled) await serveWithoutScripts(page);
  });

  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`a filtered list with its filter panel open, and filtered search, at ${width} px`, async ({ page, jsEnabled }) => {
      await page.setViewportSize({ width, height });
      await open(page, "/meetings?certification=hipaa&region=eu&sort=rating", jsEnabled);
      await page.locator("#main-content").getByText("Filters (2 active)").click();
      await expect(page.getByRole("form", { name: "Filter apps" })).toBeVisible();
      await expectNoSeriousViolations(page, `a filtered list at ${width} px`);

      await open(page, "/search?q=sync&region=eu&verified=1", jsEnabled);
      await expect(page.getByRole("link", { name: "Remove filter Verified publisher" })).toBeVisible();
      await expectNoSeriousViolations(page, `filtered search at ${width} px`);
    });
  }
});
