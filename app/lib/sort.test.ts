import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, isSortChoice, RELEVANCE_CHOICE, SORT_CHOICES, sortFromChoice, sortKeyFor } from "./sort.ts";

describe("sortKeyFor (spec §5 sort mapping)", () => {
  it("maps alphabetical to name", () => {
    expect(sortKeyFor("alphabetical")).toBe("name");
  });

  it("maps relevance to the relevance score", () => {
    expect(sortKeyFor("relevance")).toBe("score");
  });

  it.each([undefined, null, "", "date", "newest", "ALPHABETICAL", "Relevance", "name", "random"])("maps anything else (%j) to submission date", (value) => {
    expect(sortKeyFor(value)).toBe("date");
  });
});

describe("sortFromChoice (the list pages' sort form)", () => {
  it("defaults to newest first by submission date (spec §9)", () => {
    expect(DEFAULT_SORT).toEqual({ key: "date", order: "desc" });
    expect(sortFromChoice(undefined)).toEqual(DEFAULT_SORT);
    expect(sortFromChoice(null)).toEqual(DEFAULT_SORT);
    expect(sortFromChoice("newest")).toEqual(DEFAULT_SORT);
    expect(sortFromChoice("bogus")).toEqual(DEFAULT_SORT);
  });

  it("sorts A-Z and Z-A by name", () => {
    expect(sortFromChoice("a-z")).toEqual({ key: "name", order: "asc" });
    expect(sortFromChoice("z-a")).toEqual({ key: "name", order: "desc" });
  });

  it("sorts most relevant by score, best first", () => {
    expect(sortFromChoice("relevance")).toEqual({ key: "score", order: "desc" });
  });
});

describe("isSortChoice", () => {
  it("accepts the offered choices and relevance", () => {
    for (const c of SORT_CHOICES) expect(isSortChoice(c.value)).toBe(true);
    expect(isSortChoice(RELEVANCE_CHOICE.value)).toBe(true);
  });

  it("rejects anything else", () => {
    for (const v of [null, "", "A-Z", "alphabetical", "date"]) expect(isSortChoice(v)).toBe(false);
  });

  it("offers most recent, A-Z, Z-A and highest rated", () => {
    expect(SORT_CHOICES.map((c) => c.label)).toEqual(["Most recent", "Alphabetical A-Z", "Alphabetical Z-A", "Highest rated"]);
  });

  it("maps rating (choice and API sortBy) to the best rated first", () => {
    expect(sortFromChoice("rating")).toEqual({ key: "rating", order: "desc" });
    expect(sortKeyFor("rating")).toBe("rating");
  });
});
