// Search that forgives (issue 28), JavaScript on and off: "did you mean" with its way back to the
// words as typed, needs said in words as removable chips, and both pages with axe at 1280 and 390 px;
// then the same as a person gets there, typed into the header's search box in a browser whose
// JavaScript is really on or off (the redirect to the filtered address followed), and the typeahead's
// corrected suggestions.
import type { Browser } from "@playwright/test";
import { expect, expectNoSeriousViolationsAtWidths, headerSearchBox, open, screenshotFor, serveWithoutScripts, test, waitForHydration } from "./fixtures";

// axe needs JavaScript in the browser; the "no-js" project's pages are served without their scripts.
test.use({ javaScriptEnabled: true });
test.beforeEach(async ({ page, jsEnabled }) => {
  if (!jsEnabled) await serveWithoutScripts(page);
});

test("did you mean: the corrected results, and 'Search instead for' the words as typed, at 1280 and 390 px", async ({ page, jsEnabled }) => {
  await open(page, "/search?q=pine+gate", jsEnabled);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results for "pinegate"$/);
  await expect(page.getByTestId("search-instead")).toHaveText("Search instead for pine gate");
  await expectNoSeriousViolationsAtWidths(page, "did you mean", (width) => screenshotFor(page, `search-did-you-mean-${jsEnabled ? "js" : "nojs"}-${width}`));
  await page.getByTestId("search-instead").getByRole("link", { name: "pine gate" }).click();
  await expect(page).toHaveURL(/\/search\?q=pine\+gate&literal=1$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("pinegate");
});

test("needs in plain words are filters, each a chip that can be removed, at 1280 and 390 px", async ({ page, jsEnabled }) => {
  await open(page, "/search?q=HIPAA+transcription+in+the+EU", jsEnabled);
  // (The redirect to the filtered address is checked in test/integration/search-forgiving.test.ts:
  // the no-js project serves the document through a route, which shows the first address.)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/results for "HIPAA transcription in the EU"$/);
  const chips = page.getByRole("list", { name: "Filters from your words:" });
  await expect(chips.getByRole("link")).toHaveCount(2);
  await expectNoSeriousViolationsAtWidths(page, "needs as chips", (width) => screenshotFor(page, `search-needs-chips-${jsEnabled ? "js" : "nojs"}-${width}`));
  await chips.getByRole("link", { name: "Remove filter Certification: HIPAA" }).click();
  await expect(page).not.toHaveURL(/certification=hipaa/);
  await expect(page).toHaveURL(/region=eu/);
  await expect(page.getByRole("list", { name: "Filters from your words:" }).getByRole("link")).toHaveCount(1);
});

/** A page at `width` whose JavaScript is really on or off (as the project says), on `path`. */
async function browserAt(browser: Browser, width: number, jsEnabled: boolean, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: jsEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await open(page, path, jsEnabled);
  return { page, close: () => context.close() };
}

for (const width of [1280, 390]) {
  test.describe(`typed into the search box at ${width} px`, () => {
    /** Types `text` into the header's box (on a phone behind its Search toggle) and sends it. */
    const search = async (page: import("@playwright/test").Page, text: string, jsEnabled: boolean) => {
      if (width < 700) await page.getByRole("banner").getByLabel("Search", { exact: true }).click();
      const box = headerSearchBox(page);
      await box.fill(text);
      await box.press("Enter");
      await page.waitForURL(/\/search\?/);
      await waitForHydration(page, jsEnabled);
    };

    test("a typo: did you mean, then the words as typed", async ({ browser, jsEnabled }) => {
      const { page, close } = await browserAt(browser, width, jsEnabled, "/brand-new");
      await search(page, "Magnet Incidnet", jsEnabled);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results? for "magnet incident"$/);
      await expect(page.getByTestId("search-instead")).toHaveText("Search instead for Magnet Incidnet");
      await page.getByTestId("search-instead").getByRole("link").click();
      await expect(page).toHaveURL(/[?&]literal=1/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/for "Magnet Incidnet"$/);
      await close();
    });

    test("needs: the filtered address, a chip for each, removing one removes that filter only", async ({ browser, jsEnabled }) => {
      const { page, close } = await browserAt(browser, width, jsEnabled, "/brand-new");
      await search(page, "HIPAA transcription in the EU", jsEnabled);
      await expect(page).toHaveURL(/[?&]certification=hipaa/);
      await expect(page).toHaveURL(/[?&]region=eu/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/results? for "HIPAA transcription in the EU"$/);
      const chips = page.getByRole("list", { name: "Filters from your words:" });
      await expect(chips.getByRole("link")).toHaveText(["Certification: HIPAA ×", "Data region: European Union ×"]);
      const shown = async () => Number(/Showing ([\d,]+) results?/.exec((await page.getByRole("heading", { level: 1 }).textContent()) ?? "")?.[1]?.replace(/,/g, "") ?? "0");
      const before = await shown();
      expect(before).toBeGreaterThan(0);
      await chips.getByRole("link", { name: "Remove filter Data region: European Union" }).click();
      await expect(page).not.toHaveURL(/region=eu/);
      // The other words and filter stay (issue 40 item 12): the results can only grow, and the
      // heading says what is searched now.
      await expect(page).toHaveURL(/[?&]q=transcription(&|$)/);
      await expect(page).toHaveURL(/[?&]certification=hipaa/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing [\d,]+ results? for "HIPAA transcription"$/);
      expect(await shown()).toBeGreaterThanOrEqual(before);
      await expect(page.getByRole("list", { name: "Filters from your words:" }).getByRole("link")).toHaveText(["Certification: HIPAA ×"]);
      await screenshotFor(page, `search-chip-removed-${jsEnabled ? "js" : "nojs"}-${width}`, { fullPage: false });
      await close();
    });
  });
}

test("the typeahead suggests the corrected names", async ({ browser, jsEnabled }) => {
  test.skip(
    !jsEnabled,
    "The typeahead is a script enhancement of the header's search form; without JavaScript the form submits to /search, whose corrected results ('Showing results for', 'Search instead for') the first test in this file checks in both projects.",
  );
  const { page, close } = await browserAt(browser, 1280, jsEnabled, "/brand-new");
  const box = headerSearchBox(page);
  await box.click();
  await box.pressSequentially("incidnet", { delay: 30 });
  const suggestions = page.getByRole("listbox", { name: "Suggested Search" }).getByRole("option");
  await expect(suggestions.first()).toContainText(/incident/i);
  await close();
});
