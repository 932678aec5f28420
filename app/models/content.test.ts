// The content schemas' own rules (spec §3 shapes) and what counts as an empty entry.
import { describe, expect, it } from "vitest";
import { contentBodySchemas, CONTENT_TYPES, isContentType, isEmptyContent } from "./content";

describe("content schemas", () => {
  it("know every §7 content type", () => {
    for (const type of [
      "home",
      "announcement",
      "app-hub-modal",
      "coming-soon",
      "getting-started-collection",
      "contact-center-collection",
      "hybrid-collection",
      "security-integrations",
      "support",
    ]) {
      expect(isContentType(type), type).toBe(true);
    }
    expect(isContentType("toString")).toBe(false);
    expect(CONTENT_TYPES).toContain("must-try-collection");
  });

  it("an announcement may lack publish details (then it is not shown), but not its markdown", () => {
    const base = { isClosable: false, markdownDesktop: "a", markdownMobile: "b" };
    expect(contentBodySchemas.announcement.safeParse(base).success).toBe(true);
    expect(contentBodySchemas.announcement.safeParse({ ...base, markdownMobile: " " }).success).toBe(false);
    expect(contentBodySchemas.announcement.safeParse({ ...base, publishDetails: { time: "2026-01-01T00:00:00Z", version: -1 } }).success).toBe(false);
  });

  it("a home slider appears once, and only the §2.5 slider categories", () => {
    const slider = { id: "most-popular", title: "t", description: "d", seeAll: "/must-try", apps: [] };
    const home = { sliders: [slider, slider], featuredApps: [], recentAppsLimit: 8 };
    const twice = contentBodySchemas.home.safeParse(home);
    expect(twice.success).toBe(false);
    expect(twice.error!.issues[0]!.path).toEqual(["sliders", 1, "id"]);
    expect(contentBodySchemas.home.safeParse({ ...home, sliders: [{ ...slider, id: "other" }] }).success).toBe(false);
  });

  it("provider links must be http(s); logos a site path or http(s)", () => {
    const item = { name: "n", logo: "/logos/ab-1-1.svg", description: "d", link: "https://x.example" };
    const entry = (i: object) => ({ title: "t", description: "d", items: [i] });
    expect(contentBodySchemas["security-integrations"].safeParse(entry(item)).success).toBe(true);
    expect(contentBodySchemas["security-integrations"].safeParse(entry({ ...item, link: "javascript:alert(1)" })).success).toBe(false);
    expect(contentBodySchemas["security-integrations"].safeParse(entry({ ...item, logo: "//evil.example/x.svg" })).success).toBe(false);
  });
});

describe("isEmptyContent", () => {
  it("lists without items or apps are empty", () => {
    expect(isEmptyContent("security-integrations", { title: "t", description: "d", items: [] })).toBe(true);
    expect(isEmptyContent("coming-soon", { title: "t", description: "d", items: [{ title: "a", app: "a" }] })).toBe(false);
    expect(isEmptyContent("hybrid-collection", { title: "t", description: "d", apps: [] })).toBe(true);
    expect(isEmptyContent("announcement", {})).toBe(true);
    expect(isEmptyContent("support", null)).toBe(true);
  });
});
