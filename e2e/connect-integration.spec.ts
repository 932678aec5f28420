// Connecting an integration in the default (third-party) mode, with JavaScript on and off (issue 13):
// Connect → the vendor's own start page (the emulator's demo vendor) → the platform's consent → the
// vendor's page says it is connected → "Return to App Hub" → the hub says honestly that it cannot
// know → My Integrations shows the start, not confirmed, with the platform's page to manage access →
// "Remove from this list". Each project connects its own integration, so both can run at once.
import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { seededGrants, USERS } from "../workers/platform/demo-data";
import { expect, expectNoSeriousViolations, logIn, PLATFORM_ORIGIN, test, waitForHydration } from "./fixtures";

function catalogue() {
  return JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
}

/** Published integrations with a connect URL that nobody has connected in the demo seed. */
function freeIntegrations() {
  const integrations = catalogue().apps.filter((a) => a.type === "integration" && a.clientId && a.status === "published");
  const granted = new Set(seededGrants(integrations.map((a) => ({ clientId: a.clientId!, name: a.name }))).map((g) => g.clientId));
  return integrations.filter((a) => a.connectUrl && !granted.has(a.clientId!));
}

test("connect an integration at the vendor's page; the hub says it cannot confirm, lists the start and links to the platform's page", async ({ page, jsEnabled }) => {
  const app = freeIntegrations()[jsEnabled ? 2 : 3]!;
  const path = `/applications/${app.friendlyId ?? app.id}`;
  await logIn(page, USERS.riley.email, path);
  await waitForHydration(page, jsEnabled);
  const main = page.locator("#main-content");
  await expect(main.getByRole("link", { name: "Log in to add app +" })).toHaveCount(0);
  await expect(main).toContainText(`Connect takes you to ${app.companyName}'s page for ${app.name}`);
  await main.getByRole("link", { name: "Connect", exact: true }).click();

  // The vendor's start page sent the browser on to the platform's consent for the vendor's client.
  await page.waitForURL(`${PLATFORM_ORIGIN}/v1/authorize?**`);
  expect(new URL(page.url()).searchParams.get("client_id")).toBe(app.clientId);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${app.name} wants to access your account`);
  await page.getByRole("radio", { name: /riley@acme\.example/ }).check();
  await page.getByRole("button", { name: "Accept" }).click();

  await page.waitForURL(`${PLATFORM_ORIGIN}/vendors/${app.clientId}/callback?**`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${app.name} is connected to your account`);
  await page.getByRole("link", { name: "Return to App Hub" }).click();

  await page.waitForURL((url) => url.pathname === "/my-integrations");
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`App Hub can't see whether ${app.name} is connected: only Lumen knows.`);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: app.name }) });
  await expect(row).toContainText(/You started connecting on .+, not confirmed/);
  await expect(row).not.toContainText("Connected on");
  const manage = page.getByRole("link", { name: "Manage integrations' access on Lumen" });
  await expect(manage).toHaveAttribute("href", `${PLATFORM_ORIGIN}/account/authorized-apps`);

  // The platform's own page has the grant (where it can be revoked).
  const platformPage = await page.request.get(`${PLATFORM_ORIGIN}/account/authorized-apps?email=${encodeURIComponent(USERS.riley.email)}`);
  expect(await platformPage.text()).toContain(app.name);

  await waitForHydration(page, jsEnabled);
  await row.getByRole("button", { name: `Remove ${app.name} from this list` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(
    `${app.name} was removed from this list. Any access you gave it stays until you take it away on your Lumen account page.`,
  );
  await expect(page.getByRole("heading", { name: app.name })).toHaveCount(0);
});

test("an integration without a connect URL offers no Connect and points to the vendor's website", async ({ page }) => {
  const app = catalogue().apps.find((a) => a.type === "integration" && a.clientId && !a.connectUrl && a.status === "published" && a.websiteUrl)!;
  await logIn(page, USERS.riley.email, `/applications/${app.friendlyId ?? app.id}`);
  const main = page.locator("#main-content");
  await expect(main.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
  await expect(main).toContainText(`${app.name} is connected from ${app.companyName}'s own website, not from App Hub.`);
  await expect(main.getByRole("link", { name: `Go to ${app.companyName}'s website` })).toHaveAttribute("href", app.websiteUrl!);
});

test("logged out, the page keeps 'Log in to add app +' and offers no Connect", async ({ page }) => {
  const app = freeIntegrations()[0]!;
  await page.goto(`/applications/${app.friendlyId ?? app.id}`);
  const main = page.locator("#main-content");
  await expect(main.getByRole("link", { name: "Log in to add app +" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Connect", exact: true })).toHaveCount(0);
});

test("a Connect that another site sent the person to asks first; Continue goes on to the vendor (issue 27)", async ({ page, jsEnabled }) => {
  const app = freeIntegrations()[jsEnabled ? 4 : 5]!;
  const path = `/applications/${app.friendlyId ?? app.id}`;
  await logIn(page, USERS.riley.email, path);
  const connect = new URL(`${path}/connect`, page.url()).href;
  // A vendor's page (served here for the test) links a logged-in visitor to the hub's Connect.
  await page.route("https://vendor.example/**", (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><title>Promo</title><a href="${connect}">Silence the notice</a>` }),
  );
  await page.goto("https://vendor.example/promo");
  await page.getByRole("link", { name: "Silence the notice" }).click();
  await page.waitForURL(connect);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Connect ${app.name}?`);
  await expect(page.locator("#main-content")).toContainText("Another website sent you here.");
  await expect(page.getByRole("link", { name: `Back to ${app.name}` })).toHaveAttribute("href", path);
  // axe runs as a script in the page: the JavaScript project scans it (the same markup either way).
  if (jsEnabled) await expectNoSeriousViolations(page, "Connect asks first");
  await page.getByRole("link", { name: `Continue to ${app.companyName}` }).click();
  await page.waitForURL(`${PLATFORM_ORIGIN}/v1/authorize?**`);
  expect(new URL(page.url()).searchParams.get("client_id")).toBe(app.clientId);
});
