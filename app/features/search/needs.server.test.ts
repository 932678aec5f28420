import { describe, expect, it } from "vitest";
import { PRODUCT_TYPE_LABELS } from "~/models/enums";
import { FRESHNESS_LABELS } from "~/models/freshness";
import { PRODUCT_NAV } from "~/models/list-routes";
import { CERTIFICATION_LABELS, CERTIFICATIONS, DATA_REGION_LABELS, DATA_REGIONS } from "~/models/security-facts";
import type { Category } from "~/models/types";
import { needLabel, parseNeeds, textWithoutNeeds, withNeeds, type Need } from "./needs.server";

// Categories as the catalogue has them (per product): whole names, an acronym, everyday single words, and an
// app context (never a filter from words).
const categories: Category[] = [
  { id: "c1", apiId: "project-management", slug: "project-management", name: "Project Management", categoryType: "teams" },
  { id: "c2", apiId: "crm", slug: "crm", name: "CRM", categoryType: "teams" },
  { id: "c3", apiId: "analytics", slug: "analytics", name: "Analytics", categoryType: "teams" },
  { id: "c4", apiId: "itsm", slug: "it-service-management", name: "IT Service Management", categoryType: "teams" },
  { id: "c5", apiId: "hr", slug: "hr-recruiting", name: "HR & Recruiting", categoryType: "teams" },
  { id: "c6", apiId: "crm-meetings", slug: "crm", name: "CRM", categoryType: "meetings" },
  { id: "c7", apiId: "in-meeting", slug: "in-meeting", name: "In meeting", categoryType: "appContext" },
];

const parse = (text: string) => parseNeeds(text, categories);
/** The needs as `kind=value` (sorted) and the words left to search. */
const read = (text: string) => {
  const { needs, rest } = parse(text);
  return { needs: needs.map((n) => `${n.kind}=${n.value}`).sort(), rest };
};

describe("parseNeeds: words that name a filter become the filter, the rest stays text", () => {
  it("the issue's examples", () => {
    expect(read("HIPAA transcription in the EU")).toEqual({ needs: ["certification=hipaa", "region=eu"], rest: "transcription" });
    expect(read("bot for polls")).toEqual({ needs: ["type=bot"], rest: "for polls" });
    expect(read("SOC 2 CRM")).toEqual({ needs: ["category=crm", "certification=soc2-type-ii"], rest: "" });
  });

  it("certifications: every one, by its label and its aliases; alone too", () => {
    for (const c of CERTIFICATIONS) expect(read(`${CERTIFICATION_LABELS[c]} notes`).needs).toContain(`certification=${c}`);
    for (const [said, value] of [
      ["soc2", "soc2-type-ii"],
      ["SOC-2 Type 2", "soc2-type-ii"],
      ["iso27001", "iso-27001"],
      ["hippa", "hipaa"],
      ["GDPR DPA", "gdpr-dpa"],
      ["fed ramp", "fedramp"],
    ]) {
      expect(read(`${said!} chat`).needs).toEqual([`certification=${value}`]);
      // A certification said alone is still a filter (nobody names an app "HIPAA").
      expect(read(said!)).toEqual({ needs: [`certification=${value}`], rest: "" });
    }
    // The longest phrase wins, and its words are used up.
    expect(parse("soc 2 type ii notes").needs[0]!.words).toBe("soc 2 type ii");
    // Several certifications: all of them (an app must hold every one).
    expect(read("hipaa fedramp notes").needs).toEqual(["certification=fedramp", "certification=hipaa"]);
  });

  it("data regions: every one by its name, with or without 'in', 'from', 'hosted in'", () => {
    for (const r of DATA_REGIONS) expect(read(`notes ${DATA_REGION_LABELS[r]}`).needs).toEqual([`region=${r}`]);
    expect(read("notes hosted in the UK")).toEqual({ needs: ["region=uk"], rest: "notes" });
    expect(read("notes from Japan")).toEqual({ needs: ["region=jp"], rest: "notes" });
    expect(read("polls data in Europe")).toEqual({ needs: ["region=eu"], rest: "polls" });
    expect(read("notes in the usa")).toEqual({ needs: ["region=us"], rest: "notes" });
    // Several regions: any of them.
    expect(read("notes in the eu or uk").needs).toEqual(["region=eu", "region=uk"]);
    // "in" alone is a word, not India.
    expect(read("notes in meetings").needs).toEqual(["product=meetings"]);
  });

  it("app types, singular and plural; one type (the first said)", () => {
    for (const [said, value] of [
      ["bots", "bot"],
      ["chatbot", "bot"],
      ["integration", "integration"],
      ["embedded apps", "embeddedApp"],
      ["service app", "serviceApp"],
    ]) {
      expect(read(`polls ${said!}`)).toEqual({ needs: [`type=${value}`], rest: "polls" });
    }
    expect(read("integrations bots for polls")).toEqual({ needs: ["type=integration"], rest: "bots for polls" });
    expect(read("bots integrations for polls")).toEqual({ needs: ["type=bot"], rest: "integrations for polls" });
  });

  it("products: by their navigation name; meetings, messaging and calling only when said 'for' or 'in'", () => {
    expect(read("contact center bots")).toEqual({ needs: ["product=contact-center", "type=bot"], rest: "" });
    expect(read("whiteboard for devices")).toEqual({ needs: ["product=devices"], rest: "whiteboard" });
    expect(read("polls for meetings")).toEqual({ needs: ["product=meetings"], rest: "polls" });
    expect(read("meetings notes")).toEqual({ needs: [], rest: "meetings notes" });
    expect(read("messaging archive")).toEqual({ needs: [], rest: "messaging archive" });
    for (const p of PRODUCT_NAV) expect(read(`notes for ${p.label}`).needs).toEqual([`product=${p.path}`]);
  });

  it("categories: whole names and short names (acronyms); an everyday single word stays text; app contexts never", () => {
    expect(read("project management for devices")).toEqual({ needs: ["category=project-management", "product=devices"], rest: "" });
    expect(read("it service management bot")).toEqual({ needs: ["category=it-service-management", "type=bot"], rest: "" });
    expect(read("crm sync")).toEqual({ needs: ["category=crm"], rest: "sync" });
    expect(read("analytics dashboard")).toEqual({ needs: [], rest: "analytics dashboard" });
    expect(read("in meeting polls").needs).not.toContain("category=in-meeting");
    // One category: the first said.
    expect(read("crm project management").needs).toEqual(["category=project-management"]);
  });

  it("freshness by its aliases", () => {
    expect(read("recently updated crm")).toEqual({ needs: ["category=crm", "freshness=active"], rest: "" });
    expect(read("actively maintained polls")).toEqual({ needs: ["freshness=active"], rest: "polls" });
    expect(read("deprecated notes")).toEqual({ needs: ["freshness=deprecated"], rest: "notes" });
  });

  it("a single word that names a type, product or region is searched as text (someone looking for 'bots')", () => {
    for (const text of ["bots", "integrations", "devices", "canada", "deprecated", "crm"]) expect(read(text)).toEqual({ needs: [], rest: text });
  });

  it("nothing found: the text unchanged (in its searched form); case, accents and punctuation do not matter", () => {
    expect(read("Pollster")).toEqual({ needs: [], rest: "pollster" });
    expect(read("  Café   polls! ")).toEqual({ needs: [], rest: "cafe polls" });
    expect(read("HÏPAA, notes")).toEqual({ needs: ["certification=hipaa"], rest: "notes" });
    expect(read("")).toEqual({ needs: [], rest: "" });
  });

  it("keeps what was said for each need (its chip takes those words out of what is searched)", () => {
    expect(
      parse("transcription in the EU with HIPAA")
        .needs.map((n) => n.words)
        .sort(),
    ).toEqual(["hipaa", "in the eu"]);
  });
});

