// Spec §2.1 UNSUPPORTED_BROWSER with JavaScript on: an old browser that still runs scripts (Chrome 80
// does; IE 11 would fail on them) must keep the unsupported-browser page. The Worker serves that page
// in place of the address asked for, so hydrating it as that address would not match, and Remix
// would replace it with 'Internal server error'. Runs in both projects; the JS one is the regression.
import { expect, test } from "./fixtures";

const OLD_BROWSERS = {
  "Chrome 80": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.163 Safari/537.36",
  "IE 11": "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko",
};

for (const [name, userAgent] of Object.entries(OLD_BROWSERS)) {
  for (const path of ["/", "/bots", "/applications/no-such-app-anywhere"]) {
    test(`${name} asking for ${path} keeps the unsupported-browser page`, async ({ browser, jsEnabled }) => {
      const context = await browser.newContext({ userAgent, javaScriptEnabled: jsEnabled });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await page.waitForLoadState("load");
      // Give a hydration attempt time to fail, as it did before: the page turned into a 500.
      await page.waitForTimeout(500);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your browser is not supported");
      await expect(page.getByText("Internal server error")).toHaveCount(0);
      // No scripts of ours are sent to a browser we do not support.
      expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
      expect(errors).toEqual([]);
      await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
      await context.close();
    });
  }
}
