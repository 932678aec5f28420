// Connecting an integration from its detail page, with JavaScript on and off: Connect → the
// platform's consent (the emulator's page, the logged-in person preselected) → back on the app's page
// with the notice → My Integrations lists it → Disconnect removes it. Each project connects its own
// integration, so both can run at once against one emulator.
import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { seededGrants, USERS } from "../workers/platform/demo-data";
import { expect, logIn, PLATFORM_ORIGIN, test, waitForHydration } from "./fixtures";

/** Published integrations nobody has connected in the demo seed. */
function freeIntegrations() {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const integrations = catalogue.apps.filter((a) => a.type === "integration" && a.clientId && a.status === "published");
  const granted = new Set(seededGrants(integrations.map((a) => ({ clientId: a.clientId!, name: a.name }))).map((g) => g.clientId));
  return integrations.filter((a) => !granted.has(a.clientId!));
}

test("connect an integration, see it in My Integrations, and disconnect it", async ({ page, jsEnabled }) => {
  const app = freeIntegrations()[jsEnabled ? 2 : 3]!;
  const path = `/applications/${app.friendlyId ?? app.id}`;
  await logIn(page, USERS.riley.email, path);
  await waitForHydration(page, jsEnabled);
  const main = page.locator("#main-content");
  await expect(main.getByRole("link", { name: "Log in to add app +" })).toHaveCount(0);
  await main.getByRole("link", { name: "Connect", exact: true }).click();

  await page.waitForURL(`${PLATFORM_ORIGIN}/v1/authorize?**`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${app.name} wants to access your account`);
  await expect(page.getByRole("radio", { name: /riley@acme\.example/ })).toBeChecked();
  await page.getByRole("button", { name: "Accept" }).click();

  await page.waitForURL((url) => url.pathname === path);
  const notice = page.getByRole("status", { name: "Notifications" });
  await expect(notice).toContainText(`${app.name} is connected`);

  await page.goto("/my-integrations");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: app.name }) });
  await expect(row).toContainText("Partial access to your account");
  await waitForHydration(page, jsEnabled);
  await row.getByRole("button", { name: `Disconnect ${app.name}` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${app.name} was disconnected from your account.`);
  await expect(page.getByRole("heading", { name: app.name })).toHaveCount(0);
});

test("declining at the platform says so and connects nothing", async ({ page, jsEnabled }) => {
  const app = freeIntegrations()[jsEnabled ? 4 : 5]!;
  const path = `/applications/${app.friendlyId ?? app.id}`;
  await logIn(page, USERS.riley.email, path);
  await page.locator("#main-content").getByRole("link", { name: "Connect", exact: true }).click();
  await page.waitForURL(`${PLATFORM_ORIGIN}/v1/authorize?**`);
  await page.getByRole("button", { name: "Decline" }).click();
  await page.waitForURL((url) => url.pathname === path);
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`You declined to connect ${app.name}. Nothing was shared with it.`);
  await page.goto("/my-integrations");
  await expect(page.getByRole("heading", { name: app.name })).toHaveCount(0);
});

test("logged out, the page keeps 'Log in to add app +' and offers no Connect", async ({ page }) => {
  const app = freeIntegrations()[0]!;
  await page.goto(`/applications/${app.friendlyId ?? app.id}`);
  const main = page.locator("#main-content");
  await expect(main.getByRole("link", { name: "Log in to add app +" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
});
