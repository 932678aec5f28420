import { describe, expect, it } from "vitest";
import { planSearch, searchWords } from "./query-plan.server";
import { buildSynonyms } from "./synonyms.server";
import { catalogueOnly } from "./text-search.server";
import { buildVocabulary, correctionsOf, splitOf } from "./vocabulary.server";

// A catalogue's vocabulary in miniature: terms per column with their app counts.
const vocabulary = buildVocabulary(
  [
    ["magnet", "name", 3],
    ["incident", "name", 4],
    ["incidents", "tagline", 2],
    ["trellis", "name", 2],
    ["vector", "name", 2],
    ["pixel", "name", 5],
    ["pinegate", "company_name", 5],
    ["pine", "name", 2],
    ["gate", "tagline", 1],
    ["help", "tagline", 40],
    ["desk", "name", 9],
    ["poll", "name", 10],
    ["polls", "tagline", 8],
    ["pollster", "name", 1],
    ["pool", "name", 1],
    ["crm", "category_names", 12],
    ["crash", "description", 3],
  ].map(([term, col, doc]) => ({ term: term as string, col: col as string, doc: doc as number })),
);

describe("corrections", () => {
  it("one typo from 4 letters, a swap counting as one; not the first letter", () => {
    expect(correctionsOf(vocabulary, "incidnet").map((c) => c.term)).toEqual(["incident"]);
    expect(correctionsOf(vocabulary, "vetcor").map((c) => c.term)).toEqual(["vector"]);
    expect(correctionsOf(vocabulary, "pixl").map((c) => c.term)).toEqual(["pixel"]);
    expect(correctionsOf(vocabulary, "bixel")).toEqual([]);
  });

  it("two typos only from 8 letters (in the typed word or the word it stands for)", () => {
    expect(correctionsOf(vocabulary, "vetcro")).toEqual([]);
    expect(correctionsOf(vocabulary, "inicdnet").map((c) => c.term)).toEqual(["incident"]);
    expect(correctionsOf(vocabulary, "incdnet").map((c) => c.term)).toEqual(["incident"]);
  });

  it("words of 3 letters are never corrected; descriptions are never a correction", () => {
    expect(correctionsOf(vocabulary, "crn")).toEqual([]);
    expect(correctionsOf(vocabulary, "crasj")).toEqual([]);
  });

  it("splits a joined word into two known words", () => {
    expect(splitOf(vocabulary, "helpdesk")).toEqual(["help", "desk"]);
    expect(splitOf(vocabulary, "pixelated")).toBeNull();
  });
});

