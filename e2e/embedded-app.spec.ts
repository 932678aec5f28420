// The embedded-app dialog on an embedded app's page, with JavaScript on (a modal <dialog>) and off
// (the dialog as the URL's :target): what Riley (Acme allows embedded apps) can do, and what Max
// (Globex has them turned off) is told.
import { readFileSync } from "node:fs";
import type { CatalogueFile } from "../app/models/catalogue-record";
import { USERS } from "../workers/platform/demo-data";
import { expect, logIn, test, waitForHydration } from "./fixtures";

function embeddedApp() {
  const catalogue = JSON.parse(readFileSync(`seed/generated/catalogue-${process.env.E2E_PORT ?? "8789"}.json`, "utf8")) as CatalogueFile;
  return catalogue.apps.find((a) => a.type === "embeddedApp" && a.status === "published")!;
}

test("allowed: the dialog says how to open it from a meeting or a space, and closes", async ({ page, jsEnabled }) => {
  const app = embeddedApp();
  await logIn(page, USERS.riley.email, `/applications/${app.friendlyId ?? app.id}`);
  await waitForHydration(page, jsEnabled);
  await page
    .locator("#main-content")
    .getByRole("link", { name: `Open ${app.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `Open ${app.name} in a meeting or space` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${app.name} runs inside Lumen`);
  await expect(
    dialog
      .getByRole("listitem")
      .filter({ hasText: /^In a (meeting|space): select/ })
      .first(),
  ).toBeVisible();
  // What it can do once opened (issue 15), before the person opens it.
  await expect(dialog).toContainText(new RegExp(`${app.name} (will be able to:|asks for no access)`));
  await expect(dialog).not.toContainText("Talk to your IT Admin");
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("not enabled by the organisation: the dialog says so, and to talk to the IT admin", async ({ page, jsEnabled }) => {
  const app = embeddedApp();
  await logIn(page, USERS.max.email, `/applications/${app.friendlyId ?? app.id}`);
  await waitForHydration(page, jsEnabled);
  await page
    .locator("#main-content")
    .getByRole("link", { name: `Open ${app.name}` })
    .click();
  const dialog = page.getByRole("dialog", { name: `${app.name} isn't available to your organization` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Your organization hasn't enabled ${app.name}.`);
  await expect(dialog).toContainText("Talk to your IT Admin for more information");
});

test("logged out: no dialog, 'Log in to add app +'", async ({ page }) => {
  const app = embeddedApp();
  await page.goto(`/applications/${app.friendlyId ?? app.id}`);
  await expect(page.locator("#main-content").getByRole("link", { name: "Log in to add app +" })).toBeVisible();
  await expect(page.locator("#embedded-app")).toHaveCount(0);
});
