import { describe, expect, it } from "vitest";
import { embeddedAccessAnswer, hasEmbeddedAccess, orgUuidOf } from "./embedded-access.server.ts";

const ORG = "e54031eb-ffb7-42df-a838-f2311d3519a7";
const encoded = (type: string, uuid: string) => btoa(`ciscospark://us/${type}/${uuid}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

describe("hasEmbeddedAccess (spec §4)", () => {
  it("is true only when the first entry of the value list is the text true", () => {
    expect(hasEmbeddedAccess({ value: ["true"] })).toBe(true);
    expect(hasEmbeddedAccess({ value: ["true", "false"] })).toBe(true);
    for (const answer of [{ value: ["false", "true"] }, { value: [true] }, { value: ["TRUE"] }, { value: [] }, { value: "true" }, {}, null, undefined]) {
      expect(hasEmbeddedAccess(answer as { value?: unknown })).toBe(false);
    }
  });

  it("round-trips the route's answer", () => {
    expect(hasEmbeddedAccess(embeddedAccessAnswer(true))).toBe(true);
    expect(hasEmbeddedAccess(embeddedAccessAnswer(false))).toBe(false);
  });
});

describe("orgUuidOf", () => {
  it("takes the platform's encoded id or the bare uuid, and nothing else", () => {
    expect(orgUuidOf(encoded("ORGANIZATION", ORG))).toBe(ORG);
    expect(orgUuidOf(`${encoded("ORGANIZATION", ORG)}==`)).toBe(ORG);
    expect(orgUuidOf(ORG.toUpperCase())).toBe(ORG);
    expect(orgUuidOf("not-an-org")).toBe("");
    expect(orgUuidOf("")).toBe("");
  });
});