describe("planSearch", () => {
  it("the words as typed match first; unknown words are corrected", () => {
    const plan = planSearch("Magnet Incidnet", vocabulary);
    expect(plan.corrected).toBe("magnet incident");
    expect(plan.all).toContain('"incident"');
    expect(plan.literal).not.toContain('"incident"');
    // "incidnet" is the last word, so a prefix; no indexed term starts with it, so it is the word
    // itself (the same matches as "incidnet"*: none).
    expect(plan.tiers[0]).toBe('"magnet" AND "incidnet"');
    expect(plan.literal).toBe('"magnet" AND "incidnet"');
  });

  it("a prefix longer than the prefix index is named by the terms that complete it", () => {
    // 4 letters: FTS5's prefix index ('2 3 4') reads it lazily.
    expect(planSearch("pixe", vocabulary).literal).toBe('"pixe"*');
    // 5 letters: FTS5 would merge every completing term's whole doclist first; its terms instead.
    expect(planSearch("incid", vocabulary).literal).toBe('("incident" OR "incidents")');
    expect(planSearch("polls", vocabulary).all).toContain('"poll"*');
    expect(planSearch("pollst", vocabulary).literal).toBe('"pollster"');
    // Many completions: FTS5's prefix query names them all at once.
    const many = buildVocabulary(Array.from({ length: 13 }, (_, i) => ({ term: `notes${String.fromCharCode(97 + i)}`, col: "name", doc: 1 })));
    expect(planSearch("notes", many).literal).toBe('("notes"* OR "note"*)');
    // No vocabulary (no catalogue version): FTS5's prefix query.
    expect(planSearch("incid", null).all).toBe('"incid"*');
  });

  it("word forms both ways: singular and plural search the same terms", () => {
    const one = planSearch("poll", vocabulary);
    const many = planSearch("polls", vocabulary);
    expect(one.corrected).toBeNull();
    expect(one.all).toContain('"polls"');
    expect(many.all).toContain('"poll"');
    // The stem as a prefix: both find "Pollster".
    expect(many.all).toContain('"poll"*');
  });

  it("joined and split words", () => {
    const joined = planSearch("pine gate", vocabulary);
    expect(joined.all).toContain('OR "pinegate"');
    expect(joined.corrected).toBe("pinegate");
    // Ranked as if typed that way (no tier above it), but "Search instead for" leaves it out.
    expect(joined.tiers).toEqual([]);
    expect(joined.literal).not.toContain("pinegate");
    const split = planSearch("helpdesk", vocabulary);
    expect(split.all).toContain('"help"');
    expect(split.all).toContain('"desk"');
    expect(split.corrected).toBe("help desk");
  });

  it("short words are whole words (never prefixes, never corrected), where they are acronyms", () => {
    const plan = planSearch("IT help", vocabulary);
    expect(plan.all).toMatch(/^\(\{name company_name category_names\} : "it"\) AND /);
    expect(planSearch("crm", vocabulary).all).toBe('({name company_name tagline category_names} : "crm")');
    expect(planSearch("crm", vocabulary, { typing: true }).all).toBe('"crm"*');
  });

  it("all words first: an expression for some of the words", () => {
    expect(planSearch("IT help", vocabulary).any).toContain(" OR ");
    expect(planSearch("help", vocabulary).any).toBeNull();
  });

  it("syntax is never parsed: words only, stopwords left out", () => {
    expect(searchWords('NEAR("poll" bot) AND -x*')).toEqual(["near", "poll", "bot", "x"]);
    expect(searchWords("bot for the polls")).toEqual(["bot", "polls"]);
    expect(searchWords("the")).toEqual(["the"]);
    expect(planSearch("🎉", vocabulary).all).toBe("");
  });

  it("without a vocabulary (no catalogue version): the words as typed", () => {
    const plan = planSearch("pixl", null);
    expect(plan.all).toBe('"pixl"*');
    expect(plan.corrected).toBeNull();
  });
});

describe("synonyms", () => {
  const synonyms = buildSynonyms([
    ["notes", "minutes", "meeting notes"],
    ["crm", "customer relationship"],
  ]);

  it("a word searches its synonyms too, as phrases", () => {
    const plan = planSearch("minutes", vocabulary, { synonyms });
    expect(plan.literal).toContain('"notes"');
    expect(plan.literal).toContain('"meeting notes"');
  });

  it("words that form a synonym phrase are one phrase", () => {
    expect(planSearch("customer relationship", vocabulary, { synonyms }).all).toBe('("customer relationship" OR "crm")');
  });
});

describe("catalogueOnly: the vocabulary outlives reviews, content loads and midnight", () => {
  it.each([
    ["v1@2026-11-26", "vocabulary:v1"],
    ["v1+cabc@2026-11-26", "vocabulary:v1"],
    ["v1+cabc+r7@2026-11-27", "vocabulary:v1"],
    ["2026-01-01T00:00:00Z-x+r3@2026-11-26", "vocabulary:2026-01-01T00:00:00Z-x"],
  ])("%s", (version, key) => {
    expect(catalogueOnly(version)).toBe(key);
  });
  it("none without a version", () => expect(catalogueOnly(undefined)).toBeUndefined());
});

describe("synonyms of a word's forms", () => {
  it("singular and plural have the same synonyms", () => {
    const synonyms = buildSynonyms([["survey", "poll"]]);
    expect(planSearch("polls", vocabulary, { synonyms }).literal).toContain('"survey"');
    expect(planSearch("poll", vocabulary, { synonyms }).literal).toContain('"survey"');
  });
});

describe("a short last word the index does not hold", () => {
  it("is the start of a word (the typeahead's Enter on 'pol')", () => {
    expect(planSearch("pol", vocabulary).all).toContain('"pol"*');
    expect(planSearch("crm", vocabulary).all).not.toContain("*");
  });
});
