import { describe, expect, it } from "vitest";
import type { Catalogue, CatalogueQuery } from "~/models/catalogue-service.server";
import type { AppPage } from "~/models/types";
import { searchCatalogue } from "./text-search.server";

/** A catalogue whose D1 work is recorded: each page asked for and each count, by its FTS expression. */
function catalogueAt(memoVersion: string, found: { page: number; asTyped: number }) {
  const counts: string[] = [];
  const pages: string[] = [];
  const catalogue = {
    memoVersion,
    searchTerms: async () => ["magnet", "incident", "incidents", "desk"].map((term) => ({ term, col: "name", doc: 40 })),
    content: async () => null,
    list: async (query: CatalogueQuery): Promise<AppPage> => {
      pages.push(query.textMatch?.expression ?? "");
      return { items: [], total: found.page };
    },
    count: async (query: CatalogueQuery) => {
      const expression = query.textMatch?.expression ?? "";
      counts.push(expression);
      return expression.includes("incidnet") && !expression.includes("incident") ? found.asTyped : found.page;
    },
  } as unknown as Catalogue;
  return { catalogue, counts, pages };
}

const base = { searchQuery: "magnet incidnet", sort: { key: "score", order: "desc" } } as CatalogueQuery & { searchQuery: string };
const page = { offset: 0, limit: 32 };

describe("searchCatalogue: did you mean, from the page's own total", () => {
  it("counts only the words as typed: what the corrected words find is the page's total", async () => {
    const { catalogue, counts, pages } = catalogueAt("v-did-you-mean", { page: 7, asTyped: 0 });
    const result = await searchCatalogue(catalogue, base, page);
    expect(result.correctedQuery).toBe("magnet incident");
    expect(pages).toHaveLength(1);
    // The words as typed, and the some-words count: nothing counts the page's own match again.
    expect(counts).not.toContain(pages[0]);
    expect(counts).toHaveLength(2);
  });

  it("keeps the text as typed when it finds more than a little", async () => {
    const { catalogue } = catalogueAt("v-finds-enough", { page: 7, asTyped: 3 });
    expect((await searchCatalogue(catalogue, base, page)).correctedQuery).toBeNull();
  });

  it("with the some-words apps on the page, counts the corrected words apart (the page's total holds more)", async () => {
    const { catalogue, counts, pages } = catalogueAt("v-any-words", { page: 7, asTyped: 0 });
    const result = await searchCatalogue(catalogue, base, page, { anyWords: true });
    expect(result.correctedQuery).toBe("magnet incident");
    expect(counts).toContain(result.match.tiers?.at(-1));
    expect(counts).not.toContain(pages[0]);
  });
});
