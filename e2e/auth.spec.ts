// Log in through the platform emulator, the user menu, My Integrations and log out — with
// JavaScript on and off. Each project works on its own integration, so the two can run at once.
import { LEGACY_SYNC, USERS } from "../workers/platform/demo-data";
import { expect, logIn, PLATFORM_ORIGIN, test, waitForHydration } from "./fixtures";

const riley = USERS.riley;
const accountButton = (page: import("@playwright/test").Page, name: string) => page.getByRole("banner").locator("summary", { hasText: `Account: ${name}` });

test("log in from a page, see the avatar and menu, log out back to that page", async ({ page }) => {
  await logIn(page, riley.email, "/brand-new");
  await expect(page).toHaveURL(/\/brand-new$/);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Log in" })).toHaveCount(0);
  const account = accountButton(page, riley.displayName);
  await expect(account.locator("img")).toBeVisible();

  await account.click();
  const popover = banner.locator("details[open]");
  await expect(popover.getByText(riley.displayName, { exact: true })).toBeVisible();
  await expect(popover.getByText(riley.email)).toBeVisible();
  await expect(popover.getByRole("link", { name: "My Integrations" })).toBeVisible();
  await popover.getByRole("link", { name: "Log out" }).click();

  await expect(page).toHaveURL(/\/brand-new$/);
  await expect(banner.getByRole("link", { name: "Log in" })).toBeVisible();
  // The session is gone on the server too: a login-only page asks to log in again.
  await page.goto("/my-integrations");
  await expect(page).toHaveURL(/\/login\?last=%2Fmy-integrations$/);
});

test("a person without an avatar sees the initials of the first two words of their name", async ({ page }) => {
  await logIn(page, USERS.max.email);
  const account = accountButton(page, USERS.max.displayName);
  await expect(account).toContainText("MJ");
  await expect(account.locator("img")).toHaveCount(0);
});

test("the account popover works from the keyboard and hides after the pointer leaves", async ({ page, jsEnabled }) => {
  test.skip(
    !jsEnabled,
    "Escape, focus return and the 200 ms hide are script behaviours; without JS the <details> opens and closes by its summary, which the first test in this file does in both projects.",
  );
  await logIn(page, riley.email);
  // Escape and the 200 ms hide come with the page's scripts (app/components/chrome.ts).
  await waitForHydration(page, jsEnabled);
  const account = accountButton(page, riley.displayName);
  await account.focus();
  await page.keyboard.press("Enter");
  const popover = page.getByRole("banner").locator("details[open]");
  await expect(popover).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(popover.getByRole("link", { name: "My Integrations" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(popover.getByRole("link", { name: "Log out" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);
  await expect(account).toBeFocused();

  await account.hover();
  await account.click();
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(1);
  await page.mouse.move(5, 700);
  await expect(page.getByRole("banner").locator("details[open]")).toHaveCount(0);
});

test("a login-only page sends a logged-out visitor to log in and back; /login when logged in goes home", async ({ page }) => {
  await page.goto("/my-integrations");
  await expect(page).toHaveURL(/\/login\?last=%2Fmy-integrations$/);
  await page.getByRole("link", { name: /^Log in with / }).click();
  await page.getByRole("radio", { name: /riley@acme\.example/ }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/my-integrations$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Lumen Integrations" })).toBeVisible();

  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
});

test("declining at the platform shows why and offers to try again", async ({ page }) => {
  await page.goto("/login?last=%2Fbots");
  await page.getByRole("link", { name: /^Log in with / }).click();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/login\?error=denied&last=%2Fbots$/);
  await expect(page.getByRole("alert")).toContainText("You cancelled logging in.");
});

test("My Integrations (third-party, the default) lists only what was connected here, and links to the platform's page", async ({ page }) => {
  // Riley has grants at the platform, but an ordinary integration cannot read them (an admin API):
  // the page says there is nothing it knows of, and where access is managed (issue 13).
  await logIn(page, riley.email, "/my-integrations");
  await expect(page.getByRole("heading", { level: 1, name: "My Lumen Integrations" })).toBeVisible();
  // Riley's grants at the platform (Legacy Sync among them) are not shown: only Connects made here.
  await expect(page.getByText(LEGACY_SYNC.name)).toHaveCount(0);
  await expect(page.getByText(/^Connected on /)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Manage integrations' access on Lumen" })).toHaveAttribute("href", `${PLATFORM_ORIGIN}/account/authorized-apps`);
  await expect(page.getByRole("button", { name: /^Disconnect/ })).toHaveCount(0);
});
