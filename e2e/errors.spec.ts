// Error pages (spec §2.1, §2.5): unknown paths are 404, /internal-server 500, /time-out 504, and each
// offers 'Return Home'. Runs with JavaScript on and off.
import { documentStatusError, expect, open, test } from "./fixtures";

const cases = [
  { path: "/does-not-exist", status: 404, title: "Page not found" },
  { path: "/internal-server", status: 500, title: "Internal server error" },
  { path: "/time-out", status: 504, title: "Time-out" },
] as const;

for (const { path, status, title } of cases) {
  test(`${path} answers ${status} with 'Return Home'`, async ({ page, jsEnabled, browserErrors }) => {
    // Chromium reports the document's error status on the console; that one is expected here.
    browserErrors.allow(documentStatusError(status, path));

    const response = await open(page, path, jsEnabled);
    expect(response?.status()).toBe(status);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.locator("#main-content")).toContainText(String(status));
    // The error page keeps the site chrome, so a visitor is not stranded.
    await expect(page.getByRole("contentinfo")).toBeVisible();

    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Apps that make");
  });
}

test("an unknown app's detail page is not found", async ({ page, jsEnabled, browserErrors }) => {
  browserErrors.allow(documentStatusError(404, "/applications/no-such-app-anywhere"));
  const response = await open(page, "/applications/no-such-app-anywhere", jsEnabled);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});
