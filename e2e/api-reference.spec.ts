// The API reference page (/developers/api, issue 16), with JavaScript on and off: reached from the
// footer, its contents lead to each operation, the answers' fields open without JavaScript, the
// OpenAPI document it is read from is linked; and axe finds nothing at desktop and phone widths.
import { expect, expectNoSeriousViolationsAtWidths, open, serveWithoutScripts, test, waitForHydration } from "./fixtures";

test("from the footer to an operation, its fields, and the OpenAPI document", async ({ page, jsEnabled, request }) => {
  await open(page, "/support", jsEnabled);
  await page.getByRole("contentinfo").getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/developers\/api$/);
  await waitForHydration(page, jsEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  await expect(page).toHaveTitle("API reference | App Hub");

  const contents = page.getByRole("navigation", { name: "Contents" });
  for (const group of ["Catalogue", "Content", "Publisher", "Schemas"]) await expect(contents.getByRole("link", { name: group, exact: true })).toBeVisible();
  await contents.getByRole("link", { name: "Submit a new version of an app" }).click();
  await expect(page).toHaveURL(/#op-submitVersion$/);
  const submit = page.getByRole("article", { name: "POST /api/publisher/v1/apps/{appId}/versions" });
  await expect(submit.getByRole("heading", { level: 3 })).toBeInViewport();
  await expect(submit.getByText("Authentication: a publisher API token")).toBeVisible();
  const body = submit.getByRole("list", { name: "Request body fields of POST /api/publisher/v1/apps/{appId}/versions" });
  await expect(body.getByRole("listitem").filter({ hasText: /^version\s*string\s*required/ })).toBeVisible();
  await expect(body.getByRole("listitem").filter({ hasText: /^security\.dataRegions/ })).toBeVisible();
  const answers = submit.getByRole("list", { name: "Answers of POST /api/publisher/v1/apps/{appId}/versions" });
  await expect(answers.getByRole("listitem").filter({ hasText: /^202\s*Accepted/ })).toBeVisible();

  // An answer's fields are behind a disclosure that opens without JavaScript too.
  const search = page.getByRole("article", { name: "GET /api/search" });
  const fields = search.getByRole("list", { name: "Fields of the 200 answer of GET /api/search" });
  await expect(fields).toBeHidden();
  await search.getByText("Fields of the 200 answer").click();
  await expect(fields.getByRole("listitem").filter({ hasText: /^total\s*integer/ })).toBeVisible();

  // A schema named by an answer is a link to its section.
  await page.getByRole("article", { name: "GET /api/apps/{appId}" }).getByRole("link", { name: "AppDetail" }).click();
  await expect(page).toHaveURL(/#schema-AppDetail$/);
  await expect(page.getByRole("heading", { level: 3, name: "AppDetail" })).toBeInViewport();

  const link = page.getByRole("link", { name: "The OpenAPI 3.1 document (JSON)" });
  await expect(link).toHaveAttribute("href", "/api/openapi.json");
  const doc = (await (await request.get("/api/openapi.json")).json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/publisher/v1/apps/{appId}/versions");
});

test.describe("accessibility", () => {
  // axe runs inside the page, which needs JavaScript; without it the document is served without its
  // scripts instead (as e2e/a11y.spec.ts does).
  test.use({ javaScriptEnabled: true });
  // The whole reference with every disclosure open is some 4,500 elements: axe's contrast rule alone
  // takes 10 s of each scan on a busy two-core machine, and there is one per width.
  test.setTimeout(90_000);
  test.beforeEach(async ({ page, jsEnabled }) => {
    if (!jsEnabled) await serveWithoutScripts(page);
  });

  test("the API reference at 1280 and 390 px", async ({ page, jsEnabled }) => {
    await open(page, "/developers/api", jsEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    // With every disclosure open, so their fields are checked too.
    for (const summary of await page.locator("main summary").all()) await summary.click();
    await expectNoSeriousViolationsAtWidths(page, "the API reference");
  });
});