describe("textWithoutNeeds: what was said, less the needs whose chips were removed", () => {
  const without = (text: string, ...values: string[]) => textWithoutNeeds(text, categories, (n) => values.includes(n.value));
  it("drops the need's words and keeps the rest as typed", () => {
    expect(without("HIPAA transcription in the EU", "eu")).toBe("HIPAA transcription");
    expect(without("HIPAA transcription in the EU", "hipaa")).toBe("transcription in the EU");
    expect(without("HIPAA transcription in the EU", "hipaa", "eu")).toBe("transcription");
    expect(without("HIPAA transcription in the EU")).toBe("HIPAA transcription in the EU");
  });

  it("follows words through punctuation and accents, and keeps a typed word that is only partly the need's", () => {
    expect(without("Notes, HÏPAA! in  the EU", "hipaa")).toBe("Notes, in the EU");
    expect(without("SOC-2 polls", "soc2-type-ii")).toBe("polls");
    expect(without("bot for polls", "bot")).toBe("for polls");
    expect(without("hipaa", "hipaa")).toBe("");
  });
});

describe("withNeeds: the needs as the list pages' filters", () => {
  const base = { sort: { key: "score", order: "desc" } as const, certifications: ["iso-27001" as const], dataRegions: ["us" as const], appType: "integration" as const };
  it("certifications, regions and freshness add to those chosen; a type, product or category replaces", () => {
    const needs = parse("hipaa bots in the eu recently updated project management for devices").needs;
    expect(withNeeds(base, needs, categories)).toEqual({
      ...base,
      certifications: ["iso-27001", "hipaa"],
      dataRegions: ["us", "eu"],
      freshness: ["active"],
      appType: "bot",
      productTypes: ["rooms"],
      categoryIds: ["c1"],
    });
  });
  it("a category's every id of that slug, but no app context", () => {
    expect(withNeeds(base, parse("crm sync").needs, categories).categoryIds).toEqual(["c2", "c6"]);
  });
  it("no needs: the query unchanged", () => {
    expect(withNeeds(base, [], categories)).toEqual(base);
  });
});

describe("needLabel: how a chip says a need", () => {
  it.each([
    ["SOC 2 notes", "Certification: SOC 2 Type II"],
    ["notes in the EU", "Data region: European Union"],
    ["polls bots", "App type: Bot"],
    ["notes for contact center", `Product: ${PRODUCT_TYPE_LABELS.contact_center}`],
    ["crm sync", "Category: CRM"],
    ["recently updated notes", `Freshness: ${FRESHNESS_LABELS.active}`],
  ])("%s → %s", (text, label) => {
    const [need] = parse(text).needs as [Need];
    expect(needLabel(need, categories)).toBe(label);
  });
});

describe("the needs come in the order typed", () => {
  it.each([
    ["HIPAA transcription in the EU", ["certification=hipaa", "region=eu"]],
    ["transcription in the EU with HIPAA", ["region=eu", "certification=hipaa"]],
    ["recently updated crm bots for devices", ["freshness=active", "category=crm", "type=bot", "product=devices"]],
  ])("%s", (text, order) => {
    expect(parse(text).needs.map((n) => `${n.kind}=${n.value}`)).toEqual(order);
  });
});
