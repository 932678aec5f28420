import { describe, expect, it } from "vitest";
import { slugify, slugToApiId } from "./slug.ts";

describe("slugify (spec §5: spaces and underscores become hyphens, '&' becomes 'and')", () => {
  it.each([
    ["Developer Tools", "developer-tools"],
    ["developer_tools", "developer-tools"],
    ["Sales & Marketing", "sales-and-marketing"],
    ["sales_&_marketing", "sales-and-marketing"],
    ["HR&Recruiting", "hr-and-recruiting"],
    ["  Social   &   Fun  ", "social-and-fun"],
    ["IT Service Management", "it-service-management"],
    ["contact_center", "contact-center"],
    ["Other", "other"],
    ["a__b", "a-b"],
  ])("%j → %j", (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });

  it("never leaves leading, trailing or doubled hyphens", () => {
    for (const input of ["_lead", "trail_", "& both &", "a - b", "__x__y__"]) {
      expect(slugify(input)).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });
});

describe("slugToApiId (spec §5 reverse mapping)", () => {
  it("for teams, only turns hyphens back into underscores", () => {
    expect(slugToApiId("developer-tools", "teams")).toBe("developer_tools");
    expect(slugToApiId("sales-and-marketing", "teams")).toBe("sales_and_marketing");
  });

  it("for other category types, turns '-and-' into the escaped ampersand form", () => {
    expect(slugToApiId("sales-and-marketing", "meetings")).toBe("sales_%26_marketing");
    expect(slugToApiId("hr-and-recruiting", "calling")).toBe("hr_%26_recruiting");
    expect(slugToApiId("developer-tools", "rooms")).toBe("developer_tools");
    expect(slugToApiId("other", "contact_center")).toBe("other");
  });

  it("round-trips a plain apiId through slugify for every type", () => {
    for (const type of ["teams", "meetings", "calling", "contact_center", "rooms"] as const) {
      expect(slugToApiId(slugify("workflow_automation"), type)).toBe("workflow_automation");
    }
  });
});
