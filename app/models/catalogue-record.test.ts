import { describe, expect, it } from "vitest";
import { CatalogueImportError, validateCatalogue, type AppRecord, type CategoryRecord } from "./catalogue-record.ts";

const category: CategoryRecord = {
  id: "cat-teams-productivity",
  apiId: "productivity",
  slug: "productivity",
  name: "Productivity",
  categoryType: "teams",
};

function app(overrides: Partial<AppRecord> = {}): AppRecord {
  return {
    id: "Y2lzY29zcGFyazovL3VzL0FQUExJQ0FUSU9OL2FiYw",
    friendlyId: "pollster",
    name: "Pollster",
    logo: "/logos/po-12-3.svg",
    type: "integration",
    productType: "teams",
    productTypes: ["teams"],
    categoryIds: ["cat-teams-productivity"],
    companyName: "Quorum Labs",
    clientId: "C0123",
    connectUrl: "https://app.pollster.example/integrations/lumen/connect?return_to={return_url}",
    isFeatured: false,
    tagline: "Polls in a space.",
    description: "**Pollster** runs polls.",
    screenshots: [],
    videoUrl: null,
    websiteUrl: "https://quorum.example/pollster",
    supportUrl: null,
    privacyUrl: null,
    termsUrl: null,
    requiresAdmin: false,
    botEmail: null,
    submittedAt: "2024-01-02T03:04:05Z",
    updatedAt: "2024-02-02T03:04:05Z",
    status: "published",
    appContexts: ["space"],
    collections: [],
    ...overrides,
  };
}

const file = (apps: unknown[], categories: unknown[] = [category]) => ({ version: "test-1", categories, apps });

function errorOf(input: unknown): string {
  try {
    validateCatalogue(input);
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueImportError);
    return (error as Error).message;
  }
  throw new Error("expected validateCatalogue to throw");
}

describe("validateCatalogue", () => {
  it("accepts a good file and returns the parsed catalogue", () => {
    const result = validateCatalogue(file([app(), app({ id: "second", friendlyId: null, name: "Other" })]));
    expect(result.version).toBe("test-1");
    expect(result.apps).toHaveLength(2);
    expect(result.categories[0]).toEqual(category);
  });

  it("names the bad record by index, id and name, and the field", () => {
    const message = errorOf(file([app(), app({ id: "B2", name: "Broken Logo", friendlyId: "broken", logo: "not a url" })]));
    expect(message).toBe("apps[1] (B2, Broken Logo): logo: must be an http(s) URL or a site path");
  });

  it("names nested fields by path", () => {
    const message = errorOf(file([app({ screenshots: ["/ok.svg", "javascript:alert(1)"] })]));
    expect(message).toMatch(/^apps\[0\] \(Y2lz\w+, Pollster\): screenshots\.1: /);
  });

  it("reports a missing field of a record that has no id or name", () => {
    expect(errorOf(file([{}]))).toMatch(/^apps\[0\]: id: Required$/);
  });

  it("rejects a bad top-level shape", () => {
    expect(errorOf({ version: "", categories: [], apps: [] })).toMatch(/^catalogue file: version: /);
    expect(errorOf({ version: "v", categories: [] })).toMatch(/^catalogue file: apps: /);
    expect(errorOf(null)).toMatch(/^catalogue file: \(root\): /);
  });

  it("rejects an unknown categoryId", () => {
    const message = errorOf(file([app({ categoryIds: ["cat-teams-productivity", "cat-nope"] })]));
    expect(message).toBe(`apps[0] (${app().id}, Pollster): categoryIds: unknown category "cat-nope"`);
  });

  it("rejects duplicate app ids and friendlyIds", () => {
    expect(errorOf(file([app(), app({ name: "Copy", friendlyId: "copy" })]))).toBe(`apps[1] (${app().id}, Copy): id: is not unique`);
    expect(errorOf(file([app(), app({ id: "other", name: "Copy" })]))).toBe("apps[1] (other, Copy): friendlyId: is not unique");
  });

  it("rejects duplicate category ids and slugs of one category type", () => {
    expect(errorOf(file([], [category, { ...category, name: "Again" }]))).toBe("categories[1] (cat-teams-productivity, Again): id: is not unique");
    expect(errorOf(file([], [category, { ...category, id: "cat-2" }]))).toMatch(/^categories\[1\] \(cat-2, Productivity\): slug: /);
    // The same slug for another category type is fine (one category per product type).
    expect(() => validateCatalogue(file([], [category, { ...category, id: "cat-3", categoryType: "meetings" }]))).not.toThrow();
  });

  it("requires botEmail for bots", () => {
    const message = errorOf(file([app({ type: "bot", clientId: null, botEmail: null })]));
    expect(message).toBe(`apps[0] (${app().id}, Pollster): botEmail: is required for bots`);
    expect(() => validateCatalogue(file([app({ type: "bot", botEmail: "pollster@lumen.bot" })]))).not.toThrow();
  });

  it("requires productTypes to include productType", () => {
    expect(errorOf(file([app({ productType: "meetings" })]))).toMatch(/productTypes: must include productType$/);
  });

  it("rejects repeated values in relation lists", () => {
    expect(errorOf(file([app({ productTypes: ["teams", "teams"] })]))).toMatch(/productTypes: lists "teams" twice$/);
    expect(errorOf(file([app({ categoryIds: [category.id, category.id] })]))).toMatch(/categoryIds: lists ".*" twice$/);
    expect(errorOf(file([app({ collections: ["hybrid_work", "hybrid_work"] })]))).toMatch(/collections: lists "hybrid_work" twice$/);
  });

  it("rejects bad enum values, slugs and dates", () => {
    expect(errorOf(file([app({ type: "plugin" as never })]))).toMatch(/^apps\[0\] .*: type: /);
    expect(errorOf(file([app({ friendlyId: "Not A Slug" })]))).toMatch(/friendlyId: must be a lower-case slug$/);
    expect(errorOf(file([app({ submittedAt: "yesterday" })]))).toMatch(/submittedAt: /);
    expect(errorOf(file([], [{ ...category, apiId: "Bad-Api" }]))).toMatch(/^categories\[0\] \(cat-teams-productivity, Productivity\): apiId: /);
  });

  it("takes a connect URL: an http(s) URL that may carry {return_url}, or null (absent in older files)", () => {
    expect(validateCatalogue(file([app()])).apps[0]!.connectUrl).toContain("{return_url}");
    expect(validateCatalogue(file([app({ connectUrl: null })])).apps[0]!.connectUrl).toBeNull();
    const { connectUrl: _, ...older } = app();
    expect(validateCatalogue(file([older as AppRecord])).apps[0]!.connectUrl).toBeNull();
    for (const bad of ["javascript:alert(1)", "ftp://vendor.example/start", "/relative/start", "https://vendor.example/{other}", "not a url"]) {
      expect(errorOf(file([app({ connectUrl: bad })]))).toMatch(/connectUrl: must be an http\(s\) URL/);
    }
  });
});
