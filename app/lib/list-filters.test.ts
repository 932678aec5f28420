import { describe, expect, it } from "vitest";
import { activeFilterCount, activeFilters, canonicalFilterParam, filteredHref, filterEntries, filterOptions, filtersToQuery, NO_FILTERS, parseListFilters } from "./list-filters";

const parse = (query: string) => parseListFilters(new URLSearchParams(query));

describe("parseListFilters", () => {
  it("reads nothing from an address without filters", () => {
    expect(parse("sort=a-z&page=2")).toEqual(NO_FILTERS);
  });

  it("reads every filter, repeatable ones de-duplicated and sorted", () => {
    expect(parse("certification=iso-27001&certification=hipaa&certification=hipaa&region=eu&region=br&ai=none&freshness=stale&freshness=active&verified=1&rating=4")).toEqual({
      certification: ["hipaa", "iso-27001"],
      region: ["br", "eu"],
      ai: ["none"],
      freshness: ["active", "stale"],
      verified: true,
      rating: 4,
    });
  });

  it("ignores values that are not choices", () => {
    expect(parse("certification=SOC2&certification=hipaa&region=mars&ai=maybe&freshness=old&verified=yes&rating=5")).toEqual({ ...NO_FILTERS, certification: ["hipaa"] });
    for (const rating of ["0", "5", "04", "3.5", "", "x", " 3"]) expect(parse(`rating=${encodeURIComponent(rating)}`).rating, rating).toBeNull();
    expect(parse("verified=0").verified).toBe(false);
    expect(parse("verified=").verified).toBe(false);
  });

  it("reads the first rating and verified value, as `sort` is read", () => {
    expect(parse("rating=2&rating=4").rating).toBe(2);
    expect(parse("rating=x&rating=4").rating).toBeNull();
    expect(parse("verified=1&verified=0").verified).toBe(true);
  });
});

describe("canonicalFilterParam", () => {
  it("is what parseListFilters reads, or null for no filter", () => {
    expect(canonicalFilterParam("region", ["us", "eu", "us", "xx"])).toEqual(["eu", "us"]);
    expect(canonicalFilterParam("region", ["xx"])).toBeNull();
    expect(canonicalFilterParam("region", [])).toBeNull();
    expect(canonicalFilterParam("verified", ["1"])).toBe("1");
    expect(canonicalFilterParam("verified", ["true"])).toBeNull();
    expect(canonicalFilterParam("rating", ["3"])).toBe("3");
    expect(canonicalFilterParam("rating", ["9"])).toBeNull();
  });
});

describe("addresses", () => {
  const filters = parse("region=us&certification=hipaa&verified=1");

  it("serialises canonically, other parameters in their alphabetical place", () => {
    expect(filterEntries(filters)).toEqual([
      ["certification", "hipaa"],
      ["region", "us"],
      ["verified", "1"],
    ]);
    expect(filteredHref("/bots", filters, { sort: "a-z", page: null })).toBe("/bots?certification=hipaa&region=us&sort=a-z&verified=1");
    expect(filteredHref("/bots", NO_FILTERS)).toBe("/bots");
    expect(parseListFilters(new URL(filteredHref("/x", filters), "https://h").searchParams)).toEqual(filters);
  });

  it("counts and names the active filters, each with the address that removes it", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount(parse("region=us&region=eu&rating=3"))).toBe(3);
    const chips = activeFilters(parse("region=us&region=eu&rating=3&ai=no-training"));
    expect(chips.map((c) => c.label)).toEqual(["AI use: AI, not used to train models", "Rating: 3 stars or more", "Data region: European Union", "Data region: United States"]);
    expect(filteredHref("/bots", chips[2]!.without)).toBe("/bots?ai=no-training&rating=3&region=us");
    expect(filteredHref("/bots", chips[1]!.without)).toBe("/bots?ai=no-training&region=eu&region=us");
  });

  it("offers every value of a vocabulary with its label", () => {
    expect(filterOptions("certification").map((o) => o.label)).toEqual(["SOC 2 Type II", "ISO 27001", "HIPAA", "GDPR data processing agreement", "FedRAMP"]);
    expect(filterOptions("freshness").map((o) => o.value)).toEqual(["active", "maintained", "stale", "deprecated"]);
  });
});

describe("filtersToQuery", () => {
  it("names only the filters given, in the catalogue's terms", () => {
    expect(filtersToQuery(NO_FILTERS)).toEqual({});
    expect(filtersToQuery(parse("certification=fedramp&region=eu&ai=none&freshness=deprecated&verified=1&rating=2"))).toEqual({
      certifications: ["fedramp"],
      dataRegions: ["eu"],
      aiUses: ["none"],
      freshness: ["deprecated"],
      verifiedPublisher: true,
      minRating: 2,
    });
  });
});
