// Ratings and reviews (issue 15) in the browser, with JavaScript on and off: a person who connected
// an integration through the hub rates and reviews it, edits and deletes the review; another person
// finds a review helpful, reports it and reports the app; a hub admin moderates. Each project uses
// its own integration, so both can run at once against one emulator.
import { readFileSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { USERS } from "../workers/platform/demo-data";
import { expect, logIn, open, test, waitForHydration } from "./fixtures";

function integrationFor(jsEnabled: boolean) {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  const list = catalogue.apps.filter((a) => a.type === "integration" && a.connectUrl && a.status === "published" && !a.deprecation);
  return list[jsEnabled ? 12 : 13]!;
}

/** A second person in a browser of their own (same JavaScript setting), logged in. */
async function another(browser: Browser, baseURL: string, jsEnabled: boolean, email: string, last: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const page = await context.newPage();
  await logIn(page, email, last);
  await waitForHydration(page, jsEnabled);
  return page;
}

const notice = (page: Page) => page.getByRole("status", { name: "Notifications" });

test("rate, review, edit and delete; another person finds it helpful and reports it; a hub admin restores it", async ({ page, jsEnabled, browser, baseURL }) => {
  test.setTimeout(90_000);
  const app = integrationFor(jsEnabled);
  const path = `/applications/${app.friendlyId ?? app.id}`;
  const title = `Great for our team (${jsEnabled ? "js" : "no-js"})`;

  // Riley connects it through the hub: our record says Riley uses it.
  await logIn(page, USERS.riley.email, path);
  await page.goto(`${path}/connect`);
  await open(page, path, jsEnabled);
  const reviews = page.getByRole("region", { name: "Ratings and reviews" });
  // A retry (or --repeat-each) finds the review an earlier attempt left: start from none.
  const leftover = reviews.getByRole("button", { name: "Delete your review" });
  if (await leftover.count()) {
    await leftover.click();
    await expect(notice(page)).toContainText(`Your review of ${app.name} is deleted.`);
  }
  const form = reviews.locator("#write-review");
  await expect(form).toBeVisible();
  await form.getByRole("radio", { name: /5 – Excellent/ }).check();
  await form.getByLabel("Title").fill(title);
  await form.getByLabel(/Your review/).fill("Set up in five minutes.\nThe daily summary is the best part.");
  await form.getByRole("button", { name: "Post review" }).click();
  await expect(notice(page)).toContainText(`Thanks: your review of ${app.name} is up.`);
  await expect(reviews.getByRole("heading", { name: title })).toBeVisible();
  await expect(reviews.getByText("Riley Regular (you)")).toBeVisible();
  await expect(page.locator("header").getByText("Rated 5.0 out of 5 by 1 person")).toBeAttached();

  // Edit: the form comes back with what was written.
  await reviews.getByRole("link", { name: "Edit your review" }).click();
  await page.waitForURL(/review=edit/);
  await waitForHydration(page, jsEnabled);
  await expect(form.getByLabel("Title")).toHaveValue(title);
  await form.getByRole("radio", { name: /3 – Good/ }).check();
  await form.getByLabel("Title").fill(`${title}, mostly`);
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(notice(page)).toContainText(`Your review of ${app.name} is updated.`);
  await expect(reviews.getByRole("heading", { name: `${title}, mostly` })).toBeVisible();

  // Sam: helpful, then a report with a reason; then 'Report this app'.
  const sam = await another(browser, baseURL!, jsEnabled, USERS.sam.email, path);
  const samReviews = sam.getByRole("region", { name: "Ratings and reviews" });
  const card = samReviews.getByRole("listitem").filter({ hasText: `${title}, mostly` });
  await card.getByRole("button", { name: /^Yes/ }).click();
  await expect(notice(sam)).toContainText("Your vote is counted.");
  await expect(card.getByText("1 person found this helpful")).toBeVisible();
  await expect(card.getByText("You found this helpful")).toBeVisible();
  await card.getByRole("link", { name: /^Report/ }).click();
  await sam.waitForURL(/report=\d+/);
  await waitForHydration(sam, jsEnabled);
  const reportForm = sam.getByRole("form", { name: /Report the review/ });
  await reportForm.getByLabel("Why are you reporting this review?").selectOption({ label: "Spam or advertising" });
  await reportForm.getByLabel(/Details/).fill("Reads like an advert");
  await reportForm.getByRole("button", { name: "Send report" }).click();
  await expect(notice(sam)).toContainText("Thanks: a moderator will look at it.");
  await expect(
    samReviews
      .getByRole("listitem")
      .filter({ hasText: `${title}, mostly` })
      .getByText("You reported this"),
  ).toBeVisible();

  await samReviews.getByRole("link", { name: "Report this app" }).click();
  await sam.waitForURL(/report=app/);
  await waitForHydration(sam, jsEnabled);
  const appForm = sam.locator("#report-app");
  await appForm.getByLabel("What is wrong?").selectOption({ label: "Its listing is misleading" });
  await appForm.getByLabel(/Details/).fill(`The screenshots are of another app (${jsEnabled ? "js" : "no-js"})`);
  await appForm.getByRole("button", { name: "Send report" }).click();
  await expect(notice(sam)).toContainText(`Thanks: a moderator will look at ${app.name}.`);

  // Sam is a hub admin (by address): the account menu leads to moderation.
  await open(sam, "/admin/moderation", jsEnabled);
  await expect(sam.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  const reported = sam
    .getByRole("region", { name: /Reported reviews/ })
    .getByRole("listitem")
    .filter({ hasText: `${title}, mostly` });
  await expect(reported.getByText("Spam or advertising")).toBeVisible();
  await reported.getByRole("button", { name: /^Restore/ }).click();
  await expect(notice(sam)).toContainText("is visible again.");
  const appItem = sam
    .getByRole("region", { name: /Reported apps/ })
    .getByRole("listitem")
    .filter({ hasText: app.name });
  await expect(appItem.getByText(`The screenshots are of another app (${jsEnabled ? "js" : "no-js"})`)).toBeVisible();
  await appItem.getByRole("button", { name: /^Dismiss reports/ }).click();
  await expect(notice(sam)).toContainText("The app stays listed.");
  await sam.context().close();

  // Riley deletes the review.
  await open(page, path, jsEnabled);
  await reviews.getByRole("button", { name: "Delete your review" }).click();
  await expect(notice(page)).toContainText(`Your review of ${app.name} is deleted.`);
  await expect(reviews.getByText("No reviews yet.")).toBeVisible();
});
