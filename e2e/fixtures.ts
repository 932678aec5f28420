// Shared Playwright fixtures and helpers for the App Hub e2e suite.
//
// `test` fails any test whose page logs a console.error or throws an uncaught error (pageerror),
// unless the test allowed that exact message with `browserErrors.allow(/.../)`. That catches
// React hydration mismatches, CSP refusals and client crashes that a passing assertion would hide.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { AxeResults } from "axe-core";
import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { modalCookieName } from "../app/features/announcement/visibility";

export { expect };

export type BrowserErrors = {
  /** Allow console errors / page errors whose text matches (explicit, per test). */
  allow(pattern: RegExp): void;
};

/** Generated app logos by URL, kept per worker (see the `logoCache` fixture). */
const logoBodies = new Map<string, { body: Buffer; headers: Record<string, string> }>();

type Fixtures = {
  logoCache: void;
  /** True in the "js" project, false in "no-js". */
  jsEnabled: boolean;
  browserErrors: BrowserErrors;
  /** Start with the seeded CMS modals closed (default true); e2e/announcement.spec.ts turns it off. */
  closeCmsModals: boolean;
  cmsModalCookies: void;
};

/** The modal ids of the seeded content (content/app-hub-modal.json). */
function seededModalIds(): string[] {
  const file = JSON.parse(readFileSync(new URL("../content/app-hub-modal.json", import.meta.url), "utf8")) as {
    entries: { body: { modal_id: string } }[];
  };
  return file.entries.map((e) => e.body.modal_id);
}

export const test = base.extend<Fixtures>({
  closeCmsModals: [true, { option: true }],

  // A CMS modal opens over the home and not-found pages on a first visit (spec §4) and, with
  // JavaScript, makes the rest of the page inert. Specs about other things start with the seeded
  // modals closed, as a returning visitor has them: a cookie per modal id with a far-future time.
  cmsModalCookies: [
    async ({ context, closeCmsModals, baseURL }, use) => {
      if (closeCmsModals && baseURL) {
        await context.addCookies(seededModalIds().map((id) => ({ name: modalCookieName(id), value: "9999-12-31T23:59:59.000Z", url: baseURL })));
      }
      await use();
    },
    { auto: true },
  ],

  // Branch on the project, not the javaScriptEnabled option: a spec may turn JavaScript on in the
  // "no-js" project for tooling (axe) while the page itself stays script-free (see serveWithoutScripts).
  jsEnabled: async ({}, use, testInfo) => {
    await use(!testInfo.project.name.endsWith("no-js"));
  },

  // Every list shows 32-64 generated SVG logos, each rendered by the Worker; with a fresh browser
  // context per test they would be fetched again every time. Serve repeats from memory (the first
  // request for each logo still goes to the Worker) to keep the suite fast. Logos are immutable.
  logoCache: [
    async ({ page }, use) => {
      await page.route("**/logos/*.svg", async (route) => {
        const url = route.request().url();
        let hit = logoBodies.get(url);
        if (!hit) {
          const response = await route.fetch();
          if (!response.ok()) return route.fulfill({ response });
          hit = { body: await response.body(), headers: response.headers() };
          logoBodies.set(url, hit);
        }
        await route.fulfill({ status: 200, headers: hit.headers, body: hit.body });
      });
      await use();
      // Logo requests still in flight when the test ends are not the test's business.
      await page.unrouteAll({ behavior: "ignoreErrors" });
    },
    { auto: true },
  ],

  browserErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const where = message.location();
        seen.push(`console.error: ${message.text()}${where.url ? ` (at ${where.url}:${where.lineNumber})` : ""}`);
      });
      page.on("pageerror", (error) => seen.push(`pageerror: ${error.stack ?? error.message}`));
      page.on("crash", () => seen.push("page crashed"));

      await use({ allow: (pattern) => void allowed.push(pattern) });

      const unexpected = seen.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, `unexpected browser errors:\n${unexpected.join("\n")}`).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The console error Chromium logs when the document at `path` is answered with an error status.
 * Only that document: the same error for a script or an image still fails the test.
 */
export const documentStatusError = (status: number, path: string) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b.*\\(at https?://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:\\d+\\)$`);

/**
 * With JavaScript, wait until React has hydrated the document (Remix's router exists and the React
 * props of <main> are attached) and the server-rendered chrome has its behaviour (<html
 * data-enhanced>, app/components/chrome.ts), so clicks go through client handlers. A no-op without
 * JavaScript.
 */
export async function waitForHydration(page: Page, jsEnabled: boolean): Promise<void> {
  if (!jsEnabled) return;
  await page.waitForFunction(
    () => {
      const main = document.getElementById("main-content");
      const hydrated = main !== null && Object.keys(main).some((key) => key.startsWith("__reactProps$"));
      // Between documents (a link just followed) there may be no root element yet.
      const enhanced = document.documentElement?.dataset.enhanced === "true";
      return "__remixRouter" in window && hydrated && enhanced && document.readyState === "complete";
    },
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Serve every document of this page without its scripts, and with the <noscript> content shown,
 * so the DOM is exactly what a browser without JavaScript builds, while the page can still run
 * injected tooling such as axe (which cannot run with JavaScript disabled).
 */
export async function serveWithoutScripts(page: Page): Promise<void> {
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "")
      .replace(/<\/?noscript>/gi, "");
    await route.fulfill({ response, body: html });
  });
}

