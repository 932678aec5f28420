// Adding a bot from its detail page: to a space (and again: already there), to a locked space, and
// by direct message — with JavaScript on and off. Each project adds its own bot, so they can run
// at once against one emulator.
import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { globexDisabledBotEmails, presentBotEmail, USERS } from "../workers/platform/demo-data";
import { expect, logIn, test } from "./fixtures";

function freeBots() {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const bots = catalogue.apps.filter((a) => a.type === "bot" && a.botEmail && a.status === "published");
  const emails = bots.map((b) => b.botEmail!);
  const skip = new Set([...globexDisabledBotEmails(emails), presentBotEmail(emails)]);
  return bots.filter((b) => !skip.has(b.botEmail!.toLowerCase()));
}

test("add a bot to a space, see it is already there, hit a locked space, and message it directly", async ({ page, jsEnabled }) => {
  const bot = freeBots()[jsEnabled ? 5 : 6]!;
  const path = `/applications/${bot.friendlyId ?? bot.id}`;
  await logIn(page, USERS.riley.email, path);
  const panel = page.getByRole("region", { name: `Add ${bot.name}` });
  await expect(panel).toBeVisible();
  const notice = page.getByRole("status", { name: "Notifications" });

  await panel.getByLabel("Space", { exact: true }).selectOption({ label: "Marketing Launch" });
  await panel.getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText(`${bot.name} was added successfully to the Marketing Launch space`);

  await page.getByRole("region", { name: `Add ${bot.name}` }).getByLabel("Space", { exact: true }).selectOption({ label: "Marketing Launch" });
  await page.getByRole("region", { name: `Add ${bot.name}` }).getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText(`${bot.name} is already in the Marketing Launch space`);
  await expect(notice).toContainText("That app is already in that space. Try choosing another one.");

  await page.getByRole("region", { name: `Add ${bot.name}` }).getByLabel("Space", { exact: true }).selectOption({ label: "Company Announcements (locked)" });
  await page.getByRole("region", { name: `Add ${bot.name}` }).getByRole("button", { name: "Add to space" }).click();
  await expect(notice).toContainText("This space is locked. Let the moderator(s) know you'd like to add this app.");

  await page.getByRole("region", { name: `Add ${bot.name}` }).getByRole("button", { name: `Message ${bot.name} directly` }).click();
  await expect(notice).toContainText(`${bot.name} will say hello any second!`);
});

test("the space list narrows as you type (with JavaScript)", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "The filter box is a script enhancement; without JavaScript the native list (type-ahead by keyboard) is used, which the first test in this file drives in both projects.");
  const bot = freeBots()[7]!;
  await logIn(page, USERS.riley.email, `/applications/${bot.friendlyId ?? bot.id}`);
  const panel = page.getByRole("region", { name: `Add ${bot.name}` });
  await panel.getByLabel("Find a space").fill("design");
  await expect(panel.getByLabel("Space", { exact: true }).locator("option")).toHaveText(["Design Team"]);
  await expect(panel.getByText("1 of")).toBeVisible();
});
