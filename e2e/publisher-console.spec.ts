// The publisher console (issue 30) in the browser, with JavaScript on and off: a member (Max, a
// demo member of two publishers: scripts/demo-publisher-members.mjs) picks a publisher, submits a
// new version with a new permission from the form after previewing the review queue's diff, a hub
// admin (Sam) approves it in the review queue, and the member sees it approved and live. axe checks
// the console's pages at 1280 and 390 px. Each project uses its own publisher and app, so both can
// run at once against one server.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { PERMISSION_KEYS, PERMISSIONS } from "../app/models/permissions";
import { USERS } from "../workers/platform/demo-data";
import { demoPublisherSlugs } from "../scripts/demo-publisher-members.mjs";
import { expect, expectNoSeriousViolationsAtWidths, logIn, open, screenshotFor, signedInForScans, test, waitForHydration } from "./fixtures";

function world(jsEnabled: boolean) {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const slug = demoPublisherSlugs(catalogue)[jsEnabled ? 0 : 1]!;
  const publisher = catalogue.publishers.find((p) => p.slug === slug)!;
  const bots = catalogue.apps.filter((a) => a.publisher === slug && a.type === "bot" && a.status === "published" && !a.deprecation);
  const app = bots[bots.length - 1]!;
  const newPermission = PERMISSION_KEYS.filter((p) => p.startsWith("bot:")).find((p) => !app.permissions.includes(p))!;
  return { slug, publisherName: publisher.name, app, newPermission };
}

const notice = (page: Page) => page.getByRole("status", { name: "Notifications" });

