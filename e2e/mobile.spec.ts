// Phone width (360×740): the header drawer and the test-environment bar, with JavaScript on and off.
import { USERS } from "../workers/platform/demo-data";
import { expect, logIn, open, test, waitForHydration } from "./fixtures";

test.use({ viewport: { width: 360, height: 740 } });

test("the header menu drawer opens, shows its groups and navigates", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);

  // Nothing overflows sideways at the narrowest supported width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const drawer = page.locator("header details").filter({ has: page.locator("> summary[aria-label='Menu']") });
  const toggle = drawer.locator("> summary");
  const panel = page.getByRole("navigation", { name: "Menu" });
  await expect(toggle).toBeVisible();
  await expect(panel).toBeHidden();

  await toggle.click();
  await expect(drawer).toHaveAttribute("open", "");
  await expect(panel).toBeVisible();
  for (const group of ["Categories", "Featured apps", "Products", "App Type"]) {
    await expect(panel.locator("summary", { hasText: new RegExp(`^${group}$`) })).toBeVisible();
  }

  await panel.locator("summary", { hasText: /^App Type$/ }).click();
  const bots = panel.getByRole("link", { name: "Bots", exact: true });
  await expect(bots).toBeVisible();
  await bots.click();

  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bots");
  // With JavaScript the drawer closes on navigation; without it the new document starts closed.
  await expect(drawer).not.toHaveAttribute("open");
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("closing the test-environment bar is remembered on the next pages", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  const bar = page.getByRole("region", { name: "Test environment" });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText("Test Environment. You are currently using the Lumen test environment.");

  const historyLength = await page.evaluate(() => history.length);
  await bar.getByRole("button", { name: "Close test environment warning" }).click();
  await expect(bar).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await waitForHydration(page, jsEnabled);
  if (jsEnabled) {
    // Closed in place by a fetcher: no navigation, nothing added to the history.
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.evaluate(() => sessionStorage.getItem("isAlertTestHidden"))).toBe("true");
  }

  // A client-side (or, without JavaScript, full) navigation to another page.
  await page.getByRole("link", { name: /^See all: Messaging bots$/ }).click();
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bots");
  await expect(bar).toBeHidden();

  // A fresh document load in the same browser session.
  await open(page, "/brand-new", jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toBeHidden();
});

test("logged in, the drawer shows the person, My Integrations and Log out", async ({ page }) => {
  await logIn(page, USERS.max.email, "/bots");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.locator("header details > summary[aria-label='Menu']").click();
  const panel = page.getByRole("navigation", { name: "Menu" });
  await expect(panel.getByText(USERS.max.displayName)).toBeVisible();
  await expect(panel.getByText(USERS.max.email)).toBeVisible();
  await panel.getByRole("link", { name: "My Lumen Integrations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Lumen Integrations" })).toBeVisible();
  await page.locator("header details > summary[aria-label='Menu']").click();
  await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/my-integrations$|\/login\?last=%2Fmy-integrations$/);
  await expect(
    page
      .getByRole("banner")
      .getByRole("link", { name: "Log in" })
      .or(page.getByRole("link", { name: /^Log in with / })),
  ).toBeVisible();
});

// Issue 27: on a phone (390×844) the apps start on the first screen of every list and search page,
// with JavaScript and without (the chips scroll sideways in one row, filters are folded).
test.describe("the first app on the first screen at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const PAGES = [
    "/meetings",
    "/meetings?certification=iso-27001",
    "/meetings/productivity",
    "/brand-new",
    "/bots",
    "/category/productivity",
    "/search?q=poll",
    "/search?q=poll&certification=iso-27001",
    "/search?q=poll&type=bot",
  ];

  for (const path of PAGES) {
    test(`${path} shows its first card whole before any scrolling`, async ({ page, jsEnabled }) => {
      await open(page, path, jsEnabled);
      // Measured as laid out with its styles (open() returns at DOMContentLoaded, before them).
      await page.waitForLoadState("load");
      // The test-environment bar is on, as in the measurements.
      await expect(page.getByRole("region", { name: "Test environment" })).toBeVisible();
      const card = page.locator("#item-1");
      await expect(card).toBeVisible();
      const box = (await card.boundingBox())!;
      expect(box.y, "the first card's top").toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `the first card's bottom (${Math.round(box.y + box.height)} px)`).toBeLessThanOrEqual(844);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), "nothing overflows sideways").toBeLessThanOrEqual(390);
    });
  }

  test("the category chips are one row that scrolls sideways, the current one first", async ({ page, jsEnabled }) => {
    await open(page, "/meetings/productivity", jsEnabled);
    await page.waitForLoadState("load");
    const chips = page.getByRole("navigation", { name: "Meetings: Productivity categories" }).getByRole("list");
    const row = await chips.evaluate((list) => ({
      scrolls: list.scrollWidth > list.clientWidth,
      tops: new Set([...list.children].map((li) => li.getBoundingClientRect().top)).size,
    }));
    expect(row).toEqual({ scrolls: true, tops: 1 });
    const current = chips.locator("a[aria-current=page]");
    await expect(current).toHaveText("Productivity");
    await expect(current).toBeInViewport();
    // A chip off screen is reached by scrolling the row (or tabbing to it), and it works.
    const last = chips.getByRole("link").last();
    await expect(last).not.toBeInViewport();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await last.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Meetings: /);
  });
});
