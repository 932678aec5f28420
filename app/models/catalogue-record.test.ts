import { describe, expect, it } from "vitest";
import { CatalogueImportError, validateCatalogue, type AppRecordInput, type CategoryRecord } from "./catalogue-record.ts";

const category: CategoryRecord = {
  id: "cat-teams-productivity",
  apiId: "productivity",
  slug: "productivity",
  name: "Productivity",
  categoryType: "teams",
};

function app(overrides: Partial<AppRecordInput> = {}): AppRecordInput {
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
    const result = validateCatalogue(file([app(), app({ id: "second", friendlyId: null, name: "Other", clientId: "C0456" })]));
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
    expect(validateCatalogue(file([older as AppRecordInput])).apps[0]!.connectUrl).toBeNull();
    for (const bad of ["javascript:alert(1)", "ftp://vendor.example/start", "/relative/start", "https://vendor.example/{other}", "not a url"]) {
      expect(errorOf(file([app({ connectUrl: bad })]))).toMatch(/connectUrl: must be an http\(s\) URL/);
    }
  });
});

describe("issue 15's fields", () => {
  const withPublishers = (apps: unknown[], publishers: unknown[] = []) => ({ version: "v1", publishers, categories: [category], apps });
  const publisher = { slug: "quorum-labs", name: "Quorum Labs", domain: "quorum.example", verifiedAt: "2024-01-01T00:00:00Z" };

  it("defaults every new field when an older file leaves it out: no facts, no versions, not deprecated", () => {
    const parsed = validateCatalogue(file([app()])).apps[0]!;
    expect(parsed.publisher).toBeNull();
    expect(parsed.permissions).toEqual([]);
    expect(parsed.versions).toEqual([]);
    expect(parsed.deprecation).toBeNull();
    expect(Object.values(parsed.security).every((v) => v === null)).toBe(true);
    expect(validateCatalogue(file([app()])).publishers).toEqual([]);
  });

  it("takes publishers, permissions, facts, versions and a deprecation", () => {
    const parsed = validateCatalogue(
      withPublishers(
        [
          app({
            publisher: "quorum-labs",
            permissions: ["spark:people_read", "spark:messages_read"],
            security: { dataRegions: ["us", "eu"], certifications: [], aiUsesMessageContent: false, securityContact: "security@quorum.example" },
            versions: [
              { version: "2.1.0", releasedAt: "2026-10-01T00:00:00Z", notes: "- Faster" },
              { version: "2.0.0", releasedAt: "2026-01-01T00:00:00Z", notes: "First release." },
            ],
          }),
          app({ id: "other", friendlyId: "old-pollster", name: "Old Pollster", clientId: "C0999", deprecation: { replacement: "pollster" } }),
        ],
        [publisher],
      ),
    );
    expect(parsed.publishers[0]!.slug).toBe("quorum-labs");
    expect(parsed.apps[0]!.security.certifications).toEqual([]);
    expect(parsed.apps[0]!.security.dataRetention).toBeNull();
    expect(parsed.apps[1]!.deprecation).toEqual({ replacement: "pollster" });
  });

  it("stops on a bad record, naming the record and the field", () => {
    expect(errorOf(file([app({ permissions: ["spark:everything"] })]))).toMatch(/^apps\[0\] \(.*, Pollster\): permissions\.0: "spark:everything" is not a known permission$/);
    expect(errorOf(file([app({ permissions: ["bot:mentions_read"] })]))).toMatch(/permissions\.0: "bot:mentions_read" is not a permission a integration can have$/);
    expect(errorOf(file([app({ permissions: ["spark:people_read", "spark:people_read"] })]))).toMatch(/permissions: lists "spark:people_read" twice$/);
    expect(errorOf(file([app({ security: { certifications: ["soc3"] } } as never)]))).toMatch(/security\.certifications\.0: /);
    expect(errorOf(file([app({ security: { dataRegions: ["us", "us"] } })]))).toMatch(/security\.dataRegions: lists "us" twice$/);
    expect(errorOf(file([app({ security: { securityContact: "call us" } })]))).toMatch(/security\.securityContact: must be an e-mail address or an https URL$/);
    expect(errorOf(file([app({ security: { aiUsesMessageContent: false, aiTrainsModels: true } })]))).toMatch(/security\.aiTrainsModels: /);
    expect(errorOf(file([app({ security: { madeUp: 1 } } as never)]))).toMatch(/security: Unrecognized key/);
    expect(
      errorOf(
        file([
          app({
            versions: [
              { version: "1.0.0", releasedAt: "2025-01-01T00:00:00Z", notes: "" },
              { version: "1.1.0", releasedAt: "2026-01-01T00:00:00Z", notes: "" },
            ],
          }),
        ]),
      ),
    ).toMatch(/versions\.1\.releasedAt: versions must be listed newest first$/);
    expect(errorOf(file([app({ versions: [{ version: "not a version", releasedAt: "2025-01-01T00:00:00Z", notes: "" }] })]))).toMatch(/versions\.0\.version: /);
    expect(errorOf(file([app({ publisher: "nobody" })]))).toMatch(/publisher: unknown publisher "nobody"$/);
    expect(errorOf(file([app({ deprecation: { replacement: "nothing-here" } })]))).toMatch(/deprecation\.replacement: unknown app "nothing-here"$/);
    expect(errorOf(file([app({ deprecation: { replacement: "pollster" } })]))).toMatch(/deprecation\.replacement: must be another app$/);
    expect(errorOf(withPublishers([], [{ ...publisher, domain: "Not A Domain" }]))).toMatch(/^publishers\[0\] \(quorum-labs, Quorum Labs\): domain: /);
    expect(errorOf(withPublishers([], [publisher, publisher]))).toMatch(/^publishers\[1\] \(quorum-labs, Quorum Labs\): slug: is not unique$/);
  });
});

