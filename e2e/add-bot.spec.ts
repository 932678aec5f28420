// Adding a bot from its detail page through the add-bot dialog: to a space (and again: already
// there), to a locked space, and by direct message — with JavaScript on and off. Each project adds
// its own bot, so they can run at once against one emulator.
import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { globexDisabledBotEmails, presentBotEmail, USERS } from "../workers/platform/demo-data";
import type { Locator, Page } from "@playwright/test";
import { expect, logIn, test, waitForHydration } from "./fixtures";

function freeBots() {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const bots = catalogue.apps.filter((a) => a.type === "bot" && a.botEmail && a.status === "published");
  const emails = bots.map((b) => b.botEmail!);
  const skip = new Set([...globexDisabledBotEmails(emails), presentBotEmail(emails)]);
  return bots.filter((b) => !skip.has(b.botEmail!.toLowerCase()));
}

/** Opens the add-bot dialog (spec §3 statuses: select → group-space) and returns it. */
async function chooseSpaceStep(page: Page, botName: string): Promise<Locator> {
  await page.locator("#main-content").getByRole("link", { name: "Add to Lumen" }).click();
  const dialog = page.getByRole("dialog", { name: `Add ${botName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Add to a space" }).click();
  await expect(dialog.getByRole("button", { name: "Add to space" })).toBeVisible();
  return dialog;
}

test("add a bot to a space, see it is already there, hit a locked space, and message it directly", async ({ page, jsEnabled }) => {
  const bot = freeBots()[jsEnabled ? 5 : 6]!;
  const path = `/applications/${bot.friendlyId ?? bot.id}`;
  await logIn(page, USERS.riley.email, path);
  await waitForHydration(page, jsEnabled);
  const notice = page.getByRole("status", { name: "Notifications" });

  let dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByLabel("Space", { exact: true }).selectOption({ label: "Marketing Launch" });
  await dialog.getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText(`${bot.name} was added successfully to the Marketing Launch space`);
  await expect(page.getByRole("dialog", { name: `Add ${bot.name}` })).toBeHidden();

  dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByLabel("Space", { exact: true }).selectOption({ label: "Marketing Launch" });
  await dialog.getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText(`${bot.name} is already in the Marketing Launch space`);
  await expect(notice).toContainText("That app is already in that space. Try choosing another one.");

  dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByLabel("Space", { exact: true }).selectOption({ label: "Company Announcements (locked)" });
  await dialog.getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText("This space is locked. Let the moderator(s) know you'd like to add this app.");

  await page.locator("#main-content").getByRole("link", { name: "Add to Lumen" }).click();
  dialog = page.getByRole("dialog", { name: `Add ${bot.name}` });
  await dialog.getByRole("link", { name: `Message ${bot.name} directly` }).click();
  await dialog.getByRole("button", { name: `Message ${bot.name} directly` }).click();
  await expect(notice).toContainText(`${bot.name} will say hello any second!`);
});

test("the dialog's Back returns to the first step", async ({ page, jsEnabled }) => {
  const bot = freeBots()[jsEnabled ? 8 : 9]!;
  await logIn(page, USERS.riley.email, `/applications/${bot.friendlyId ?? bot.id}`);
  await waitForHydration(page, jsEnabled);
  const dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByRole("link", { name: "Back" }).click();
  await expect(dialog.getByRole("link", { name: "Add to a space" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Add to space" })).toHaveCount(0);
});

test("the space list narrows as you type (with JavaScript)", async ({ page, jsEnabled }) => {
  test.skip(
    !jsEnabled,
    "The filter box is a script enhancement; without JavaScript the native list (type-ahead by keyboard) is used, which the first test in this file drives in both projects.",
  );
  const bot = freeBots()[7]!;
  await logIn(page, USERS.riley.email, `/applications/${bot.friendlyId ?? bot.id}`);
  await waitForHydration(page, jsEnabled);
  const dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByLabel("Find a space").fill("design");
  await expect(dialog.getByLabel("Space", { exact: true }).locator("option")).toHaveText(["Design Team"]);
  await expect(dialog.getByText("1 of")).toBeVisible();
});

test("with analytics allowed, adding a bot sends AppHub_install exactly once (spec §9 'installs')", async ({ page, context, jsEnabled }) => {
  test.skip(!jsEnabled, "Analytics are sent by the browser's script only (docs/decisions/009).");
  const bot = freeBots()[10]!;
  await context.addCookies([{ name: "performance_consent", value: "true", url: `http://127.0.0.1:${process.env.E2E_PORT ?? "8789"}` }]);
  const installs: { name: string; props?: Record<string, unknown> }[] = [];
  page.on("request", (request) => {
    if (request.method() !== "POST" || !request.url().endsWith("/api/analytics")) return;
    const body = JSON.parse(request.postData() ?? "{}") as { events?: { name: string; props?: Record<string, unknown> }[] };
    installs.push(...(body.events ?? []).filter((e) => e.name === "AppHub_install"));
  });
  const path = `/applications/${bot.friendlyId ?? bot.id}`;
  await logIn(page, USERS.riley.email, path);
  await waitForHydration(page, jsEnabled);
  const dialog = await chooseSpaceStep(page, bot.name);
  await dialog.getByLabel("Space", { exact: true }).selectOption({ label: "Design Team" });
  await dialog.getByRole("button", { name: "Add to space" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${bot.name} was added successfully to the Design Team space`);
  await expect.poll(() => installs.length).toBe(1);
  expect(installs[0]!.props).toMatchObject({ appId: bot.id, appType: "bot", appName: bot.name, via: "space" });
  // Pages after it (a client-side navigation keeps the root's data) send it no more.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Bots", exact: true }).click();
  await page.waitForURL(/\/bots$/);
  await page.waitForTimeout(500);
  expect(installs).toHaveLength(1);
});
