// Dialogs (the 'Requires Admin' badge, the footer disclaimer) and the skip links.
// With JavaScript a dialog is a modal <dialog> (Escape closes it, focus returns to its trigger);
// without it, the trigger links to #id and the dialog shows as the URL's :target.
import { DetailPageObject, expect, findRequiresAdminAppPath, open, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

async function checkDialog(page: Page, jsEnabled: boolean, trigger: Locator, name: string, id: string, text: string | RegExp) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  if (jsEnabled) {
    // A real modal: open attribute set by showModal(), Escape closes, focus goes back.
    await expect(dialog).toHaveJSProperty("open", true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    // And the Close link closes it too.
    await trigger.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  } else {
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/#_$/);
    await expect(dialog).toBeHidden();
  }
}

test("the 'Requires Admin' dialog opens and closes", async ({ page, jsEnabled, request }) => {
  const path = await findRequiresAdminAppPath(request);
  await open(page, path, jsEnabled);
  const detail = new DetailPageObject(page);
  await expect(detail.name).toBeVisible();
  await expect(detail.requiresAdmin).toBeVisible();
  await checkDialog(page, jsEnabled, detail.requiresAdmin, "Requires Admin", "requires-admin", "Only a Control Hub administrator can add");
});

test("the footer 'Disclaimer' dialog shows the 1992-2024 notice", async ({ page, jsEnabled }) => {
  await open(page, "/brand-new", jsEnabled);
  const trigger = page.getByRole("contentinfo").getByRole("link", { name: "Disclaimer" });
  await checkDialog(page, jsEnabled, trigger, "Disclaimer", "disclaimer", /© 1992-2024 Lumen Communications, Inc\./);
});

test("skip links: Tab from the top reaches 'Skip to content', Enter moves focus to the main content", async ({ page, jsEnabled }) => {
  await open(page, "/brand-new", jsEnabled);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();

  // 'Skip to footer' is the next stop and moves focus to the footer.
  await open(page, "/brand-new", jsEnabled);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to footer" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("footer#footer")).toBeFocused();
});

test("home: 'Skip to content' keeps the 335 px offset", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "The 335 px offset is applied by script; without JavaScript the browser jumps to #main-content.");
  await open(page, "/", jsEnabled);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main-content")).toBeFocused();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(335);
});
