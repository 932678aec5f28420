// Search that forgives (issue 28), JavaScript on and off: "did you mean" with its way back to the
// words as typed, needs said in words as removable chips, and both pages with axe at 1280 and 390 px.
import { expect, expectNoSeriousViolations, open, serveWithoutScripts, test } from "./fixtures";

// axe needs JavaScript in the browser; the "no-js" project's pages are served without their scripts.
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page, jsEnabled }) => {
  if (!jsEnabled) await serveWithoutScripts(page);
});

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("did you mean: the corrected results, and 'Search instead for' the words as typed", async ({ page, jsEnabled }) => {
      await open(page, "/search?q=pine+gate", jsEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results for "pinegate"$/);
      await expect(page.getByTestId("search-instead")).toHaveText("Search instead for pine gate");
      await expectNoSeriousViolations(page, `did you mean at ${width} px`);
      await page.getByTestId("search-instead").getByRole("link", { name: "pine gate" }).click();
      await expect(page).toHaveURL(/\/search\?q=pine\+gate&literal=1$/);
      await expect(page.getByRole("heading", { level: 1 })).not.toContainText("pinegate");
    });

    test("needs in plain words are filters, each a chip that can be removed", async ({ page, jsEnabled }) => {
      await open(page, "/search?q=HIPAA+transcription+in+the+EU", jsEnabled);
      // (The redirect to the filtered address is checked in test/integration/search-forgiving.test.ts:
      // the no-js project serves the document through a route, which shows the first address.)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/results for "HIPAA transcription in the EU"$/);
      const chips = page.getByRole("list", { name: "Filters from your words:" });
      await expect(chips.getByRole("link")).toHaveCount(2);
      await expectNoSeriousViolations(page, `needs as chips at ${width} px`);
      await chips.getByRole("link", { name: "Remove filter Certification: HIPAA" }).click();
      await expect(page).not.toHaveURL(/certification=hipaa/);
      await expect(page).toHaveURL(/region=eu/);
      await expect(page.getByRole("list", { name: "Filters from your words:" }).getByRole("link")).toHaveCount(1);
    });
  });
}
