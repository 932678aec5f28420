import { describe, expect, it } from "vitest";
import type { Category } from "~/models/types";
import { buildSideNav, sideNavCategories } from "./side-nav.ts";

let n = 0;
const cat = (name: string, categoryType: Category["categoryType"] = "teams", apiId?: string): Category => {
  const id = apiId ?? name.toLowerCase().replace(/ /g, "_");
  return { id: `cat-${categoryType}-${id}-${n++}`, apiId: id, slug: id.replace(/_/g, "-"), name, categoryType };
};

const ALL_ON = { embeddedApps: true, serviceApps: true };

describe("sideNavCategories (spec §2.3 All Categories)", () => {
  it("de-duplicates categories that share an apiId across product types", () => {
    const result = sideNavCategories([cat("Analytics", "teams"), cat("Analytics", "meetings"), cat("Analytics", "calling")]);
    expect(result.map((c) => c.apiId)).toEqual(["analytics"]);
  });

  it("drops appContext categories", () => {
    const result = sideNavCategories([cat("Space", "appContext"), cat("In Meeting", "appContext"), cat("CRM")]);
    expect(result.map((c) => c.name)).toEqual(["CRM"]);
  });

  it("sorts by name, case-insensitively", () => {
    const result = sideNavCategories([cat("scheduling"), cat("Analytics"), cat("CRM"), cat("education")]);
    expect(result.map((c) => c.name)).toEqual(["Analytics", "CRM", "education", "scheduling"]);
  });

  it("moves 'other' to the end", () => {
    const result = sideNavCategories([cat("Other", "teams", "other"), cat("Zebra Tools"), cat("Analytics")]);
    expect(result.map((c) => c.apiId)).toEqual(["analytics", "zebra_tools", "other"]);
  });

  it("keeps a single 'other' even when every product type has one", () => {
    const result = sideNavCategories([cat("Other", "teams", "other"), cat("Other", "meetings", "other"), cat("CRM")]);
    expect(result.map((c) => c.apiId)).toEqual(["crm", "other"]);
  });

  it("omits partner_solutions", () => {
    const result = sideNavCategories([cat("Partner Solutions", "teams", "partner_solutions"), cat("CRM")]);
    expect(result.map((c) => c.apiId)).toEqual(["crm"]);
  });

  it("returns an empty list for no categories", () => {
    expect(sideNavCategories([])).toEqual([]);
  });

  it("does not modify its input", () => {
    const input = [cat("B"), cat("A")];
    const copy = structuredClone(input);
    sideNavCategories(input);
    expect(input).toEqual(copy);
  });
});

describe("buildSideNav (spec §2.3)", () => {
  it("links categories to /category/{slug}", () => {
    const sales: Category = { id: "c1", apiId: "sales_&_marketing", slug: "sales-and-marketing", name: "Sales & Marketing", categoryType: "teams" };
    const nav = buildSideNav([sales, { ...sales, id: "c2", categoryType: "meetings" }], ALL_ON);
    expect(nav.categories).toEqual([{ to: "/category/sales-and-marketing", label: "Sales & Marketing" }]);
  });

  it("always lists the five featured links", () => {
    const nav = buildSideNav([], ALL_ON);
    expect(nav.featured).toEqual([
      { to: "/getting-started", label: "Getting started" },
      { to: "/must-try", label: "Most popular" },
      { to: "/brand-new", label: "What's New" },
      { to: "/partner-solutions", label: "Partner Solutions" },
      { to: "/hybrid-work", label: "Hybrid work" },
    ]);
  });

  it("shows every product when categories of every type exist", () => {
    const types = ["meetings", "teams", "calling", "contact_center", "rooms"] as const;
    const nav = buildSideNav(
      types.map((t) => cat("CRM", t)),
      ALL_ON,
    );
    expect(nav.products.map((p) => p.to)).toEqual(["/meetings", "/messaging", "/calling", "/contact-center", "/devices"]);
  });

  it("shows no products without product categories (appContext ones do not count)", () => {
    expect(buildSideNav([cat("Space", "appContext")], ALL_ON).products).toEqual([]);
  });

  it("shows Devices only when 'rooms' categories exist", () => {
    expect(buildSideNav([cat("CRM", "teams")], ALL_ON).products.map((p) => p.label)).not.toContain("Devices");
    expect(buildSideNav([cat("CRM", "rooms")], ALL_ON).products).toEqual([{ to: "/devices", label: "Devices" }]);
  });

  it("shows Messaging only when 'teams' categories exist", () => {
    expect(buildSideNav([cat("CRM", "meetings")], ALL_ON).products).toEqual([{ to: "/meetings", label: "Meetings" }]);
    expect(buildSideNav([cat("CRM", "teams")], ALL_ON).products).toEqual([{ to: "/messaging", label: "Messaging" }]);
  });

  it("shows Calling and Contact Center only for their own category types", () => {
    expect(buildSideNav([cat("CRM", "calling")], ALL_ON).products.map((p) => p.label)).toEqual(["Calling"]);
    expect(buildSideNav([cat("CRM", "contact_center")], ALL_ON).products.map((p) => p.label)).toEqual(["Contact Center"]);
  });

  it("shows a product even if its only category is partner_solutions (it is still a category of that type)", () => {
    expect(buildSideNav([cat("Partner Solutions", "calling", "partner_solutions")], ALL_ON).products.map((p) => p.label)).toEqual(["Calling"]);
  });

  it("lists Integrations, Bots and Skills always", () => {
    const nav = buildSideNav([], { embeddedApps: false, serviceApps: false });
    expect(nav.appTypes).toEqual([
      { to: "/integrations", label: "Integrations" },
      { to: "/bots", label: "Bots" },
      { to: "/skills", label: "Skills" },
    ]);
  });

  it("lists Embedded Apps only when embeddedApps is on", () => {
    expect(buildSideNav([], { embeddedApps: true, serviceApps: false }).appTypes.map((t) => t.label)).toEqual(["Embedded Apps", "Integrations", "Bots", "Skills"]);
  });

  it("lists Service Apps only when serviceApps is on", () => {
    expect(buildSideNav([], { embeddedApps: false, serviceApps: true }).appTypes.map((t) => t.label)).toEqual(["Integrations", "Bots", "Skills", "Service Apps"]);
  });
});
