import { describe, expect, it } from "vitest";
import { indexedTerms, refreshVocabularySql } from "./search-vocabulary";

describe("indexedTerms (the words FTS5's unicode61 tokenizer makes, to refresh after an approval)", () => {
  it("splits on anything but letters and digits, lowercases and drops diacritics, once each", () => {
    expect(indexedTerms(["Café Zürich-Bot 2", "cafe  NOTES", null, undefined, ""])).toEqual(["cafe", "zurich", "bot", "2", "notes"]);
  });

  it("keeps letters of other scripts", () => {
    expect(indexedTerms(["Ünïcode Ωmega 東京"])).toEqual(["unicode", "ωmega", "東京"]);
  });
});

describe("refreshVocabularySql", () => {
  it("re-reads only the named terms from the index, under the caller's condition", () => {
    expect(refreshVocabularySql("x = ?")).toBe(
      "INSERT OR REPLACE INTO search_vocabulary (term, col, doc) SELECT term, col, doc FROM apps_fts_terms WHERE term IN (SELECT value FROM json_each(?)) AND x = ?",
    );
  });
});
