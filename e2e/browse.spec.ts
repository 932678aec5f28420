// Browsing the catalogue: home → list → Load more → app details → back, and sorting a list.
// Runs with JavaScript on ("js") and off ("no-js"); the two differ in how "Load more" and sorting
// work and in what "back" restores (spec §2.2).
import { DetailPageObject, ListPageObject, expect, open, test, waitForHydration, waitForRouterIdle } from "./fixtures";

const PAGE_SIZE = 32;

test("home → list → load more → app details → back keeps the list and scroll", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Apps that make");

  // "See all" of the What's new row leads to /brand-new (newest first).
  await page.getByRole("link", { name: /^See all: What.s new$/ }).click();
  await expect(page).toHaveURL(/\/brand-new$/);
  await waitForHydration(page, jsEnabled);

  const list = new ListPageObject(page);
  await expect(list.heading).toBeVisible();
  await expect(list.count).toHaveText(/^Showing 1–32 of \d+ apps$/);
  const total = await list.total();
  expect(total, "the seeded catalogue has enough new apps for two pages").toBeGreaterThan(2 * PAGE_SIZE);
  await expect(list.items).toHaveCount(PAGE_SIZE);

  await list.loadMore.click();
  await expect(list.items).toHaveCount(2 * PAGE_SIZE);
  await expect(list.count).toHaveText(`Showing 1–64 of ${total} apps`);
  if (jsEnabled) {
    // Appended in place: same document, address kept in step, focus on the first new card.
    await expect(page).toHaveURL(/\/brand-new\?page=2$/);
    await expect(list.itemLink(33)).toBeFocused();
  } else {
    // A link to the next page that jumps to the first new card.
    await expect(page).toHaveURL(/\/brand-new\?page=2#item-33$/);
    await expect(list.item(33)).toBeInViewport();
  }
  await expect(list.item(1)).toBeAttached();

  // Open the 40th app; remember where the list was scrolled to.
  const card = list.itemLink(40);
  const appName = (await card.innerText()).trim();
  await card.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore, "the 40th card is below the fold").toBeGreaterThan(500);
  await card.click();

  await expect(page).toHaveURL(/\/applications\/[^/]+$/);
  const detail = new DetailPageObject(page);
  await expect(detail.name).toHaveText(appName);
  await expect(detail.addApp).toBeVisible();
  await waitForHydration(page, jsEnabled);

  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(/\/brand-new\?page=2(#item-33)?$/);
  await expect(list.items).toHaveCount(2 * PAGE_SIZE);
  await expect(list.count).toHaveText(`Showing 1–64 of ${total} apps`);
  await expect(list.itemLink(40)).toHaveText(appName);
  if (jsEnabled) {
    // Spec §2.2: returning from details restores the list's scroll position.
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: `scrollY should return to about ${scrollBefore}` }).toBeGreaterThan(scrollBefore - 40);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollBefore + 40);
    await expect(list.itemLink(40)).toBeInViewport();
  }
});

test("home → app details → back restores the home page's scroll position", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  // A card in a row far down the page.
  const row = page.getByRole("region", { name: "Coming soon" });
  const card = row.getByRole("listitem").first().getByRole("link");
  const appName = (await card.innerText()).trim();
  await card.scrollIntoViewIfNeeded();
  const scrollBefore = await page.evaluate(() => window.scrollY);
  expect(scrollBefore, "the row is below the fold").toBeGreaterThan(500);
  await card.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(appName);
  await waitForHydration(page, jsEnabled);
  // Details open at the top of the page (spec §2.2: no hash, so scroll to the top).
  if (jsEnabled) await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack({ waitUntil: "commit" });
  await expect(page).toHaveURL(/\/$/);
  await expect(card).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: `scrollY should return to about ${scrollBefore}` }).toBeGreaterThan(scrollBefore - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrollBefore + 40);
});

test("closing the test-environment bar after 'Load more' keeps the loaded apps", async ({ page, jsEnabled }) => {
  await open(page, "/brand-new", jsEnabled);
  const list = new ListPageObject(page);
  await list.loadMore.click();
  await expect(list.items).toHaveCount(2 * PAGE_SIZE);
  const bar = page.getByRole("region", { name: "Test environment" });
  const closed = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/preferences/test-environment-bar"));
  await bar.getByRole("button", { name: "Close test environment warning" }).click();
  await expect(bar).toBeHidden();
  await closed;
  // Let the revalidation that follows the action land before checking that nothing was dropped.
  await waitForRouterIdle(page, jsEnabled);
  await expect(page).toHaveURL(/\/brand-new\?page=2(#item-33)?$/);
  await expect(list.count).toHaveText(/^Showing 1–64 of \d+ apps$/);
  await expect(list.items).toHaveCount(2 * PAGE_SIZE);
});

test("sorting a list alphabetically", async ({ page, jsEnabled }) => {
  await open(page, "/brand-new", jsEnabled);
  const list = new ListPageObject(page);
  await expect(list.sortSelect).toHaveValue("newest");

  await list.sortSelect.selectOption({ label: "Alphabetical A-Z" });
  if (jsEnabled) {
    // The select submits its GET form on change; there is no button.
    await expect(list.sortButton).toHaveCount(0);
  } else {
    await list.sortButton.click();
  }
  await expect(page).toHaveURL(/[?&]sort=a-z(&|$)/);
  await expect(list.sortSelect).toHaveValue("a-z");
  await expect(list.items).toHaveCount(PAGE_SIZE);

  // With JavaScript the cards are the list's server HTML, swapped in when it has come: wait for it.
  const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
  await expect
    .poll(
      async () => {
        const names = await list.names(10);
        return names.length === 10 && names.join("\n") === [...names].sort(byName).join("\n");
      },
      { message: "the first ten cards are in A-Z order" },
    )
    .toBe(true);
});

test("a new #fragment in the address keeps the list's cards", async ({ page, jsEnabled }) => {
  // The document's loader data has no items (its cards are HTML: docs/decisions/023). A change of
  // the fragment alone loads no data, yet remounts the list with JavaScript: it loads its items again.
  await open(page, "/brand-new", jsEnabled);
  const list = new ListPageObject(page);
  await expect(list.items).toHaveCount(PAGE_SIZE);
  const first = await list.names(3);
  await page.evaluate(() => {
    window.location.hash = "list-title";
  });
  await expect(page).toHaveURL(/#list-title$/);
  await waitForRouterIdle(page, jsEnabled);
  await expect(list.items).toHaveCount(PAGE_SIZE);
  expect(await list.names(3)).toEqual(first);
});
