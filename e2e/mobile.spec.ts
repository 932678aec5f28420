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