/** With JavaScript, wait until Remix has no navigation, revalidation or fetcher in flight. */
export async function waitForRouterIdle(page: Page, jsEnabled: boolean): Promise<void> {
  if (!jsEnabled) return;
  await page.waitForFunction(() => {
    type RouterState = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
    const router = (window as unknown as { __remixRouter?: { state: RouterState } }).__remixRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
  });
}

/** page.goto + hydration; returns the document response. */
export async function open(page: Page, url: string, jsEnabled: boolean) {
  const response = await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForHydration(page, jsEnabled);
  return response;
}

/** The header's search box that is on screen (desktop: inline; phones: behind the search toggle). */
export const headerSearchBox = (page: Page): Locator => page.getByRole("banner").getByRole("combobox", { name: "Search apps" }).filter({ visible: true });

/** The list page of /brand-new, /bots, /category/… */
export class ListPageObject {
  readonly heading: Locator;
  readonly count: Locator;
  readonly items: Locator;
  readonly loadMore: Locator;
  readonly sortSelect: Locator;
  readonly sortButton: Locator;

  constructor(readonly page: Page) {
    const main = page.locator("#main-content");
    this.heading = main.getByRole("heading", { level: 1 });
    this.count = main.getByText(/^Showing \d+–\d+ of \d+ apps?$|^There are no items to display$/);
    this.items = main.locator("li[id^='item-']");
    this.loadMore = main.getByRole("link", { name: "Load more" });
    this.sortSelect = main.getByLabel("Sort by");
    this.sortButton = main.getByRole("button", { name: "Sort" });
  }

  /** The card at a 1-based position across pages (its <li id="item-N">). */
  item(position: number): Locator {
    return this.page.locator(`#item-${position}`);
  }

  /** The card's single link (the app name). */
  itemLink(position: number): Locator {
    return this.item(position).getByRole("link");
  }

  async names(count: number): Promise<string[]> {
    return (await this.items.getByRole("heading").allInnerTexts()).slice(0, count).map((s) => s.trim());
  }

  async total(): Promise<number> {
    const text = await this.count.innerText();
    const match = /of (\d+) app/.exec(text);
    if (!match) throw new Error(`No total in "${text}"`);
    return Number(match[1]);
  }
}

export class DetailPageObject {
  readonly name: Locator;
  readonly addApp: Locator;
  readonly requiresAdmin: Locator;

  constructor(readonly page: Page) {
    const main = page.locator("#main-content");
    this.name = main.getByRole("heading", { level: 1 });
    this.addApp = main.getByRole("link", { name: "Log in to add app +" });
    this.requiresAdmin = main.getByRole("link", { name: "Requires Admin" });
  }
}

type ApiApp = { id: string; friendlyId: string | null; name: string };

export const detailPath = (app: Pick<ApiApp, "id" | "friendlyId">) => `/applications/${encodeURIComponent(app.friendlyId || app.id)}`;

/**
 * The path of the first newest app whose detail page has the 'Requires Admin' badge. The API does
 * not expose the flag, so this reads the server-rendered detail pages (about 15% of apps have it).
 */
export async function findRequiresAdminAppPath(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/search?max=40");
  expect(response.ok(), `GET /api/search answered ${response.status()}`).toBeTruthy();
  const { items } = (await response.json()) as { items: ApiApp[] };
  const batchSize = 8;
  for (let start = 0; start < items.length; start += batchSize) {
    const paths = items.slice(start, start + batchSize).map(detailPath);
    const pages = await Promise.all(paths.map(async (path) => ({ path, html: await (await request.get(path)).text() })));
    const hit = pages.find((p) => p.html.includes('id="requires-admin"'));
    if (hit) return hit.path;
  }
  throw new Error(`None of the ${items.length} newest apps requires admin; the seed catalogue changed?`);
}

/** Pixel distance from the top of the viewport to the top of the element. */
export async function topInViewport(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top);
}

/** The platform emulator the e2e app talks to (playwright.config.ts starts it). */
export const PLATFORM_ORIGIN = `http://127.0.0.1:${process.env.E2E_PLATFORM_PORT ?? 8790}`;

/**
 * Logs in through the real flow: the app's login page, the emulator's consent page (a plain HTML
 * form, so this works with JavaScript off too), and back to `last`.
 */
export async function logIn(page: Page, email: string, last = "/") {
  await page.goto(`/login?last=${encodeURIComponent(last)}`);
  await page.getByRole("link", { name: /^Log in with / }).click();
  await page.waitForURL(`${PLATFORM_ORIGIN}/**`);
  await page.getByRole("radio", { name: new RegExp(email.replace(/[.@]/g, "\\$&")) }).check();
  await page.getByRole("button", { name: "Accept" }).click();
  await page.waitForURL((url) => url.origin !== PLATFORM_ORIGIN && !url.pathname.startsWith("/auth"));
}

