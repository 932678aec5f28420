import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { presentBotEmail, USERS } from "../workers/platform/demo-data";
import { expect, logIn, open, test } from "./fixtures";

const cat = () => JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;

test("shots", async ({ page, jsEnabled }) => {
  test.setTimeout(120_000);
  const c = cat();
  const emails = c.apps.filter((a) => a.type === "bot" && a.botEmail).map((a) => a.botEmail!);
  const present = presentBotEmail(emails)!;
  const bot = c.apps.find((a) => a.botEmail?.toLowerCase() === present)!;
  const tag = jsEnabled ? "js" : "nojs";
  const path = `/applications/${bot.friendlyId ?? bot.id}`;
  for (const w of jsEnabled ? [] : [1280]) {
    await page.setViewportSize({ width: w, height: 900 });
    await open(page, path, jsEnabled);
    await page.screenshot({ path: `/tmp/shots/detail-anon-${tag}-${w}.png`, fullPage: true });
  }
  const deprecated = c.apps.find((a) => a.deprecation?.replacement)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  void deprecated;
  await logIn(page, USERS.riley.email, `${path}?review=check#write-review`);
  await page.screenshot({ path: `/tmp/shots/detail-check-${tag}.png`, fullPage: true });
  const form = page.locator("#write-review");
  await expect(form).toBeVisible();
  await form.getByLabel("Title").fill(jsEnabled ? "" : "Great bot");
  await form.getByRole("radio", { name: /4 – Very good/ }).check();
  await form.getByRole("button", { name: "Post review" }).click();
  await page.waitForTimeout(1500);
  await page.locator("#reviews").screenshot({ path: `/tmp/shots/reviews-after-post-${tag}.png` });
  if (jsEnabled) {
    await form.getByLabel("Title").fill("Fixed title");
    await form.getByRole("button", { name: "Post review" }).click();
    await page.waitForTimeout(1500);
    await page.locator("#reviews").screenshot({ path: `/tmp/shots/reviews-after-fix-${tag}.png` });
  }
});
