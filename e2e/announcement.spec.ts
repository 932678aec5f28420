// The announcement banner and CMS modals (spec §4) and the home carousels (§2.5), with JavaScript on
// and off, against the seeded content (content/announcement.json, content/app-hub-modal.json).
import type { Page } from "@playwright/test";
import { ANALYTICS_NEED_JS, documentStatusError, expect, open, test, waitForRouterIdle } from "./fixtures";

// This spec is about the modals, so they start unclosed (the fixture closes them for other specs).
test.use({ closeCmsModals: false });

const banner = (page: Page) => page.getByRole("region", { name: "Announcement" });
const modal = (page: Page) => page.getByRole("dialog", { name: "Welcome to the new App Hub" });

/** Records the "apphub:analytics" events (analytics-event.ts) from the first script on. */
async function recordAnalytics(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __analytics: unknown[] };
    w.__analytics = [];
    window.addEventListener("apphub:analytics", (e) => w.__analytics.push((e as CustomEvent).detail));
  });
}
const analytics = (page: Page) => page.evaluate(() => (window as unknown as { __analytics: unknown[] }).__analytics);

/** Closes the modal the way each project can: the button (a form post without JS, a fetcher with). */
async function closeModal(page: Page, jsEnabled: boolean) {
  await modal(page).getByRole("button", { name: "Got it" }).click();
  await expect(modal(page)).toBeHidden();
  await waitForRouterIdle(page, jsEnabled);
}

test("the modal shows on a first visit, traps focus, closes and stays closed after a reload", async ({ page, jsEnabled }) => {
  await recordAnalytics(page);
  await open(page, "/", jsEnabled);
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Browse apps by product");
  await expect(dialog).toContainText("You can find every app you connected under My Integrations.");
  await expect(dialog.getByRole("button", { name: "Close" })).toBeVisible();

  if (jsEnabled) {
    // Opened with showModal(): focus starts inside and Tab never leaves it.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) || document.activeElement === document.body)).toBe(true);
    }
    expect(await analytics(page)).toContainEqual({ name: "AppHub_modalView", metricsId: "AppHub_Modal_Welcome_2026" });
    // Escape closes, and is remembered like Close: by a background post (not a router fetcher), so
    // the reload below waits for its answer, which carries the cookie.
    const remembered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/preferences/modal");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect((await remembered).ok()).toBe(true);
    await waitForRouterIdle(page, jsEnabled);
    await expect(page).toHaveURL(/\/$/);
  } else {
    await closeModal(page, jsEnabled);
    // Post/Redirect/Get back to the home page.
    await expect(page).toHaveURL(/\/$/);
  }

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Apps that make");
  await expect(modal(page)).toBeHidden();
});

test("the banner shows the desktop text, closes, and stays closed after a reload", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  await closeModal(page, jsEnabled);

  const b = banner(page);
  await expect(b).toBeVisible();
  await expect(b).toContainText("embedded apps now open as tabs in meetings and spaces");
  // The mobile text is there for phones, hidden on this desktop-sized screen.
  await expect(b.getByText("embedded apps as tabs.")).toBeHidden();

  // With JavaScript, Close is a background post (post-preference.ts), so the reload below waits for
  // its answer, which carries the cookie (like the modal's Escape above; it raced on a busy machine).
  const remembered = jsEnabled ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/preferences/announcement") : null;
  await b.getByRole("button", { name: "Close announcement" }).click();
  await expect(b).toBeHidden();
  if (remembered) expect((await remembered).ok()).toBe(true);
  await waitForRouterIdle(page, jsEnabled);
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Apps that make");
  await expect(banner(page)).toBeHidden();
});

test("a phone shows the banner's mobile text", async ({ page, jsEnabled }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "/", jsEnabled);
  await closeModal(page, jsEnabled);
  await expect(banner(page).getByText("embedded apps as tabs.")).toBeVisible();
  await expect(banner(page).getByText("embedded apps now open as tabs")).toBeHidden();
});

test("a click on the banner's link reports the version", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, ANALYTICS_NEED_JS);
  await recordAnalytics(page);
  await open(page, "/", jsEnabled);
  await closeModal(page, jsEnabled);
  // Keep the page, so the recorded events can be read after the click.
  await page.evaluate(() => window.addEventListener("click", (e) => e.preventDefault()));
  await banner(page).getByRole("link", { name: "See what's new" }).click();
  expect(await analytics(page)).toContainEqual({ name: "AppHub_bannerClick", version: "1" });
});

test("the not-found page shows the announcement and the modal too", async ({ page, jsEnabled, browserErrors }) => {
  browserErrors.allow(documentStatusError(404, "/no/such/page"));
  const res = await open(page, "/no/such/page", jsEnabled);
  expect(res?.status()).toBe(404);
  await expect(modal(page)).toBeVisible();
  await closeModal(page, jsEnabled);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(banner(page)).toBeVisible();
});

test("carousels are labelled and usable by keyboard", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  await closeModal(page, jsEnabled);
  const bots = page.getByRole("region", { name: "Messaging bots" });
  await expect(bots).toHaveAttribute("aria-roledescription", "carousel");
  const slides = bots.getByRole("group");
  const count = await slides.count();
  expect(count).toBeGreaterThan(4);
  await expect(slides.first()).toHaveAttribute("aria-label", `1 of ${count}`);
  await expect(slides.first()).toHaveAttribute("aria-roledescription", "slide");
  const track = bots.getByRole("list");
  const scrollLeft = () => track.evaluate((el) => el.scrollLeft);

  const previous = bots.getByRole("button", { name: "Previous" });
  const next = bots.getByRole("button", { name: "Next" });
  if (jsEnabled) {
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    await expect(next).toHaveAttribute("aria-disabled", "false");
    // The buttons are reachable by keyboard, and Next scrolls by a page.
    await next.focus();
    await page.keyboard.press("Enter");
    await expect.poll(scrollLeft).toBeGreaterThan(100);
    await expect(previous).toHaveAttribute("aria-disabled", "false");
    for (let i = 0; i < 10; i++) await next.press("Enter");
    await expect(next).toHaveAttribute("aria-disabled", "true");
    await expect(next).toBeFocused();
    await previous.focus();
    for (let i = 0; i < 10; i++) await previous.press("Enter");
    await expect.poll(scrollLeft).toBeLessThanOrEqual(1);
    await expect(previous).toHaveAttribute("aria-disabled", "true");
  } else {
    // Without JavaScript there are no buttons; the list scrolls (and snaps) by itself.
    await expect(previous).toHaveCount(0);
    await expect(next).toHaveCount(0);
  }

  // Tab walks through the slides' links; the last one is scrolled into view.
  const links = slides.getByRole("link");
  await links.first().focus();
  for (let i = 1; i < count; i++) {
    await page.keyboard.press("Tab");
    await expect(links.nth(i)).toBeFocused();
  }
  await expect(links.last()).toBeInViewport();
  expect(await scrollLeft()).toBeGreaterThan(100);
});

test("the featured slide apps come first, as a carousel of links", async ({ page, jsEnabled }) => {
  await open(page, "/", jsEnabled);
  await closeModal(page, jsEnabled);
  const featured = page.getByRole("region", { name: "Featured apps" });
  await expect(featured).toHaveAttribute("aria-roledescription", "carousel");
  expect(await featured.getByRole("group").count()).toBeGreaterThan(3);
  await featured.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/applications\/[^/]+$/);
});