describe("issue 27: catalogue text and identities", () => {
  it("refuses control characters in names and one-line texts, and all but tab and line breaks in descriptions and notes", () => {
    expect(errorOf(file([app({ name: "Poll\u0001ster" })]))).toBe(`apps[0] (${app().id}, Poll\u0001ster): name: must not contain control characters or line breaks`);
    expect(errorOf(file([app({ tagline: "Polls\nin a space" })]))).toMatch(/tagline: must not contain control characters or line breaks$/);
    expect(errorOf(file([app({ description: "Runs polls\u0000." })]))).toMatch(/description: must not contain control characters$/);
    expect(errorOf(file([app({ companyName: "Quorum\u009b" })]))).toMatch(/companyName: must not contain control characters/);
    expect(errorOf(file([app({ versions: [{ version: "1.0.0", releasedAt: "2024-01-01T00:00:00Z", notes: "fixed\u001b[31m" }] })]))).toMatch(
      /versions\.0\.notes: must not contain control characters$/,
    );
    expect(errorOf(file([app({ name: "Poll \ud800 ster" })]))).toMatch(/name: must not contain/);
    expect(errorOf(file([app()], [{ ...category, name: "Produc\u0007tivity" }]))).toMatch(/^categories\[0\].*name: must not contain/);
    expect(() => validateCatalogue(file([app({ description: "Line one\r\n\tLine two 🎉", name: "Pollster 🎉" })]))).not.toThrow();
  });

  it("refuses an OAuth client id or a bot address that another app of the file uses (bot addresses in any case)", () => {
    expect(errorOf(file([app(), app({ id: "second", friendlyId: null, name: "Impostor" })]))).toBe(
      `apps[1] (second, Impostor): clientId: "C0123" is already the client id of apps[0] (${app().id}, Pollster)`,
    );
    const bot = (o: Partial<AppRecordInput>) => app({ type: "bot", clientId: null, connectUrl: null, ...o });
    expect(errorOf(file([bot({ botEmail: "pollster@lumen.bot" }), bot({ id: "second", friendlyId: null, name: "Impostor", botEmail: "Pollster@Lumen.bot" })]))).toBe(
      `apps[1] (second, Impostor): botEmail: "Pollster@Lumen.bot" is already the bot address of apps[0] (${app().id}, Pollster)`,
    );
  });
});
