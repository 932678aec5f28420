// A list page's cards (and search results) travel once (app/lib/document-only.server.ts, docs/decisions/023): a document
// carries them as the Island's HTML and not again in its loader data; a client-side navigation's
// `.data` answer, all the browser gets then, carries them as data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { cards, MODERN_BROWSER, page } from "./html.ts";

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({ apps: 60, content: true });
});
afterAll(() => w?.dispose());

/**
 * The loader data a document hands to the browser: the turbo-stream text its inline scripts enqueue
 * (each script's argument is a JSON string literal), as a `.data` answer would carry it.
 */
const loaderDataText = (html: string) =>
  page(html)
    .all("script")
    .map((s) => /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(s.textContent ?? "")?.[1])
    .filter((literal): literal is string => literal !== undefined)
    .map((literal) => JSON.parse(literal) as string)
    .join("");

/** The cards of `path`: HTML in its document (not again in its loader data), data in its `.data` answer. */
async function cardsTravelOnce(path: string) {
  const html = await (await w.fetch(path, { headers: MODERN_BROWSER })).text();
  const shown = cards(html).map((c) => c.key);
  expect(shown.length).toBeGreaterThan(0);
  const documentData = loaderDataText(html);
  expect(documentData).toContain('"itemsInHtml"');
  expect(shown.filter((key) => documentData.includes(`"${key}"`))).toEqual([]);

  const [pathname, search = ""] = path.split("?");
  const res = await w.fetch(`${pathname}.data${search ? `?${search}` : ""}`, { headers: { ...MODERN_BROWSER, Accept: "*/*" } });
  expect(res.status).toBe(200);
  const data = await res.text();
  expect(shown.filter((key) => !data.includes(`"${key}"`))).toEqual([]);
}

describe("a list page's cards are in the document once", () => {
  // Search results too (a common word of the generated catalogue), also sorted A-Z on a second page.
  it.each(["/search?q=team", "/search?q=team&sort=a-z&page=2"])("%s: as HTML in the document, as data in the .data answer", async (path) => {
    await cardsTravelOnce(path);
  });

  it.each(["/bots", "/category/analytics", "/coming-soon", "/meetings?sort=a-z"])("%s: as HTML in the document, as data in the .data answer", async (path) => {
    await cardsTravelOnce(path);
  });
});