/**
 * A fresh context logged in as `email`, at the desktop width, for pages that are checked with axe:
 * JavaScript runs in the context (axe needs it), and in the no-js project the documents come without
 * their scripts (serveWithoutScripts), so axe sees the markup a script-less browser gets.
 */
export async function signedInForScans(browser: Browser, email: string, jsEnabled: boolean, last: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: AXE_WIDTHS[0], height: 900 } });
  const page = await context.newPage();
  await logIn(page, email, last);
  if (!jsEnabled) {
    // Leave the page first: its scripts' lazy chunks must not be cut off half-loaded.
    await page.goto("about:blank");
    await serveWithoutScripts(page);
  }
  return { page, close: () => context.close() };
}

/** A hub admin (logged in on `page`) makes a publisher API token at /admin/publisher-tokens; its secret. */
export async function makePublisherToken(page: Page, publisherName: string, jsEnabled: boolean): Promise<string> {
  await open(page, "/admin/publisher-tokens", jsEnabled);
  await page.getByLabel("Publisher", { exact: true }).selectOption({ label: publisherName });
  await page.getByLabel("Name", { exact: true }).fill(`e2e ${Date.now()}`);
  await page.getByRole("button", { name: /^Create/ }).click();
  const token = page.locator("#new-token");
  await expect(token).toBeVisible();
  return token.inputValue();
}

/**
 * Why analytics tests skip the no-js project: spec §9 has events sent by the browser and never by
 * the server, so without JavaScript there is nothing to send. The no-js side of that is tested:
 * e2e/analytics-video.spec.ts "with consent but without JavaScript, nothing is sent".
 */
export const ANALYTICS_NEED_JS =
  "Analytics are sent by the browser's script only (spec §9: never on the server); the no-JS case, nothing sent even with consent, has its own test.";

/** The axe rules the hub is held to: WCAG 2.0/2.1/2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * No moderate, serious or critical axe violation on the page as it is now. Waits for the page's load
 * first: sizes and contrast are read from the rendered page, and open() returns at DOMContentLoaded,
 * which does not wait for the stylesheet (an unstyled page has 17 px tap targets).
 */
/**
 * A screenshot for a person to look at, written only when E2E_SCREENSHOTS names a folder
 * (`E2E_SCREENSHOTS=test-results/shots npx playwright test …`): full-page screenshots cost a second
 * or more each, and CI has nobody to look at them.
 */
export async function screenshotFor(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: options.fullPage ?? true });
}

/** The widths every page is checked at: desktop and phone. */
export const AXE_WIDTHS = [1280, 390] as const;

/**
 * The page as it is now, checked at each of AXE_WIDTHS: the viewport is resized in place (the
 * stylesheet's media queries apply as on a page loaded at that width), then put back. A flow that
 * takes a minute to reach a page (logins, a submission, a follow) runs once, not once per width.
 * `atEachWidth` runs other checks of the page at that width (it fits the window, a screenshot).
 */
export async function expectNoSeriousViolationsAtWidths(page: Page, label: string, atEachWidth?: (width: number) => Promise<void>): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of AXE_WIDTHS) {
    await page.setViewportSize({ width, height: original.height });
    // Two frames: layout, and anything a script does on resize, settle before the scan.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expectNoSeriousViolations(page, `${label} at ${width} px`);
    await atEachWidth?.(width);
  }
  await page.setViewportSize(original);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe in a page without child frames: injected once per document (a second scan of the same page,
 * at another width, finds it there), then one `axe.run`. AxeBuilder's legacy mode evaluates the
 * 560 KB script twice per scan (analyze() and inject()), which cost 0.2–0.9 s a scan here; its
 * options are the same (same-origin only, the same tags).
 */
async function axeRunWithoutFrames(page: Page): Promise<AxeResults> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!injected) await page.evaluate(`${axeSource};axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`);
  return page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: "tag", values: tags } }),
    AXE_TAGS,
  );
}

export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  await page.waitForLoadState("load");
  // AxeBuilder's default mode runs axe in every frame and then opens a fresh page in the context to
  // combine the frames' results: half of each scan's time on these pages. A page without child
  // frames has nothing to combine, and one axe.run in it gives the same results (the same
  // violations, passes and incomplete checks, compared when this was chosen). Pages with frames
  // keep AxeBuilder's default, which also reaches into cross-origin frames.
  const framed = page.frames().length > 1;
  const results = framed ? await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze() : await axeRunWithoutFrames(page);
  const blocking = results.violations.filter((v) => v.impact === "moderate" || v.impact === "serious" || v.impact === "critical");
  const report = blocking
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help} [${v.helpUrl}]\n` +
        v.nodes
          .slice(0, 10)
          .map((n) => `    ${n.target.join(" ")}\n      ${n.failureSummary?.replace(/\n/g, "\n      ") ?? ""}`)
          .join("\n") +
        (v.nodes.length > 10 ? `\n    … and ${v.nodes.length - 10} more` : ""),
    )
    .join("\n");
  expect(blocking, `moderate/serious/critical axe violations on ${label} (${page.url()}):\n${report}`).toEqual([]);
}
