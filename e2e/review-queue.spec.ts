// The review queue (issue 16) in the browser, with JavaScript on and off: a hub admin makes a
// publisher's API token, the publisher submits a version with a new permission and a listing change
// through the API, and the admin sees them against the live listing, approves one (the app page shows
// the new version) and rejects the other with a reason (refused first without one). axe checks
// these pages in e2e/a11y.spec.ts. Each project
// uses its own app, so both can run at once against one server.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { PERMISSION_KEYS } from "../app/models/permissions";
import { USERS } from "../workers/platform/demo-data";
import { expect, logIn, makePublisherToken, open, test, waitForHydration } from "./fixtures";

function botFor(jsEnabled: boolean) {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const bots = catalogue.apps.filter((a) => a.type === "bot" && a.status === "published" && !a.deprecation && a.publisher && a.companyName !== "Lumen");
  const publishers = catalogue.publishers;
  const bot = bots[jsEnabled ? 20 : 21]!;
  return { bot, publisherName: publishers.find((p) => p.slug === bot.publisher)!.name };
}

const notice = (page: Page) => page.getByRole("status", { name: "Notifications" });

test("a hub admin reviews a publisher's version and listing change: approve publishes, reject needs a reason", async ({ page, jsEnabled, browserErrors }) => {
  test.setTimeout(90_000);
  // The refused reject answers 400 (with the form kept), which the browser logs for the data request.
  browserErrors.allow(/status of 400 \(Bad Request\) \(at http:\/\/[^/]+\/admin\/review\/\d+/);
  const { bot, publisherName } = botFor(jsEnabled);
  const key = bot.friendlyId ?? bot.id;
  const version = `${Math.floor(Date.now() / 1000) % 100000}.0.${jsEnabled ? 1 : 2}`;
  const newPermission = PERMISSION_KEYS.filter((p) => p.startsWith("bot:")).find((p) => !bot.permissions.includes(p))!;

  await logIn(page, USERS.sam.email, "/admin/review");
  await waitForHydration(page, jsEnabled);
  const token = await makePublisherToken(page, publisherName, jsEnabled);
  const api = (path: string, body: unknown) =>
    page.request.post(`/api/publisher/v1${path}`, { headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, data: body });
  const versionRes = await api(`/apps/${key}/versions`, { version, releaseNotes: "**Threads** are here.", permissions: [...bot.permissions, newPermission] });
  expect(versionRes.status()).toBe(202);
  const listingRes = await api(`/apps/${key}/listing`, { tagline: "Now with threads, guaranteed" });
  expect(listingRes.status()).toBe(202);

  // The queue lists both; the version's page calls out the new permission.
  await open(page, "/admin/review", jsEnabled);
  await expect(page.getByRole("heading", { name: "Review queue", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: `${bot.name} ${version}` }).click();
  await page.waitForURL(/\/admin\/review\/\d+$/);
  await waitForHydration(page, jsEnabled);
  const permissions = page.getByRole("region", { name: "Permissions" });
  await expect(permissions.getByRole("heading", { name: /^New:/ })).toBeVisible();
  await expect(permissions.getByRole("listitem").filter({ hasText: "New" }).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Release notes" }).locator("strong")).toHaveText("Threads");
  await page.getByRole("button", { name: "Approve and publish" }).click();
  await expect(notice(page)).toContainText(`${bot.name} ${version} is live.`);

  // The app's page shows it at once: publishing moved the catalogue version, and the isolate that
  // published forgot its memo of it (workers/catalogue-version.ts).
  await page.goto(`/applications/${key}`);
  await expect(page.getByRole("main")).toContainText(`Version ${version}`);

  // The listing change: a reject without a reason is refused and keeps the page; with one it goes.
  await open(page, "/admin/review", jsEnabled);
  await page.getByRole("link", { name: bot.name, exact: true }).first().click();
  await page.waitForURL(/\/admin\/review\/\d+$/);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("table")).toContainText("Now with threads, guaranteed");
  const reason = page.getByLabel("Reason for the publisher");
  await reason.fill("   ");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Give the publisher a reason, so they know what to fix.")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await reason.fill("“Guaranteed” needs evidence.");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(notice(page)).toContainText("Submission rejected");
  await expect(page.getByRole("region", { name: "Recent decisions" })).toContainText("Reason: “Guaranteed” needs evidence.");
});
