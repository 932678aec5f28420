// Log in through the platform emulator, the user menu, My Integrations and log out — with
// JavaScript on and off. Each project works on its own integration, so the two can run at once.
import { readFileSync } from "node:fs";
import { LEGACY_SYNC, USERS } from "../workers/platform/demo-data";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { expect, logIn, PLATFORM_ORIGIN, test } from "./fixtures";

const riley = USERS.riley;
const accountButton = (page: import("@playwright/test").Page, name: string) =>
  page.getByRole("banner").locator("summary", { hasText: `Account: ${name}` });

function catalogueIntegrations() {
  const port = process.env.E2E_PORT ?? "8789";
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${port}.json`, "utf8")) as CatalogueFile;
  return catalogue.apps
    .filter((app) => app.type === "integration" && app.clientId && app.status === "published")
    .sort((a, b) => (a.clientId! < b.clientId! ? -1 : 1));
}

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

test("My Integrations lists connections with their access and disconnects one", async ({ page, jsEnabled }) => {
  const integrations = catalogueIntegrations();
  // Riley's seeded grants are the first three by client id; each project connects its own.
  const mine = integrations[jsEnabled ? 10 : 11]!;
  await logIn(page, riley.email);

  // Connect it the way an integration does: the platform's consent, then back to its page.
  const back = new URL(`/applications/${mine.friendlyId ?? mine.id}`, page.url()).toString();
  await page.goto(
    `${PLATFORM_ORIGIN}/v1/authorize?client_id=${mine.clientId}&response_type=code&scope=spark%3Apeople_read&state=e2e&redirect_uri=${encodeURIComponent(back)}`,
  );
  await page.getByRole("radio", { name: /riley@acme\.example/ }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/applications/"));

  await page.goto("/my-integrations");
  const list = page.getByRole("list", { name: "Connected integrations" });
  const full = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: integrations[0]!.name }) });
  await expect(full).toContainText("Full access to your account");
  await expect(full.getByRole("link", { name: integrations[0]!.name })).toHaveAttribute("href", `/applications/${integrations[0]!.friendlyId ?? integrations[0]!.id}`);
  const legacy = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: LEGACY_SYNC.name }) });
  await expect(legacy).toContainText("Partial access to your account");

  const row = list.getByRole("listitem").filter({ has: page.getByRole("heading", { name: mine.name }) });
  await expect(row).toContainText("Partial access to your account");
  await row.getByRole("button", { name: `Disconnect ${mine.name}` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${mine.name} was disconnected from your account.`);
  await expect(list.getByRole("heading", { name: mine.name })).toHaveCount(0);
  await expect(full).toBeVisible();
});
