// Joining the developer-support space from /support, with JavaScript on and off: the login link
// when logged out, then joined, already joined, and — for someone already in the space — already a
// member. Each project joins as its own person, so both can run at once against one emulator.
import { USERS } from "../workers/platform/demo-data";
import { DEVELOPER_SUPPORT_ROOM } from "../workers/platform/demo-data";
import { expect, logIn, PLATFORM_ORIGIN, test, waitForHydration } from "./fixtures";

const JOIN = "Join the developer-support space";

test("logged out: a login link that comes back to /support", async ({ page }) => {
  await page.goto("/support");
  const link = page.locator("#developer-space").getByRole("link", { name: "Log in to join the developer-support space" });
  await expect(link).toHaveAttribute("href", "/auth?last=%2Fsupport");
  await link.click();
  await page.waitForURL(`${PLATFORM_ORIGIN}/**`);
  await page.getByRole("radio", { name: /sam@acme\.example/ }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL((url) => url.pathname === "/support");
  await expect(page.locator("#developer-space").getByRole("button", { name: JOIN })).toBeVisible();
});

test("join, then already joined", async ({ page, jsEnabled }) => {
  // Riley with JavaScript, Sam without: neither is in the space in the demo seed.
  const person = jsEnabled ? USERS.riley : USERS.sam;
  await logIn(page, person.email, "/support");
  await waitForHydration(page, jsEnabled);
  const notice = page.getByRole("status", { name: "Notifications" });
  await page.getByRole("button", { name: JOIN }).click();
  await expect(notice).toContainText(`You were added to the ${DEVELOPER_SUPPORT_ROOM.title} space. Find it in your spaces in Lumen.`);
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: JOIN }).click();
  await expect(notice).toContainText(`You joined the ${DEVELOPER_SUPPORT_ROOM.title} space from App Hub before.`);
});

test("someone already in the space is told they are a member", async ({ page, jsEnabled }) => {
  await logIn(page, USERS.ada.email, "/support");
  await waitForHydration(page, jsEnabled);
  await page.getByRole("button", { name: JOIN }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`You are already a member of the ${DEVELOPER_SUPPORT_ROOM.title} space.`);
});
