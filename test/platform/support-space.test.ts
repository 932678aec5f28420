// Contract tests of what App Hub's /support and Connect need from the emulator: the support bot's
// token adds people to the developer-support space (answers parse with app/platform/schemas.ts),
// a reset leaves the catalogue's bot rules alone, and the consent page honours login_hint.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { membershipSchema, personSchema, roomSchema } from "../../app/platform/schemas.ts";
import { DEVELOPER_SUPPORT_ROOM, SUPPORT_BOT, USERS, globexDisabledBotEmails } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { api, authorizeQuery, expectError, expectOk } from "./helpers.ts";
import { wranglerVars } from "../integration/harness.ts";

let h: PlatformHarness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h?.dispose());
beforeEach(() => h.reset());

const join = (personId: string) => api(h, SUPPORT_BOT.token, "/v1/memberships", { method: "POST", body: { roomId: DEVELOPER_SUPPORT_ROOM.id, personId } });

describe("the developer-support space", () => {
  it("has the id the hub is configured with (wrangler.toml SUPPORT_SPACE_ID / SUPPORT_BOT_TOKEN)", () => {
    expect(DEVELOPER_SUPPORT_ROOM.id).toBe(encodeId("ROOM", DEVELOPER_SUPPORT_ROOM.uuid));
    expect(wranglerVars()).toMatchObject({ SUPPORT_SPACE_ID: DEVELOPER_SUPPORT_ROOM.id, SUPPORT_BOT_TOKEN: SUPPORT_BOT.token });
  });

  it("the support bot's token works: it is a bot, and it sees the space", async () => {
    const me = await expectOk(await api(h, SUPPORT_BOT.token, "/v1/people/me"), personSchema);
    expect(me).toMatchObject({ type: "bot", emails: [SUPPORT_BOT.email], displayName: SUPPORT_BOT.name });
    const room = await expectOk(await api(h, SUPPORT_BOT.token, `/v1/rooms/${DEVELOPER_SUPPORT_ROOM.id}`), roomSchema);
    expect(room).toMatchObject({ title: DEVELOPER_SUPPORT_ROOM.title, type: "group", isLocked: false });
  });

  it("adds a person (membership), then 409 for them and for someone already in it", async () => {
    const riley = encodeId("PEOPLE", USERS.riley.uuid);
    const added = await expectOk(await join(riley), membershipSchema);
    expect(added).toMatchObject({ roomId: DEVELOPER_SUPPORT_ROOM.id, personId: riley, personEmail: USERS.riley.email, isModerator: false });
    await expectError(await join(riley), 409);
    await expectError(await join(encodeId("PEOPLE", USERS.ada.uuid)), 409);
    // Someone from another organisation joins too: the space is open to every developer.
    await expectOk(await join(encodeId("PEOPLE", USERS.max.uuid)), membershipSchema);
  });

  it("a reset puts the space back and keeps the catalogue's bot rules (the support bot is not a catalogue bot)", async () => {
    await expectOk(await join(encodeId("PEOPLE", USERS.riley.uuid)), membershipSchema);
    const disabledBefore = await h.db.prepare("SELECT bot_email FROM org_disabled_bots ORDER BY bot_email").all<{ bot_email: string }>();
    await h.reset();
    await expectOk(await join(encodeId("PEOPLE", USERS.riley.uuid)), membershipSchema);
    const disabledAfter = await h.db.prepare("SELECT bot_email FROM org_disabled_bots ORDER BY bot_email").all<{ bot_email: string }>();
    expect(disabledAfter.results).toEqual(disabledBefore.results);
    expect(disabledAfter.results.map((r) => r.bot_email)).toEqual(globexDisabledBotEmails(h.reference.bots.map((b) => b.email)).sort());
    expect(disabledAfter.results.map((r) => r.bot_email)).not.toContain(SUPPORT_BOT.email);
  });

  it("an unknown bot token is refused (401)", async () => {
    await expectError(
      await api(h, "not-the-support-token", "/v1/memberships", { method: "POST", body: { roomId: DEVELOPER_SUPPORT_ROOM.id, personEmail: USERS.riley.email } }),
      401,
    );
  });
});

describe("consent for a catalogue integration", () => {
  it("login_hint preselects that demo user on the consent page", async () => {
    const integration = h.reference.applications[0]!;
    const query = authorizeQuery({
      client_id: integration.clientId,
      redirect_uri: `${h.origin}/vendors/${integration.clientId}/callback`,
      scope: "spark:people_read",
      login_hint: USERS.max.email,
    });
    const html = await (await h.fetch(`/v1/authorize?${query}`)).text();
    expect(html).toMatch(new RegExp(`value="${USERS.max.uuid}" checked`));
    expect(html.match(/ checked>/g)).toHaveLength(1);
    expect(html).toContain(`name="login_hint" value="${USERS.max.email}"`);
  });
});
