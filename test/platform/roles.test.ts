// Contract test for /_emulator/people/role (issue 40 item 3): the platform's admin console gives or
// takes the full administrator role, and people/me says so at once with a token issued before —
// which is what lets App Hub's tests demote a hub or organisation admin mid-session.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FULL_ADMIN_ROLE, personSchema } from "../../app/platform/schemas.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { api, control, expectError, expectOk, login } from "./helpers.ts";

let h: PlatformHarness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h?.dispose());
beforeEach(() => h.reset());

const me = async (token: string) => expectOk(await api(h, token, "/v1/people/me"), personSchema);

describe("POST /_emulator/people/role", () => {
  it("takes the role away and gives it back; people/me shows it at once with the same token", async () => {
    const ada = await login(h, USERS.ada.email);
    expect((await me(ada.access_token)).roles).toContain(FULL_ADMIN_ROLE);
    const res = await control(h, "/_emulator/people/role", { email: USERS.ada.email, admin: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: USERS.ada.email, admin: false });
    expect((await me(ada.access_token)).roles ?? []).not.toContain(FULL_ADMIN_ROLE);
    expect((await control(h, "/_emulator/people/role", { email: USERS.ada.email, admin: true })).status).toBe(200);
    expect((await me(ada.access_token)).roles).toContain(FULL_ADMIN_ROLE);
  });

  it("makes a member an administrator; reset restores the seed's administrators", async () => {
    const riley = await login(h, USERS.riley.email);
    expect((await me(riley.access_token)).roles ?? []).not.toContain(FULL_ADMIN_ROLE);
    await h.setOrgAdmin(USERS.riley.email, true);
    expect((await me(riley.access_token)).roles).toContain(FULL_ADMIN_ROLE);
    await h.setOrgAdmin(USERS.ada.email, false);
    await h.reset();
    const ada = await login(h, USERS.ada.email);
    expect((await me(ada.access_token)).roles).toContain(FULL_ADMIN_ROLE);
    expect((await me((await login(h, USERS.riley.email)).access_token)).roles ?? []).not.toContain(FULL_ADMIN_ROLE);
  });

  it("is 404 for an unknown person and 400 for a body it cannot read", async () => {
    await expectError(await control(h, "/_emulator/people/role", { email: "nobody@acme.example", admin: false }), 404);
    await expectError(await control(h, "/_emulator/people/role", { email: USERS.ada.email, admin: "no" }), 400);
  });
});
