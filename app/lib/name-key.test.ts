import { describe, expect, it } from "vitest";
import { nameKey } from "./name-key.ts";

describe("nameKey", () => {
  it("lower-cases, drops diacritics and punctuation, and joins words with single spaces", () => {
    expect(nameKey("Crème  Brûlée Polls!")).toBe("creme brulee polls");
    expect(nameKey("Q&A Live")).toBe("q a live");
    expect(nameKey("  Pollster ")).toBe("pollster");
  });

  it("reduces a typed query and a stored name alike, so an exact name compares equal", () => {
    expect(nameKey("POLLSTER")).toBe(nameKey("Pollster"));
    expect(nameKey("creme brulee polls")).toBe(nameKey("Crème Brûlée Polls"));
  });

  it("keeps only letters, digits and single spaces", () => {
    expect(nameKey("100% _real_ app")).toBe("100 real app");
    expect(nameKey("%_")).toBe("");
  });

  it("keeps letters and digits of any script", () => {
    expect(nameKey("Zoë 会议 2")).toBe("zoe 会议 2");
  });
});
