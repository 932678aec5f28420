import { describe, expect, it } from "vitest";
import { buildVocabulary, completes, completionsOf, correctionsOf, formsOf, isKnown, splitOf, type TermRow } from "./vocabulary.server";

const rows = (list: [string, string, number][]): TermRow[] => list.map(([term, col, doc]) => ({ term, col, doc }));

describe("correctionsOf: the fewest edits only, most frequent first", () => {
  const vocabulary = buildVocabulary(
    rows([
      ["board", "name", 3],
      ["boards", "tagline", 9],
      ["boat", "name", 1],
      ["bold", "tagline", 7],
      ["pipeline", "tagline", 4],
      ["pixel", "name", 5],
      ["planner", "name", 6],
      ["scheduler", "name", 2],
      ["schedules", "tagline", 8],
      ["notes", "description", 500],
    ]),
  );

  it("one edit beats two; among equals the more frequent comes first", () => {
    // "boad": board (1: insert), boat (1: substitute), bold (1: substitute) — all one edit.
    expect(correctionsOf(vocabulary, "boad").map((c) => c.term)).toEqual(["bold", "board", "boat"]);
    expect(correctionsOf(vocabulary, "boad").every((c) => c.edits === 1)).toBe(true);
    // "schedulr" (8 letters: two edits allowed) is one edit from scheduler: the two-edit "schedules" is left out.
    expect(correctionsOf(vocabulary, "schedulr")).toEqual([{ term: "scheduler", edits: 1 }]);
  });

  it("the budget of the longer of the two words: 'pielien' (7 letters) may be 'pipeline' (8), two edits", () => {
    expect(correctionsOf(vocabulary, "pielien")).toEqual([{ term: "pipeline", edits: 2 }]);
  });

  it("never the first letter, not even by a swap of the first two", () => {
    expect(correctionsOf(vocabulary, "ixpel")).toEqual([]);
    expect(correctionsOf(vocabulary, "lpanner")).toEqual([]);
  });

  it("a known word is not its own correction; descriptions' words are never corrections", () => {
    expect(correctionsOf(vocabulary, "board").map((c) => c.term)).not.toContain("board");
    expect(correctionsOf(vocabulary, "notse")).toEqual([]);
    expect(isKnown(vocabulary, "notes")).toBe(true);
  });

  it("while typing, a word may be the start of a correction ('planr' → planner)", () => {
    expect(correctionsOf(vocabulary, "planr")).toEqual([]);
    expect(correctionsOf(vocabulary, "planr", true).map((c) => c.term)).toEqual(["planner"]);
  });

  it("at most six corrections", () => {
    const many = buildVocabulary(rows("abcdefghij".split("").map((c, i) => [`sta${c}t`, "name", i + 1])));
    expect(correctionsOf(many, "staxt")).toHaveLength(6);
    expect(correctionsOf(many, "staxt")[0]!.term).toBe("stajt");
  });
});

describe("word forms on the index side: a word finds every indexed form of it", () => {
  const vocabulary = buildVocabulary(
    rows([
      ["transcript", "name", 3],
      ["transcripts", "tagline", 2],
      ["transcription", "description", 4],
      ["meeting", "name", 9],
      ["meetings", "tagline", 7],
      ["note", "name", 1],
      ["not", "description", 80],
    ]),
  );
  it.each([
    ["transcript", ["transcript", "transcription", "transcripts"]],
    ["transcriptions", ["transcript", "transcription", "transcripts"]],
    ["meetings", ["meeting", "meetings"]],
    ["notes", ["note"]],
  ])("%s → %j", (word, forms) => {
    expect([...formsOf(vocabulary, word)].sort()).toEqual(forms);
  });
  it("a word with no indexed form has none", () => expect(formsOf(vocabulary, "whiteboard")).toEqual([]));
});

describe("completes: whether a typed start finishes any indexed word", () => {
  const vocabulary = buildVocabulary(
    rows([
      ["pollster", "name", 1],
      ["poll", "name", 2],
      ["zurich", "tagline", 1],
    ]),
  );
  it.each([
    ["pol", true],
    ["pollx", false],
    ["zur", true],
    ["zz", false],
    ["a", false],
  ])("%s → %s", (prefix, expected) => expect(completes(vocabulary, prefix)).toBe(expected));
  it("completionsOf names the completing terms in order, or null past the limit", () => {
    expect(completionsOf(vocabulary, "pol", 5)).toEqual(["poll", "pollster"]);
    expect(completionsOf(vocabulary, "polls", 5)).toEqual(["pollster"]);
    expect(completionsOf(vocabulary, "pollx", 5)).toEqual([]);
    expect(completionsOf(vocabulary, "pol", 2)).toEqual(["poll", "pollster"]);
    expect(completionsOf(vocabulary, "pol", 1)).toBeNull();
  });
});

describe("splitOf: a joined word into two indexed words of 3+ letters, the most frequent split", () => {
  const vocabulary = buildVocabulary(
    rows([
      ["help", "tagline", 40],
      ["desk", "name", 9],
      ["helpd", "name", 1],
      ["esk", "name", 1],
      ["team", "name", 30],
      ["mate", "name", 3],
      ["teamm", "name", 1],
      ["ate", "name", 1],
    ]),
  );
  it("prefers the split whose rarer half is more frequent", () => {
    expect(splitOf(vocabulary, "helpdesk")).toEqual(["help", "desk"]);
    expect(splitOf(vocabulary, "teammate")).toEqual(["team", "mate"]);
  });
  it("no split into halves shorter than 3 letters, nor into unknown words", () => {
    expect(splitOf(vocabulary, "deskx")).toBeNull();
    expect(splitOf(vocabulary, "helpline")).toBeNull();
  });
});
