// Links inside Islands (server HTML the browser keeps without React, docs/decisions/019) must be
// found by Remix's route discovery when the page loads, as a rendered <Link> is: each carries
// data-discover (app/components/island-link.ts). Without it a click on one while a fetcher's
// revalidation was in flight (closing the test-environment bar, then "See all") ended on the new
// address with the old page's routes, an empty page (e2e/mobile.spec.ts caught it, now and then).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { MODERN_BROWSER, page } from "./html.ts";

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({ apps: 60, content: true });
});
afterAll(() => w?.dispose());

describe("links the browser navigates to client-side are discovered ahead", () => {
  it.each(["/", "/bots", "/category/analytics", "/applications/pollster", "/search?q=poll", "/no-such-page"])(
    "%s: every data-link link and form carries data-discover",
    async (path) => {
      const html = await (await w.fetch(path, { headers: MODERN_BROWSER })).text();
      const marked = page(html).all("a[data-link], form[data-link]");
      expect(marked.length).toBeGreaterThan(5);
      const undiscovered = marked.filter((el) => el.getAttribute("data-discover") !== "true").map((el) => el.outerHTML.slice(0, 120));
      expect(undiscovered).toEqual([]);
    },
  );
});
