// Contract tests for what App Hub uses to check a webhook owner's standing (issue 12; decision 010):
// a bot in a space may list that space's memberships filtered by person (the owner left → empty);
// an organisation can turn a bot off (the bot's calls in that organisation's spaces → 403); a
// person who revokes App Hub at the platform leaves tokens that answer 401 and refresh with 400.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { membershipListSchema, membershipSchema, messageSchema } from "../../app/platform/schemas.ts";
import { HUB_CLIENT_ID, ORGS, ROOMS, SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { api, exchange, expectError, expectOk, login } from "./helpers.ts";

let h: PlatformHarness;
let riley: { access_token: string; refresh_token: string };
const bot = SERVICE_BOTS.incoming;
const roomId = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
const rileyId = encodeId("PEOPLE", USERS.riley.uuid);
const policy = (body: unknown) => h.fetch("/_emulator/org-policy", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const ownerInRoom = (key: keyof typeof ROOMS) => api(h, bot.token, `/v1/memberships?roomId=${roomId(key)}&personId=${rileyId}`);

beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h?.dispose());
beforeEach(async () => {
  await h.reset();
  riley = await login(h, USERS.riley.email);
  // The owner puts the hub's bot into the space, as creating a webhook does.
  expect((await api(h, riley.access_token, "/v1/memberships", { method: "POST", body: { roomId: roomId("marketingLaunch"), personEmail: bot.email } })).status).toBe(200);
});

describe("a bot looks up a person's membership of its space", () => {
  it("finds the member, then nothing once the person leaves (DELETE /v1/memberships/{id} with their own token)", async () => {
    const found = await expectOk(await ownerInRoom("marketingLaunch"), membershipListSchema);
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ personId: rileyId, roomId: roomId("marketingLaunch") });
    expect((await api(h, riley.access_token, `/v1/memberships/${found.items[0]!.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await expectOk(await ownerInRoom("marketingLaunch"), membershipListSchema)).items).toEqual([]);
  });

  it("is 404 for a space the bot is not (or no longer) in", async () => {
    await expectError(await ownerInRoom("designTeam"), 404);
    // A moderator (or the person who added it) removes the bot from the space.
    const [membership] = (
      await expectOk(await api(h, riley.access_token, `/v1/memberships?roomId=${roomId("marketingLaunch")}&personEmail=${encodeURIComponent(bot.email)}`), membershipListSchema)
    ).items;
    expect((await api(h, riley.access_token, `/v1/memberships/${membership!.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await ownerInRoom("marketingLaunch"), 404);
  });
});

describe("an organisation turns a bot off (/_emulator/org-policy)", () => {
  it("refuses the bot's calls in that organisation's spaces with 403 until it is turned back on", async () => {
    const off = await expectOk(await policy({ orgId: encodeId("ORGANIZATION", ORGS.acme.uuid), botEmail: bot.email, disabled: true }), {
      parse: (v: unknown) => v as Record<string, unknown>,
    });
    expect(off).toMatchObject({ botEmail: bot.email, disabled: true });
    const refused = await expectError(await ownerInRoom("marketingLaunch"), 403);
    expect(refused.message).toBe("The organization's policy does not allow this bot.");
    await expectError(await api(h, bot.token, "/v1/messages", { method: "POST", body: { roomId: roomId("marketingLaunch"), text: "hi" } }), 403);
    // People of that organisation cannot add it either (the existing rule for the caller's org).
    await expectError(await api(h, riley.access_token, "/v1/memberships", { method: "POST", body: { roomId: roomId("designTeam"), personEmail: bot.email } }), 403);

    expect((await policy({ orgId: ORGS.acme.uuid, botEmail: bot.email, disabled: false })).status).toBe(200);
    expect((await expectOk(await ownerInRoom("marketingLaunch"), membershipListSchema)).items).toHaveLength(1);
    await expectOk(await api(h, bot.token, "/v1/messages", { method: "POST", body: { roomId: roomId("marketingLaunch"), text: "back" } }), messageSchema);
  });

  it("leaves other organisations' spaces alone, validates its body, and reset restores the seed", async () => {
    await expectOk(await api(h, riley.access_token, "/v1/memberships", { method: "POST", body: { roomId: roomId("designTeam"), personEmail: bot.email } }), membershipSchema);
    expect((await policy({ orgId: ORGS.globex.uuid, botEmail: bot.email, disabled: true })).status).toBe(200);
    expect((await ownerInRoom("designTeam")).status).toBe(200); // Design Team belongs to Acme
    await expectError(await policy({ orgId: "no-such-org", botEmail: bot.email, disabled: true }), 404);
    await expectError(await policy({ orgId: ORGS.acme.uuid, botEmail: "nobody@lumen.bot", disabled: true }), 404);
    await expectError(await policy({ orgId: ORGS.acme.uuid, botEmail: bot.email }), 400);

    expect((await policy({ orgId: ORGS.acme.uuid, botEmail: bot.email, disabled: true })).status).toBe(200);
    await h.reset();
    const again = await login(h, USERS.riley.email);
    expect((await api(h, again.access_token, "/v1/memberships", { method: "POST", body: { roomId: roomId("marketingLaunch"), personEmail: bot.email } })).status).toBe(200);
    expect((await ownerInRoom("marketingLaunch")).status).toBe(200);
  });
});

describe("a person revokes App Hub at the platform", () => {
  it("their access token then answers 401 and the refresh is refused with invalid_grant", async () => {
    // On the platform's own token page (its Revoke button; the control does the same).
    const revoked = await h.fetch("/account/authorized-apps", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: USERS.riley.email, clientId: HUB_CLIENT_ID }).toString(),
    });
    expect(revoked.status).toBe(303);
    await expectError(await api(h, riley.access_token, "/v1/people/me"), 401);
    const refreshed = await exchange(h, { grant_type: "refresh_token", refresh_token: riley.refresh_token });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.json()).toMatchObject({ error: "invalid_grant" });
  });
});
