import { describe, expect, it } from "vitest";
import { hydraUuid, portalDisplayName, userFromPerson } from "./user.ts";

const id = (type: string, uuid: string) => btoa(`ciscospark://us/${type}/${uuid}`).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

describe("portalDisplayName (spec §3)", () => {
  it("prefers displayName", () => expect(portalDisplayName({ displayName: "Ada Admin", firstName: "A", lastName: "B" })).toBe("Ada Admin"));
  it("joins first and last name", () => expect(portalDisplayName({ firstName: "Riley", lastName: "Regular" })).toBe("Riley Regular"));
  it("takes whichever name exists", () => {
    expect(portalDisplayName({ firstName: "Riley" })).toBe("Riley");
    expect(portalDisplayName({ lastName: "Regular" })).toBe("Regular");
  });
  it("falls back to nickName, then empty", () => {
    expect(portalDisplayName({ displayName: "  ", nickName: "rr" })).toBe("rr");
    expect(portalDisplayName({})).toBe("");
  });
});

describe("userFromPerson", () => {
  it("decodes the user id from the last segment and takes the e-mail domain", () => {
    const user = userFromPerson({
      id: id("PEOPLE", "1234-abcd"),
      orgId: id("ORGANIZATION", "org-1"),
      emails: ["ada@acme.example", "ada@other.example"],
      displayName: "Ada Admin",
    });
    expect(user.userId).toBe("1234-abcd");
    expect(user.emailDomain).toBe("acme.example");
    expect(user.avatar).toBeNull();
  });
  it("accepts padded ids and never throws on junk", () => {
    expect(hydraUuid(btoa("ciscospark://us/PEOPLE/x1"))).toBe("x1");
    expect(hydraUuid("%%%")).toBe("");
  });
});