test("a member submits a version from the form, a hub admin approves it, and the member sees it live", async ({ page, browser, jsEnabled, browserErrors }) => {
  test.setTimeout(120_000);
  // The refused preview answers 400 (with the form kept), which the browser logs for the request.
  browserErrors.allow(/status of 400 \(Bad Request\) \(at http:\/\/[^/]+\/publisher\/[^ ]+\/version(\.data)?[?:]/);
  const { slug, publisherName, app, newPermission } = world(jsEnabled);
  const version = `${Math.floor(Date.now() / 1000) % 100000}.1.${jsEnabled ? 1 : 2}`;

  // Max belongs to two publishers: the console's start page lists both; the account menu links there.
  await logIn(page, USERS.max.email, "/publisher");
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Publisher console" })).toBeVisible();
  await page.getByRole("link", { name: publisherName, exact: true }).click();
  await page.waitForURL(`**/publisher/${slug}`);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: publisherName })).toBeVisible();
  await expect(page.locator('a[href="/publisher"]', { hasText: "Publisher console" }).first()).toBeAttached();

  // The version form: a refused preview keeps what was typed and says what to fix.
  await page.getByRole("link", { name: `New version of ${app.name}` }).click();
  await page.waitForURL(/\/version$/);
  await waitForHydration(page, jsEnabled);
  const notes = page.getByLabel("Release notes", { exact: true });
  await page.getByLabel("Version", { exact: true }).fill("not a version!");
  await notes.fill("**Threads** arrive.");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByText("must be a version such as 2.4.1").first()).toBeVisible();
  await expect(page.getByLabel("Version", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(notes).toHaveValue("**Threads** arrive.");

  // Preview: the review queue's own diff, the new permission called out; then send.
  await page.getByLabel("Version", { exact: true }).fill(version);
  await page.getByRole("checkbox", { name: PERMISSIONS[newPermission].label }).check();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = page.getByRole("region", { name: "Preview: what the reviewer will see" });
  await expect(preview).toBeVisible();
  await expect(page.getByRole("region", { name: "Permissions" }).getByRole("heading", { name: /^New:/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Release notes" }).locator("strong")).toHaveText("Threads");
  await page.getByRole("button", { name: "Send for review" }).first().click();
  await expect(notice(page)).toContainText("Sent for review");
  await expect(page.getByRole("region", { name: /^Waiting for review/ })).toContainText(`${app.name} ${version}`);

  // A hub admin approves it in the review queue.
  const admin = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const sam = await admin.newPage();
  await logIn(sam, USERS.sam.email, "/admin/review");
  await open(sam, "/admin/review", jsEnabled);
  await sam.getByRole("link", { name: `${app.name} ${version}` }).click();
  await sam.waitForURL(/\/admin\/review\/\d+$/);
  await waitForHydration(sam, jsEnabled);
  await sam.getByRole("button", { name: "Approve and publish" }).click();
  await expect(notice(sam)).toContainText(`${app.name} ${version} is live.`);
  await admin.close();

  // The member sees it approved, and live (once the catalogue version has moved: 5 s memo).
  await open(page, `/publisher/${slug}/submissions`, jsEnabled);
  const decided = page.getByRole("region", { name: "Decided and withdrawn" });
  await expect(decided.getByRole("listitem").filter({ hasText: `${app.name} ${version}` })).toContainText("Approved");
  await expect(async () => {
    await page.goto(`/applications/${encodeURIComponent(app.friendlyId ?? app.id)}`);
    await expect(page.getByRole("main")).toContainText(`Version ${version}`, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test.describe("accessibility", () => {
  test.use({ javaScriptEnabled: true });

  test("the console's pages at 1280 and 390 px", async ({ browser, jsEnabled }) => {
    test.setTimeout(150_000);
    const label = jsEnabled ? "js" : "no-js";
    const { slug, app } = world(jsEnabled);
    const member = await signedInForScans(browser, USERS.max.email, jsEnabled, "/publisher");
    const { page } = member;
    const check = async (name: string, what: string) => {
      await screenshotFor(page, `publisher-console-${name}-${label}`);
      await expectNoSeriousViolationsAtWidths(page, what);
    };
    await open(page, "/publisher", jsEnabled);
    await check("index", "the console's start page");
    await open(page, `/publisher/${slug}`, jsEnabled);
    await expect(page.getByRole("table")).toBeVisible();
    await check("apps", "the console's apps");
    await open(page, `/publisher/${slug}/apps/${encodeURIComponent(app.id)}/version`, jsEnabled);
    await page.getByLabel("Version", { exact: true }).fill("x y");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Fix" })).toBeVisible();
    await check("version-refused", "a refused version form");
    await page.getByLabel("Version", { exact: true }).fill("99.99.99");
    await page.getByLabel("Release notes", { exact: true }).fill("Notes");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(page.getByRole("region", { name: "Preview: what the reviewer will see" })).toBeVisible();
    await check("version-preview", "a version's preview");
    await open(page, `/publisher/${slug}/apps/${encodeURIComponent(app.id)}/listing`, jsEnabled);
    await check("listing", "the listing form");
    await open(page, `/publisher/${slug}/new-app`, jsEnabled);
    await check("new-app", "the new app form");
    for (const tab of ["submissions", "members", "tokens"]) {
      await open(page, `/publisher/${slug}/${tab}`, jsEnabled);
      await check(tab, `the console's ${tab}`);
    }
    // A token just made: shown once, on the answer to the post.
    await page.getByLabel("Name", { exact: true }).fill(`axe ${label}`);
    await page.getByRole("button", { name: "Create token" }).click();
    await expect(page.locator("#new-token")).toHaveValue(/^ahp_/);
    await check("token-created", "a token just made");
    await member.close();

    // The hub admins' page where people are linked to publishers.
    const admin = await signedInForScans(browser, USERS.sam.email, jsEnabled, "/admin/publisher-members");
    const sam = admin.page;
    await open(sam, "/admin/publisher-members", jsEnabled);
    await expect(sam.getByRole("heading", { level: 1, name: "Publisher members" })).toBeVisible();
    await screenshotFor(sam, `publisher-console-admin-members-${label}`);
    await expectNoSeriousViolationsAtWidths(sam, "the hub admins' members page");
    await admin.close();
  });
});
