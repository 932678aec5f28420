// Search (issue 3): the header typeahead with its keyboard paths (JavaScript on), and the plain
// search form, results page, sort and filters that work the same without JavaScript.
import type { Page } from "@playwright/test";
import { expect, headerSearchBox, open, test, waitForHydration, waitForRouterIdle } from "./fixtures";

const suggestions = (page: Page) => page.getByRole("listbox", { name: "Suggested Search" });
const options = (page: Page) => suggestions(page).getByRole("option");

async function typeInSearch(page: Page, text: string) {
  const box = headerSearchBox(page);
  await box.click();
  await box.pressSequentially(text, { delay: 30 });
}

test.describe("typeahead", () => {
  test.beforeEach(async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "Suggestions need JavaScript; without it the box is a plain form (tested below).");
    await open(page, "/brand-new", jsEnabled);
  });

  test("typing shows at most 5 suggestions with the typed text highlighted, and 'Search all'", async ({ page }) => {
    await typeInSearch(page, "pol");
    await expect(suggestions(page)).toBeVisible();
    await expect(page.getByText("Suggested Search").filter({ visible: true })).toBeVisible();
    const apps = options(page).filter({ hasNot: page.getByText(/^Search all/) });
    const count = await apps.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      await expect(apps.nth(i).locator("mark").first()).toHaveText(/^pol/i);
      await expect(apps.nth(i).locator("img")).toHaveAttribute("src", /.+/);
    }
    await expect(options(page).last()).toHaveText('Search all "pol"');
    await expect(headerSearchBox(page)).toHaveAttribute("aria-expanded", "true");
  });

  test("ArrowDown highlights the first app and Enter opens it", async ({ page }) => {
    await typeInSearch(page, "pollster");
    await expect(options(page).first()).toContainText("Pollster");
    await page.keyboard.press("ArrowDown");
    await expect(options(page).first()).toHaveAttribute("aria-selected", "true");
    const active = await headerSearchBox(page).getAttribute("aria-activedescendant");
    expect(active).toBe(await options(page).first().getAttribute("id"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/applications\/pollster$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pollster");
  });

  test("Enter with nothing highlighted runs a full search", async ({ page }) => {
    await typeInSearch(page, "pol");
    await expect(suggestions(page)).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pol$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results for "pol"$/);
  });

  test("ArrowUp, ArrowDown and Tab move the highlight and wrap around", async ({ page }) => {
    await typeInSearch(page, "pol");
    const rows = 6; // 5 apps and 'Search all'
    await expect(options(page)).toHaveCount(rows);
    // ArrowUp from nothing wraps to the last row, ArrowDown from the last wraps to the first.
    await page.keyboard.press("ArrowUp");
    await expect(options(page).nth(rows - 1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(options(page).nth(1)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Shift+Tab");
    await expect(options(page).nth(0)).toHaveAttribute("aria-selected", "true");
    // Focus never left the box.
    await expect(headerSearchBox(page)).toBeFocused();
    // Enter on 'Search all' runs the full search.
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pol$/);
  });

  test("Escape closes the list and keeps the text", async ({ page }) => {
    await typeInSearch(page, "pol");
    await expect(suggestions(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(suggestions(page)).toBeHidden();
    await expect(headerSearchBox(page)).toHaveValue("pol");
    await expect(headerSearchBox(page)).toHaveAttribute("aria-expanded", "false");
  });

  test("clicking outside closes the list; clicking a row opens that app", async ({ page }) => {
    await typeInSearch(page, "pol");
    await expect(suggestions(page)).toBeVisible();
    // The page's left margin, well away from the box and its list.
    await page.mouse.click(8, 600);
    await expect(suggestions(page)).toBeHidden();
    await headerSearchBox(page).press("ArrowDown");
    await expect(suggestions(page)).toBeVisible();
    const name = (await options(page).first().locator("span span").first().innerText()).trim();
    await options(page).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("a failed suggestion call only clears the suggestions", async ({ page, browserErrors }) => {
    browserErrors.allow(/status of 500/);
    await page.route("**/api/suggest?*", (route) => route.fulfill({ status: 500, body: "{}" }));
    await typeInSearch(page, "pol");
    await page.waitForTimeout(400);
    await expect(suggestions(page)).toBeHidden();
    await expect(headerSearchBox(page)).toHaveValue("pol");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pol$/);
  });

  test("on a phone the search toggle opens the box, with suggestions", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("banner").locator("summary[aria-label='Search']").click();
    await expect(headerSearchBox(page)).toBeFocused();
    await headerSearchBox(page).pressSequentially("pol", { delay: 30 });
    await expect(options(page).first()).toBeVisible();
  });
});

test.describe("search without the typeahead", () => {
  test("the header box searches, and the results page sorts with a GET form", async ({ page, jsEnabled }) => {
    await open(page, "/brand-new", jsEnabled);
    await headerSearchBox(page).fill("poll");
    await headerSearchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=poll$/);
    await waitForHydration(page, jsEnabled);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Showing \d+ results for "poll"$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("relevance");

    await page.getByLabel("Sort by").selectOption("a-z");
    if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]sort=a-z/);
    await waitForRouterIdle(page, jsEnabled);
    // The address can change a render before the list does: poll until the list is A-Z.
    const names = async () => (await page.locator("#main-content li[id^=item-]").getByRole("heading").allInnerTexts()).map((n) => n.trim());
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
    await expect
      .poll(async () => {
        const shown = await names();
        return shown.join("|") === [...shown].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })).join("|");
      })
      .toBe(true);
    // The box shows what was searched for.
    await expect(headerSearchBox(page)).toHaveValue("poll");
  });

  test("filters combine with the text; no results offers ways on", async ({ page, jsEnabled }) => {
    await open(page, "/search?q=poll", jsEnabled);
    await page.getByLabel("App type").selectOption("bot");
    if (!jsEnabled) await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]type=bot/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results? for "poll"$/);
    for (const badge of await page
      .locator("#main-content li[id^=item-]")
      .getByText(/^(Bot|Integration|Skill|Embedded App|Service App)$/)
      .allInnerTexts()) {
      expect(badge).toBe("Bot");
    }

    await open(page, "/search?q=qwzxqv", jsEnabled);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Sorry, no results for "qwzxqv"');
    await expect(page.getByRole("heading", { name: "Featured apps" })).toBeVisible();
    await page.getByRole("navigation", { name: "All categories" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/category\//);
  });

  test("'Load more' adds the next results (in place with JavaScript, as the next page without)", async ({ page, jsEnabled }) => {
    await open(page, "/search?q=meeting", jsEnabled);
    const items = page.locator("#main-content li[id^=item-]");
    await expect(items).toHaveCount(32);
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(items).toHaveCount(64);
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Showing \d+ results for "meeting"$/);
    if (jsEnabled) await expect(page.locator("#item-33 a")).toBeFocused();
  });

  test("a <script> typed into the box is shown as text, never run", async ({ page, jsEnabled }) => {
    const attack = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
    await open(page, "/brand-new", jsEnabled);
    if (jsEnabled) await typeInSearch(page, attack);
    else await headerSearchBox(page).fill(attack);
    await headerSearchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Sorry, no results for "${attack}"`);
    if (jsEnabled) expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await expect(page.locator("img[src=x]")).toHaveCount(0);
  });
});
