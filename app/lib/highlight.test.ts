import { describe, expect, it } from "vitest";
import { highlightParts } from "./highlight";

const marked = (name: string, typed: string) =>
  highlightParts(name, typed)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join("");

describe("highlightParts", () => {
  it("marks a typed prefix at the start of a word, whatever the case", () => {
    expect(marked("Pollster", "pol")).toBe("[Pol]lster");
    expect(marked("Tundra Poll", "POL")).toBe("Tundra [Pol]l");
  });

  it("does not mark a match inside a word (the index matches word starts only)", () => {
    expect(marked("Apollo", "pol")).toBe("Apollo");
  });

  it("ignores diacritics both ways", () => {
    expect(marked("Crème Brûlée Polls", "creme brul")).toBe("[Crème] [Brûl]ée Polls");
    expect(marked("Creme Board", "crème")).toBe("[Creme] Board");
  });

  it("marks every typed word, and punctuation in the text is not a word", () => {
    expect(marked("Lark Ink Studio", "ink, lark!")).toBe("[Lark] [Ink] Studio");
  });

  it("returns the name as one unmarked run when nothing is typed or nothing matches", () => {
    expect(highlightParts("Pollster", "  ")).toEqual([{ text: "Pollster", match: false }]);
    expect(highlightParts("Pollster", "xyz")).toEqual([{ text: "Pollster", match: false }]);
  });

  it("keeps the text as written, including characters that fold into two", () => {
    expect(marked("ﬁle Sync", "fil")).toBe("[ﬁl]e Sync"); // the ligature ﬁ folds to "fi"
    expect(marked("ﬁle Sync", "file")).toBe("[ﬁle] Sync");
  });

  it("treats markup in the name or the text as plain characters", () => {
    expect(marked("<b>Bold</b> Bot", "bot")).toBe("<b>Bold</b> [Bot]");
  });
});
