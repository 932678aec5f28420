import { describe, expect, it } from "vitest";
import { APP_TYPE_NAV, FEATURED_NAV, findListRoute, LIST_ROUTES, PRODUCT_NAV } from "./list-routes.ts";
import { PARTNER_CATEGORY_API_ID } from "./enums.ts";

describe("list routes", () => {
  it.each([...PRODUCT_NAV, ...FEATURED_NAV, ...APP_TYPE_NAV].map((n) => n.path))("side-nav path /%s is a list route", (path) => {
    const route = findListRoute(path);
    expect(route).toBeDefined();
    expect(route!.path).toBe(path);
  });

  it("has every list route of spec §2.1", () => {
    expect(Object.keys(LIST_ROUTES).sort()).toEqual(
      [
        "brand-new",
        "partner-solutions",
        "must-try",
        "hybrid-work",
        "getting-started",
        "coming-soon",
        "meetings",
        "messaging",
        "calling",
        "contact-center",
        "rooms",
        "devices",
        "embedded-apps",
        "integrations",
        "bots",
        "skills",
        "service-apps",
      ].sort(),
    );
  });

  it("maps product routes to their product types, with an optional category", () => {
    const expected = {
      meetings: "meetings",
      messaging: "teams",
      calling: "calling",
      "contact-center": "contact_center",
      rooms: "rooms",
      devices: "rooms",
    } as const;
    for (const [path, productType] of Object.entries(expected)) {
      const route = findListRoute(path)!;
      expect(route.query).toEqual({ productType });
      expect(route.acceptsCategory).toBe(true);
    }
  });

  it("maps product nav entries to the category type they need", () => {
    for (const p of PRODUCT_NAV) expect(findListRoute(p.path)!.query.productType).toBe(p.categoryType);
  });

  it("maps app-type routes to app types, gating embedded and service apps", () => {
    expect(findListRoute("embedded-apps")).toMatchObject({ query: { appType: "embeddedApp" }, requires: "embeddedApps" });
    expect(findListRoute("service-apps")).toMatchObject({ query: { appType: "serviceApp" }, requires: "serviceApps" });
    expect(findListRoute("integrations")!.query).toEqual({ appType: "integration" });
    expect(findListRoute("bots")!.query).toEqual({ appType: "bot" });
    expect(findListRoute("skills")!.query).toEqual({ appType: "skill" });
    for (const n of APP_TYPE_NAV) expect("requires" in n ? n.requires : undefined).toBe(findListRoute(n.path)!.requires);
  });

  it("maps the featured routes to their queries", () => {
    expect(findListRoute("brand-new")!.query).toEqual({});
    expect(findListRoute("partner-solutions")!.query).toEqual({ categoryApiId: PARTNER_CATEGORY_API_ID });
    expect(findListRoute("must-try")!.query).toEqual({ isFeatured: true });
    expect(findListRoute("coming-soon")!.query).toEqual({ status: "coming_soon" });
    expect(findListRoute("hybrid-work")!.query).toEqual({ collection: "hybrid_work" });
    expect(findListRoute("getting-started")!.query).toEqual({ collection: "getting_started" });
  });

  it("only product routes accept a category", () => {
    for (const route of Object.values(LIST_ROUTES)) {
      expect(Boolean(route.acceptsCategory)).toBe(route.query.productType !== undefined);
    }
  });

  it.each(["", "category", "applications", "search", "toString", "constructor", "__proto__", "hasOwnProperty", "Bots", "bots/"])("%j is not a list route", (path) => {
    expect(findListRoute(path)).toBeUndefined();
  });
});
