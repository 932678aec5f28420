import { describe, expect, it } from "vitest";
import { isHubAdmin } from "./hub-admin.ts";

const ACME = "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi84ZmFkNzRmMi1iYzBkLTRlMTAtYmY1ZS0zMzgyZDQ1ZmE3MjI";
const GLOBEX = btoa("ciscospark://us/ORGANIZATION/11111111-2222-4333-8444-555555555555").replace(/=+$/, "");
const admins = { emails: ["sam@acme.example"], orgId: ACME };

describe("isHubAdmin", () => {
  it("names configured e-mail addresses, in any case", () => {
    expect(isHubAdmin({ emails: ["Sam@Acme.example"], orgId: GLOBEX, isOrgAdmin: false }, admins)).toBe(true);
  });
  it("names the full administrators of the hub's organisation only", () => {
    expect(isHubAdmin({ emails: ["ada@acme.example"], orgId: ACME, isOrgAdmin: true }, admins)).toBe(true);
    expect(isHubAdmin({ emails: ["ada@acme.example"], orgId: `${ACME}==`, isOrgAdmin: true }, admins)).toBe(true);
    expect(isHubAdmin({ emails: ["max@globex.example"], orgId: GLOBEX, isOrgAdmin: true }, admins)).toBe(false);
    expect(isHubAdmin({ emails: ["riley@acme.example"], orgId: ACME, isOrgAdmin: false }, admins)).toBe(false);
  });
  it("names nobody by role without a configured organisation", () => {
    expect(isHubAdmin({ emails: ["ada@acme.example"], orgId: ACME, isOrgAdmin: true }, { emails: [], orgId: null })).toBe(false);
  });
});
