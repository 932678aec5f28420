import { describe, expect, it } from "vitest";
import { NO_SECURITY_FACTS } from "~/models/security-facts";
import type { AppDetail } from "~/models/types";
import { draftBody, fieldErrors, listingBody, listingValues, versionBody, versionValues } from "./submission-forms";

const live = {
  id: "app1",
  name: "Polls",
  tagline: "Quick polls",
  description: "Ask your space.",
  logo: "/logos/polls.svg",
  screenshots: ["https://img.example/1.png"],
  videoUrl: null,
  websiteUrl: "https://polls.example",
  supportUrl: null,
  privacyUrl: null,
  termsUrl: null,
  categories: [{ id: "c1", apiId: "c1", slug: "c1", name: "One", categoryType: "teams" }],
  permissions: ["bot:messages_read"],
  security: { ...NO_SECURITY_FACTS, dataRegions: ["eu"] },
} as unknown as AppDetail;

describe("the version form", () => {
  it("sends permissions always, and screenshots and security facts only when they differ from the live app", () => {
    const values = { ...versionValues(live), version: " 2.0.0 ", releaseNotes: "Line one\r\nLine two" };
    expect(versionBody(values, live)).toEqual({ version: "2.0.0", releaseNotes: "Line one\nLine two", permissions: ["bot:messages_read"] });
    const changed = versionBody({ ...values, screenshots: "https://img.example/2.png\n\n", "security.dataRegions": ["eu", "us"], "security.aiUsesMessageContent": "no" }, live);
    expect(changed.screenshots).toEqual(["https://img.example/2.png"]);
    expect(changed.security).toMatchObject({ dataRegions: ["eu", "us"], aiUsesMessageContent: false, aiTrainsModels: null, certifications: null });
  });
});

describe("the listing form", () => {
  it("sends only the fields that differ; empty links become null; deprecation only when ticked", () => {
    expect(listingBody(listingValues(live), live)).toEqual({});
    const body = listingBody(
      { ...listingValues(live), tagline: "Quicker polls", websiteUrl: "", categoryIds: ["c1", "c2"], deprecate: "yes", "deprecation.replacement": "" },
      live,
    );
    expect(body).toEqual({ tagline: "Quicker polls", websiteUrl: null, categoryIds: ["c1", "c2"], deprecation: { replacement: null } });
  });
});

describe("the new app form", () => {
  it("builds the API's draft body; optional fields left out when blank; the first version only when given", () => {
    const body = draftBody({
      name: "Notes",
      type: "bot",
      productType: "teams",
      categoryIds: ["c1"],
      tagline: "t",
      description: "d",
      logo: "https://x.example/l.png",
      botEmail: "",
      "version.version": "",
    });
    expect(body).toMatchObject({ name: "Notes", productTypes: ["teams"], screenshots: [], requiresAdmin: false, permissions: [] });
    expect(body).not.toHaveProperty("botEmail");
    expect(body).not.toHaveProperty("version");
  });
});

describe("problems as field errors", () => {
  it("puts each problem under the longest field its path starts with; the rest under the form", () => {
    const fields = ["version", "permissions", "security.subProcessors", "version.version"];
    expect(
      fieldErrors(
        [
          { path: "permissions.2", message: "unknown" },
          { path: "security.subProcessors.0.name", message: "too long" },
          { path: "version.version", message: "bad" },
          { path: "", message: "whole" },
          { path: "permissions.3", message: "second" },
        ],
        fields,
      ),
    ).toEqual({ permissions: "unknown", "security.subProcessors": "too long", "version.version": "bad", form: "whole" });
  });
});
