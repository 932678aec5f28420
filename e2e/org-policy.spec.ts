// Organisations decide which apps their people use (issue 29), the demo story in the browser, with
// JavaScript on and off. Each project plays it in an organisation of its own (the js project in
// Brightwater Labs, the no-js one in Kestrel Works: an admin and a member each, and no other spec
// uses them), so it runs beside every other spec, which use Acme's people in an open organisation
// (docs/decisions/048): the admin sets approval required with one rule, pre-approves one app and
// restricts another from their pages; the member sees the three states, requests an app with a
// comment; the admin gets the bot's message and approves; the member is told and can add it; Max
// (Globex) sees none of that organisation's policy. axe checks the pages at 1280 and 390 px.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { SERVICE_BOTS, USERS } from "../workers/platform/demo-data";
import { expect, expectNoSeriousViolationsAtWidths, logIn, open, PLATFORM_ORIGIN, screenshotFor, signedInForScans, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

/** The project's organisation: its admin and a member (workers/platform/demo-data.ts). */
const cast = (jsEnabled: boolean) => (jsEnabled ? { admin: USERS.nadia, member: USERS.omar } : { admin: USERS.priya, member: USERS.quinn });

type Seeded = CatalogueFile["apps"][number];
function bots(): Seeded[] {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  // The rule below (FedRAMP and HIPAA) matches none of these, so a request waits for the admin.
  return catalogue.apps.filter(
    (a) =>
      a.type === "bot" &&
      a.status === "published" &&
      !a.deprecation &&
      a.botEmail &&
      !/webhooks$/.test(a.friendlyId ?? "") &&
      !(a.security?.certifications ?? []).includes("fedramp"),
  );
}
const pathOf = (a: Seeded) => `/applications/${a.friendlyId ?? a.id}`;
const main = (page: Page) => page.locator("#main-content");
const searchPath = (text: string) => `/search?${new URLSearchParams({ q: text })}`;
/** An app's card in a list or search results (the card's one link is its name). */
const card = (page: Page, app: Seeded) => main(page).locator("li", { has: page.getByRole("link", { name: app.name, exact: true }) });
const notice = (page: Page) => page.getByRole("status", { name: "Notifications" });

/**
 * The admin (on `page`) takes `app` off both lists, deciding any request a run before this one left
 * pending (pre-approving decides them), so each run starts from "Needs approval".
 */
async function offTheLists(page: Page, app: Seeded, jsEnabled: boolean) {
  await open(page, pathOf(app), jsEnabled);
  const approve = main(page).getByRole("button", { name: `Pre-approve ${app.name}` });
  if (await approve.count()) {
    await approve.click();
    await expect(notice(page)).toContainText(`${app.name} is approved`);
  }
  await main(page)
    .getByRole("button", { name: `Take off the list ${app.name}` })
    .click();
  await expect(notice(page)).toContainText(`${app.name} is neither pre-approved nor restricted now.`);
}

/** A fresh browser context logged in as `email` (JavaScript as the project says). */
async function as(browser: Browser, email: string, jsEnabled: boolean, last = "/") {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await logIn(page, email, last);
  return { page, close: () => context.close() };
}

/** The updates bot's direct messages (newest last) that contain `text`, as the bot's own client reads them. */
async function botMessages(request: APIRequestContext, text: string): Promise<string[]> {
  const headers = { Authorization: `Bearer ${SERVICE_BOTS.updates.token}` };
  const rooms = (await (await request.get(`${PLATFORM_ORIGIN}/v1/rooms?type=direct&sortBy=lastactivity&max=100`, { headers })).json()) as { items: { id: string }[] };
  const found: string[] = [];
  for (const room of rooms.items) {
    const { items } = (await (await request.get(`${PLATFORM_ORIGIN}/v1/messages?roomId=${room.id}`, { headers })).json()) as { items: { markdown?: string }[] };
    for (const m of items) if (m.markdown?.includes(text)) found.push(m.markdown);
  }
  return found;
}

test("the admin requires approval; a member sees the three states, requests with a comment; the admin approves; the member can add; Max sees nothing of it", async ({
  browser,
  jsEnabled,
}) => {
  test.setTimeout(120_000);
  const { admin, member } = cast(jsEnabled);
  const [approved, restricted, requested] = (jsEnabled ? bots().slice(0, 3) : bots().slice(3, 6)) as [Seeded, Seeded, Seeded];
  const comment = `Our stand-ups need it (${jsEnabled ? "js" : "no-js"} ${Date.now()})`;

  // The admin: settings, one rule, pre-approve and restrict from the apps' pages.
  const adminTab = await as(browser, admin.email, jsEnabled);
  // The account menu links to the page (a popover; opened here as its address).
  await expect(adminTab.page.getByRole("banner").locator('a[href="/admin/organisation"]', { hasText: "Organisation apps" })).toHaveCount(1);
  await open(adminTab.page, "/admin/organisation", jsEnabled);
  await expect(adminTab.page.getByRole("heading", { level: 1, name: "Your organisation's apps" })).toBeVisible();
  await adminTab.page.getByRole("radio", { name: /^Approval required/ }).check();
  await adminTab.page.getByLabel("Where requests go").selectOption("admins");
  await adminTab.page.getByRole("button", { name: "Save settings" }).click();
  await expect(notice(adminTab.page)).toContainText("Your people now need approval");
  await adminTab.page.getByLabel("Name").fill(`Federal (${jsEnabled ? "js" : "no-js"})`);
  await adminTab.page.getByRole("checkbox", { name: "FedRAMP" }).check();
  await adminTab.page.getByRole("checkbox", { name: "HIPAA" }).check();
  await adminTab.page.getByRole("button", { name: "Add rule" }).click();
  await expect(notice(adminTab.page)).toContainText("Rule added");
  for (const app of [approved, restricted, requested]) await offTheLists(adminTab.page, app, jsEnabled);
  await open(adminTab.page, pathOf(approved), jsEnabled);
  await main(adminTab.page)
    .getByRole("button", { name: `Pre-approve ${approved.name}` })
    .click();
  await expect(notice(adminTab.page)).toContainText(`${approved.name} is approved for your organisation.`);
  await open(adminTab.page, pathOf(restricted), jsEnabled);
  await main(adminTab.page)
    .getByRole("button", { name: `Restrict ${restricted.name}` })
    .click();
  await expect(notice(adminTab.page)).toContainText(`${restricted.name} is restricted`);

  // The member: the three states; requests one with a comment.
  const memberTab = await as(browser, member.email, jsEnabled);
  await open(memberTab.page, pathOf(approved), jsEnabled);
  await expect(main(memberTab.page).getByText("Approved by your organisation")).toBeVisible();
  await expect(main(memberTab.page).getByRole("link", { name: "Add to Lumen" })).toBeVisible();
  await open(memberTab.page, pathOf(restricted), jsEnabled);
  await expect(main(memberTab.page).getByText("Restricted by your organisation")).toBeVisible();
  await expect(main(memberTab.page).getByRole("link", { name: /Request this app/ })).toHaveCount(0);
  // Search shows the same badges on its cards and offers the same filter as the list pages.
  await open(memberTab.page, searchPath(approved.name), jsEnabled);
  await expect(card(memberTab.page, approved)).toContainText("Approved by your organisation");
  await main(memberTab.page).getByRole("link", { name: "Approved for my organisation", exact: true }).click();
  await expect(main(memberTab.page).getByRole("link", { name: "✓ Approved for my organisation (show all)" })).toBeVisible();
  await expect(card(memberTab.page, approved)).toContainText("Approved by your organisation");
  await open(memberTab.page, `${searchPath(restricted.name)}&org=approved`, jsEnabled);
  await expect(main(memberTab.page).getByRole("heading", { level: 1 })).toHaveText(`Sorry, no results for "${restricted.name}"`);
  await main(memberTab.page).getByRole("link", { name: "✓ Approved for my organisation (show all)" }).click();
  await expect(card(memberTab.page, restricted)).toContainText("Restricted by your organisation");
  await open(memberTab.page, searchPath(requested.name), jsEnabled);
  await expect(card(memberTab.page, requested)).toContainText("Needs approval");
  await open(memberTab.page, pathOf(requested), jsEnabled);
  await expect(main(memberTab.page).getByText("Needs approval", { exact: true })).toBeVisible();
  await main(memberTab.page)
    .getByRole("link", { name: /Request this app/ })
    .click();
  await expect(memberTab.page.getByRole("heading", { level: 1, name: `Request ${requested.name}` })).toBeVisible();
  await memberTab.page.getByLabel(/Why do you need it/).fill(comment);
  await memberTab.page.getByRole("button", { name: "Request this app" }).click();
  await expect(notice(memberTab.page)).toContainText(`Your administrators were asked about ${requested.name}`);

  // The admin: the bot's message, then the admin page's pending request; approves.
  const [asked] = await botMessages(adminTab.page.request, comment);
  expect(asked).toContain(requested.name);
  expect(asked).toContain(member.displayName);
  await open(adminTab.page, "/admin/organisation", jsEnabled);
  const pending = main(adminTab.page).locator("li", { hasText: comment });
  await expect(pending).toBeVisible();
  await pending.getByLabel("Reason (optional)").fill("Fine for stand-ups");
  await pending.getByRole("button", { name: `Approve ${requested.name} for ${member.displayName}` }).click();
  await expect(notice(adminTab.page)).toContainText("Request approved");
  // The audit log says it in words: the app by name, linked to its page, before → after; no JSON, no ids.
  const auditLog = main(adminTab.page).getByRole("region", { name: "Audit log" });
  const newest = auditLog.getByRole("row").nth(1);
  await expect(newest.getByRole("cell").nth(2)).toHaveText("Pre-approved an app");
  await expect(newest.getByRole("cell").nth(3)).toHaveText(`${requested.name}: On neither list → Pre-approved. Reason: Fine for stand-ups`);
  await expect(newest.getByRole("link", { name: requested.name, exact: true })).toHaveAttribute("href", pathOf(requested));
  await expect(auditLog.getByRole("row", { name: /Changed the settings/ }).first()).toContainText("Mode: Open → Approval required.");
  await expect(auditLog).not.toContainText(/[{}]|appId/);

  // The member is told, and can add it.
  const told = await botMessages(memberTab.page.request, `Your request for **${requested.name}** was approved`);
  expect(told.at(-1)).toContain(admin.displayName);
  await open(memberTab.page, pathOf(requested), jsEnabled);
  await expect(main(memberTab.page).getByText("Approved by your organisation")).toBeVisible();
  await expect(main(memberTab.page).getByRole("link", { name: "Add to Lumen" })).toBeVisible();
  await screenshotFor(memberTab.page, `org-policy-member-approved-${jsEnabled ? "js" : "no-js"}`, { fullPage: false });

  // Max (Globex): none of that organisation's policy.
  const max = await as(browser, USERS.max.email, jsEnabled);
  await open(max.page, pathOf(restricted), jsEnabled);
  await expect(main(max.page).getByText(/Restricted by your organisation|Needs approval|Approved by your organisation/)).toHaveCount(0);
  await open(max.page, `${searchPath(restricted.name)}&org=approved`, jsEnabled);
  await expect(card(max.page, restricted)).toBeVisible();
  await expect(main(max.page).getByText(/Restricted by your organisation|Needs approval|Approved by your organisation|Approved for my organisation/)).toHaveCount(0);
  expect((await max.page.goto("/admin/organisation"))?.status()).toBe(404);
  await max.close();
  await memberTab.close();
  await adminTab.close();
});

// axe runs inside the page, which needs JavaScript; in the "org-no-js" project the documents are
// served without their scripts instead, so axe sees the markup a script-less browser gets.
test.describe("accessibility", () => {
  test.use({ javaScriptEnabled: true });

  test("the admin page, a member's app page, list and search, and the request page, at 1280 and 390 px", async ({ browser, jsEnabled }) => {
    test.setTimeout(120_000);
    const label = jsEnabled ? "js" : "no-js";
    const app = bots()[jsEnabled ? 6 : 7]!;
    const { admin, member } = cast(jsEnabled);
    /** axe at both widths where the page stands, and a screenshot at each for a person to look at. */
    const check = (page: Page, what: string, name: string, fullPage = true) =>
      expectNoSeriousViolationsAtWidths(page, what, (width) => screenshotFor(page, `org-policy-${name}-${label}-${width}`, { fullPage }));

    const adminTab = await signedInForScans(browser, admin.email, jsEnabled, "/admin/organisation");
    await open(adminTab.page, "/admin/organisation", jsEnabled);
    await expect(adminTab.page.getByRole("heading", { level: 1, name: "Your organisation's apps" })).toBeVisible();
    await check(adminTab.page, "the organisation admin page", "admin");
    await open(adminTab.page, pathOf(app), jsEnabled);
    await check(adminTab.page, "an app page with the admin's buttons", "admin-app", false);
    await adminTab.close();

    const memberTab = await signedInForScans(browser, member.email, jsEnabled, pathOf(app));
    await open(memberTab.page, pathOf(app), jsEnabled);
    await expect(main(memberTab.page).getByText("Needs approval", { exact: true })).toBeVisible();
    await check(memberTab.page, "a member's app page that needs approval", "member-app", false);
    await open(memberTab.page, `${pathOf(app)}/request`, jsEnabled);
    await check(memberTab.page, "the request page", "request", false);
    await open(memberTab.page, "/bots", jsEnabled);
    await expect(main(memberTab.page).getByRole("link", { name: "Approved for my organisation" })).toBeVisible();
    await check(memberTab.page, "a member's list page", "member-list", false);
    await open(memberTab.page, searchPath(app.name), jsEnabled);
    await expect(card(memberTab.page, app)).toContainText("Needs approval");
    await expect(main(memberTab.page).getByRole("link", { name: "Approved for my organisation", exact: true })).toBeVisible();
    await check(memberTab.page, "a member's search results", "member-search");
    await open(memberTab.page, `${searchPath(app.name)}&org=approved`, jsEnabled);
    await expect(main(memberTab.page).getByRole("link", { name: "✓ Approved for my organisation (show all)" })).toBeVisible();
    await check(memberTab.page, `a member's search with "Approved for my organisation"`, "member-search-approved");
    await memberTab.close();
  });

  test("leaves the organisation open again for the next run", async ({ page, jsEnabled }) => {
    await logIn(page, cast(jsEnabled).admin.email, "/admin/organisation");
    await open(page, "/admin/organisation", jsEnabled);
    await page.getByRole("radio", { name: /^Open/ }).check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(notice(page)).toContainText("choose their apps themselves");
  });
});
