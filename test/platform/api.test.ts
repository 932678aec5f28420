// Contract tests of the emulator's REST API: every success answer parses with app/platform/schemas.ts,
// every error with platformErrorSchema, and the platform's rules hold (rooms sorting and paging,
// membership statuses, message limits and the bot's greeting, signed webhooks, authorizations,
// faults and the test controls).
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  authorizationListSchema,
  membershipSchema,
  messageListSchema,
  messageSchema,
  personSchema,
  platformWebhookListSchema,
  platformWebhookSchema,
  roomListSchema,
  roomSchema,
  webhookEventSchema,
} from "../../app/platform/schemas.ts";
import { LEGACY_SYNC, ROOMS, USERS, globexDisabledBotEmails, presentBotEmail, seededGrants } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { api, expectError, expectOk, login, startTarget } from "./helpers.ts";

let h: PlatformHarness;
let riley: string;
let ada: string;
let max: string;
const roomId = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
let botEmails: string[];
let presentBot: string;
/** A bot nobody has added anywhere and that Globex allows. */
let freeBot: { email: string; name: string };

beforeAll(async () => {
  h = await startPlatform();
  botEmails = h.reference.bots.map((b) => b.email);
  presentBot = presentBotEmail(botEmails)!;
  const disabled = new Set(globexDisabledBotEmails(botEmails));
  freeBot = h.reference.bots.find((b) => b.email !== presentBot && !disabled.has(b.email))!;
});
afterAll(() => h?.dispose());
beforeEach(async () => {
  await h.reset();
  riley = (await login(h, USERS.riley.email)).access_token;
  ada = (await login(h, USERS.ada.email)).access_token;
  max = (await login(h, USERS.max.email)).access_token;
});

describe("people", () => {
  it("GET /v1/people/me: avatar as an absolute URL, nickName only when set", async () => {
    const me = await expectOk(await api(h, riley, "/v1/people/me"), personSchema);
    expect(me).toMatchObject({ id: encodeId("PEOPLE", USERS.riley.uuid), emails: [USERS.riley.email], displayName: "Riley Regular", type: "person" });
    expect(me).not.toHaveProperty("nickName");
    expect(me.avatar).toBe(`${h.origin}/avatars/riley.svg`);
    const avatar = await h.fetch(new URL(me.avatar!).pathname);
    expect(avatar.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await avatar.text()).toContain("<svg");

    const adaMe = await expectOk(await api(h, ada, "/v1/people/me"), personSchema);
    expect(adaMe.nickName).toBe("Ada");
    const maxMe = await expectOk(await api(h, max, "/v1/people/me"), personSchema);
    expect(maxMe).not.toHaveProperty("avatar");
    expect(maxMe.displayName).toBe(USERS.max.displayName);
    expect(maxMe.orgId).not.toBe(adaMe.orgId);
  });

  it("GET /v1/people/{id}: a user without displayName, a bot, and 404", async () => {
    const sam = await expectOk(await api(h, riley, `/v1/people/${encodeId("PEOPLE", USERS.sam.uuid)}`), personSchema);
    expect(sam).not.toHaveProperty("displayName");
    expect(sam).toMatchObject({ firstName: "Sam", lastName: "Okafor" });
    const bot = await expectOk(await api(h, riley, `/v1/people/${encodeId("PEOPLE", (await botId(presentBot)))}`), personSchema);
    expect(bot).toMatchObject({ type: "bot", emails: [presentBot] });
    await expectError(await api(h, riley, `/v1/people/${encodeId("ROOM", USERS.sam.uuid)}`), 404);
  });
});

async function botId(email: string): Promise<string> {
  const row = await h.db.prepare("SELECT uuid FROM people WHERE email = ?").bind(email).first<{ uuid: string }>();
  return row!.uuid;
}

describe("rooms", () => {
  it("lists the caller's rooms, sorted by last activity, with direct rooms titled by the other person", async () => {
    const { items } = await expectOk(await api(h, riley, "/v1/rooms?sortBy=lastactivity"), roomListSchema);
    expect(items.map((r) => r.title)).toEqual([
      "Marketing Launch",
      "Ada Admin",
      "Design Team",
      "Bot Playground",
      "Company Announcements",
      "Globex Partner Bridge",
      "Weekly Standup",
      "Platform Guild",
    ]);
    const lastActivities = items.map((r) => r.lastActivity!);
    expect([...lastActivities].sort().reverse()).toEqual(lastActivities);
    expect(items.find((r) => r.title === "Company Announcements")!.isLocked).toBe(true);
    expect(items.find((r) => r.title === "Platform Guild")!.teamId).toBeDefined();
    expect(items.find((r) => r.title === "Ada Admin")!.type).toBe("direct");
  });

  it("filters by type and sorts by created", async () => {
    const groups = await expectOk(await api(h, riley, "/v1/rooms?type=group&sortBy=created"), roomListSchema);
    expect(groups.items).toHaveLength(7);
    expect(groups.items.every((r) => r.type === "group")).toBe(true);
    expect(groups.items[0]!.title).toBe("Bot Playground");
    const direct = await expectOk(await api(h, riley, "/v1/rooms?type=direct"), roomListSchema);
    expect(direct.items.map((r) => r.title)).toEqual(["Ada Admin"]);
  });

  it("pages with an absolute Link rel=next until the end", async () => {
    const seen: string[] = [];
    let next: string | null = "/v1/rooms?sortBy=lastactivity&max=3";
    let pages = 0;
    while (next) {
      const res = await api(h, riley, next);
      const { items } = await expectOk(res, roomListSchema);
      seen.push(...items.map((r) => r.title));
      const link = res.headers.get("Link");
      if (link) {
        const match = /^<([^>]+)>; rel="next"$/.exec(link);
        expect(match).not.toBeNull();
        expect(match![1]!.startsWith(`${h.origin}/v1/rooms?`)).toBe(true);
        next = new URL(match![1]!).pathname + new URL(match![1]!).search;
      } else next = null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
  });

  it("rejects a bad max and answers 404 for a room the caller is not in", async () => {
    await expectError(await api(h, riley, "/v1/rooms?max=0"), 400);
    await expectError(await api(h, riley, "/v1/rooms?max=1001"), 400);
    await expectError(await api(h, riley, "/v1/rooms?sortBy=title"), 400);
    const room = await expectOk(await api(h, riley, `/v1/rooms/${roomId("designTeam")}`), roomSchema);
    expect(room).toMatchObject({ title: "Design Team", description: "Mock-ups, reviews and the design system." });
    await expectError(await api(h, riley, `/v1/rooms/${roomId("globexResearch")}`), 404);
  });

  it("accepts ids with base64 padding", async () => {
    const padded = `${roomId("designTeam")}${"=".repeat((4 - (roomId("designTeam").length % 4)) % 4)}`;
    expect((await api(h, riley, `/v1/rooms/${padded}`)).status).toBe(200);
  });
});

describe("POST /v1/memberships", () => {
  const add = (token: string, room: keyof typeof ROOMS, body: Record<string, unknown>) =>
    api(h, token, "/v1/memberships", { method: "POST", body: { roomId: roomId(room), ...body } });

  it("200: a bot added by email", async () => {
    const m = await expectOk(await add(riley, "designTeam", { personEmail: freeBot.email }), membershipSchema);
    expect(m).toMatchObject({ roomId: roomId("designTeam"), personEmail: freeBot.email, personDisplayName: freeBot.name, isModerator: false, roomType: "group" });
    const members = await expectOk(await api(h, riley, `/v1/memberships?roomId=${roomId("designTeam")}`), { parse: (v: unknown) => v as { items: unknown[] } });
    expect(members.items.map((x) => membershipSchema.parse(x).personEmail)).toContain(freeBot.email);
  });

  it("409: already a member", async () => {
    const body = await expectError(await add(riley, "botPlayground", { personEmail: presentBot }), 409);
    expect(body.message).toContain("already a member");
  });

  it("403: a locked space the caller does not moderate; a moderator may add", async () => {
    const locked = await expectError(await add(riley, "companyAnnouncements", { personEmail: freeBot.email }), 403);
    expect(locked.message).toContain("locked");
    expect((await add(ada, "companyAnnouncements", { personEmail: freeBot.email })).status).toBe(200);
  });

  it("403 with a different message: the caller's organisation disables the bot", async () => {
    const disabled = globexDisabledBotEmails(botEmails);
    expect(disabled.length).toBeGreaterThanOrEqual(3);
    const policy = await expectError(await add(max, "globexResearch", { personEmail: disabled[0] }), 403);
    expect(policy.message).toBe("The organization's policy does not allow this bot.");
    // Acme allows the same bot.
    expect((await add(riley, "designTeam", { personEmail: disabled[0] })).status).toBe(200);
  });

  it("400: the owning organisation restricts the space", async () => {
    const restricted = await expectError(await add(riley, "partnerBridge", { personEmail: freeBot.email }), 400);
    expect(restricted.message).toBe("Room/Membership cannot be created due to restrictions set by the owning organization");
  });

  it("404: a room the caller is not in, an unknown bot; 400: a bad body", async () => {
    await expectError(await add(riley, "globexResearch", { personEmail: freeBot.email }), 404);
    await expectError(await add(riley, "designTeam", { personEmail: "nobody@lumen.bot" }), 404);
    await expectError(await add(riley, "designTeam", {}), 400);
    await expectError(await api(h, riley, "/v1/memberships", { method: "POST", body: "nope" }), 400);
  });

  it("a person by personId; DELETE removes the membership", async () => {
    const m = await expectOk(await add(riley, "marketingLaunch", { personId: encodeId("PEOPLE", USERS.ada.uuid) }), membershipSchema);
    expect((await api(h, riley, `/v1/memberships/${m.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, riley, `/v1/memberships/${m.id}`), 404);
  });
});

describe("messages", () => {
  it("posts into a room and lists newest first", async () => {
    const posted = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "Hello team" } }), messageSchema);
    expect(posted).toMatchObject({ roomId: roomId("designTeam"), roomType: "group", text: "Hello team", personEmail: USERS.riley.email });
    const { items } = await expectOk(await api(h, ada, `/v1/messages?roomId=${roomId("designTeam")}&max=2`), messageListSchema);
    expect(items.map((m) => m.text)).toEqual(["Hello team", "Thanks! Mock-ups coming this week."]);
    const rooms = await expectOk(await api(h, riley, "/v1/rooms?sortBy=lastactivity&max=1"), roomListSchema);
    expect(rooms.items[0]!.title).toBe("Design Team");
  });

  it("a DM to a bot creates the direct space and the bot says hello there", async () => {
    const posted = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { toPersonEmail: freeBot.email, text: "hi" } }), messageSchema);
    expect(posted).toMatchObject({ roomType: "direct", toPersonEmail: freeBot.email });
    const { items } = await expectOk(await h.fetch(`/_emulator/messages?roomId=${posted.roomId}`), messageListSchema);
    expect(items).toHaveLength(2);
    expect(items[0]!.personEmail).toBe(freeBot.email);
    expect(items[0]!.markdown).toContain(`Hello Riley Regular! I'm ${freeBot.name}.`);
    // The same direct space is reused.
    const again = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { toPersonId: encodeId("PEOPLE", await botId(freeBot.email)), text: "again" } }), messageSchema);
    expect(again.roomId).toBe(posted.roomId);
    const room = await expectOk(await api(h, riley, `/v1/rooms/${posted.roomId}`), roomSchema);
    expect(room).toMatchObject({ type: "direct", title: freeBot.name });
  });

  it("403: a DM to a bot the caller's organisation disables", async () => {
    const body = await expectError(await api(h, max, "/v1/messages", { method: "POST", body: { toPersonEmail: globexDisabledBotEmails(botEmails)[1], text: "hi" } }), 403);
    expect(body.message).toBe("The organization's policy does not allow this bot.");
  });

  it("400: no text or markdown, more than 7439 bytes, two destinations; 404: not a member", async () => {
    await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam") } }), 400);
    await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "   " } }), 400);
    expect((await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x".repeat(7439) } })).status).toBe(200);
    const long = await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x".repeat(7440) } }), 400);
    expect(long.message).toContain("7439 bytes");
    // Bytes, not characters: 3720 two-byte characters are 7440 bytes.
    await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: "é".repeat(3720) } }), 400);
    await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), toPersonEmail: USERS.ada.email, text: "x" } }), 400);
    await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("globexResearch"), text: "x" } }), 404);
  });

  it("mentions: <@personEmail:…>, <@personId:…|Name> and a leading plain @Bot Name", async () => {
    const botUuid = await botId(presentBot);
    const botName = h.reference.bots.find((b) => b.email === presentBot)!.name;
    const tagged = await expectOk(
      await api(h, riley, "/v1/messages", {
        method: "POST",
        body: { roomId: roomId("botPlayground"), markdown: `<@personEmail:${presentBot}|${botName}> and <@personId:${encodeId("PEOPLE", USERS.ada.uuid)}|Ada> look` },
      }),
      messageSchema,
    );
    expect(tagged.mentionedPeople).toEqual([encodeId("PEOPLE", botUuid), encodeId("PEOPLE", USERS.ada.uuid)]);
    expect(tagged.text).toBe(`${botName} and Ada look`);
    const plain = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("botPlayground"), text: `@${botName.toUpperCase()} help` } }), messageSchema);
    expect(plain.mentionedPeople).toEqual([encodeId("PEOPLE", botUuid)]);
    const none = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("botPlayground"), text: `hey @${botName}` } }), messageSchema);
    expect(none.mentionedPeople).toBeUndefined();
    const adaMentions = await expectOk(await api(h, ada, `/v1/messages?roomId=${roomId("botPlayground")}&mentionedPeople=me`), messageListSchema);
    expect(adaMentions.items.map((m) => m.id)).toEqual([tagged.id]);
  });
});

describe("platform webhooks", () => {
  it("CRUD, owned by the token's person", async () => {
    const created = await expectOk(
      await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Out", targetUrl: "https://example.com/hook", resource: "messages", event: "created", filter: `roomId=${roomId("designTeam")}`, secret: "s3cret" } }),
      platformWebhookSchema,
    );
    expect(created).toMatchObject({ name: "Out", status: "active", secret: "s3cret", filter: `roomId=${roomId("designTeam")}` });
    expect((await expectOk(await api(h, riley, "/v1/webhooks"), platformWebhookListSchema)).items).toHaveLength(1);
    expect((await expectOk(await api(h, ada, "/v1/webhooks"), platformWebhookListSchema)).items).toHaveLength(0);
    await expectError(await api(h, ada, `/v1/webhooks/${created.id}`), 404);
    const updated = await expectOk(await api(h, riley, `/v1/webhooks/${created.id}`, { method: "PUT", body: { name: "Renamed", targetUrl: "https://example.com/2", status: "inactive" } }), platformWebhookSchema);
    expect(updated).toMatchObject({ name: "Renamed", targetUrl: "https://example.com/2", status: "inactive", secret: "s3cret" });
    expect((await expectOk(await api(h, riley, `/v1/webhooks/${created.id}`), platformWebhookSchema)).name).toBe("Renamed");
    expect((await api(h, riley, `/v1/webhooks/${created.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, riley, `/v1/webhooks/${created.id}`), 404);
    await expectError(await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "x", targetUrl: "ftp://x", resource: "messages", event: "created" } }), 400);
    await expectError(await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "x", targetUrl: "https://x.example", resource: "messages", event: "created", filter: "colour=red" } }), 400);
  });

  it("delivers messages/created events, signed with HMAC-SHA1 of the raw body, per filter", async () => {
    const target = await startTarget();
    try {
      const signed = await expectOk(
        await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Signed", targetUrl: target.url, resource: "messages", event: "created", filter: `roomId=${roomId("designTeam")}`, secret: "topsecret" } }),
        platformWebhookSchema,
      );
      await expectOk(
        await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Mentions", targetUrl: target.url, resource: "all", event: "all", filter: "mentionedPeople=me" } }),
        platformWebhookSchema,
      );
      // Another room: neither filter matches.
      await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("marketingLaunch"), text: "ignored" } });
      const posted = await expectOk(
        await api(h, ada, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: `<@personId:${encodeId("PEOPLE", USERS.riley.uuid)}|Riley> look` } }),
        messageSchema,
      );
      const deliveries = await target.waitFor(2);
      expect(deliveries).toHaveLength(2);
      const events = deliveries.map((d) => ({ d, event: webhookEventSchema.parse(JSON.parse(d.body)) }));
      for (const { event } of events) {
        expect(event).toMatchObject({ resource: "messages", event: "created", actorId: encodeId("PEOPLE", USERS.ada.uuid) });
        expect(event.data).toMatchObject({ id: posted.id, roomId: roomId("designTeam"), roomType: "group", personEmail: USERS.ada.email, mentionedPeople: [encodeId("PEOPLE", USERS.riley.uuid)] });
        expect(event).not.toHaveProperty("secret");
      }
      const bySigned = events.find((e) => e.event.id === signed.id)!;
      expect(bySigned.d.headers["x-spark-signature"]).toBe(createHmac("sha1", "topsecret").update(bySigned.d.body).digest("hex"));
      expect(bySigned.event.filter).toBe(`roomId=${roomId("designTeam")}`);
      const byMention = events.find((e) => e.event.id !== signed.id)!;
      expect(byMention.d.headers["x-spark-signature"]).toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(target.deliveries).toHaveLength(2);
    } finally {
      await target.close();
    }
  });

  it("a failing target is only logged", async () => {
    await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Dead", targetUrl: "http://127.0.0.1:9/none", resource: "messages", event: "created" } });
    expect((await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "still fine" } })).status).toBe(200);
    // Let the (logged) failed delivery finish inside this test.
    await new Promise((r) => setTimeout(r, 300));
  });
});

describe("authorizations", () => {
  it("lists the caller's grants with scopes: three catalogue integrations, Legacy Sync and the hub", async () => {
    const { items } = await expectOk(await api(h, riley, "/v1/authorizations"), authorizationListSchema);
    const expected = seededGrants(h.reference.applications).filter((g) => g.user === "riley");
    expect(expected).toHaveLength(4);
    for (const grant of expected) {
      const item = items.find((a) => a.clientId === grant.clientId)!;
      expect(item).toMatchObject({ applicationName: grant.name, scopes: grant.scopes, personId: encodeId("PEOPLE", USERS.riley.uuid), applicationId: encodeId("APPLICATION", grant.clientId) });
    }
    expect(items.filter((a) => a.scopes?.includes("spark:all"))).toHaveLength(1);
    expect(items.map((a) => a.applicationName)).toContain("App Hub");
    expect(items.map((a) => a.applicationName)).toContain(LEGACY_SYNC.name);
  });

  it("an org admin may list a member's grants; others get 403", async () => {
    const rileyId = encodeId("PEOPLE", USERS.riley.uuid);
    expect((await expectOk(await api(h, ada, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema)).items.length).toBeGreaterThanOrEqual(4);
    await expectError(await api(h, max, `/v1/authorizations?personId=${rileyId}`), 403);
    await expectError(await api(h, riley, `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.ada.uuid)}`), 403);
  });

  it("DELETE by id and by clientId → 204, then gone; unknown → 404", async () => {
    const { items } = await expectOk(await api(h, riley, "/v1/authorizations"), authorizationListSchema);
    const legacy = items.find((a) => a.clientId === LEGACY_SYNC.clientId)!;
    expect((await api(h, riley, `/v1/authorizations/${legacy.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, riley, `/v1/authorizations/${legacy.id}`, { method: "DELETE" }), 404);
    const other = items.find((a) => a.scopes?.includes("spark:all"))!;
    expect((await api(h, riley, `/v1/authorizations?clientId=${other.clientId}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, riley, `/v1/authorizations?clientId=${other.clientId}`, { method: "DELETE" }), 404);
    const after = await expectOk(await api(h, riley, "/v1/authorizations"), authorizationListSchema);
    expect(after.items.map((a) => a.clientId)).not.toContain(other.clientId);
    expect(after.items.map((a) => a.clientId)).not.toContain(LEGACY_SYNC.clientId);
    // Another person's grant is not the caller's to delete.
    const adaGrant = (await expectOk(await api(h, ada, "/v1/authorizations"), authorizationListSchema)).items[0]!;
    await expectError(await api(h, riley, `/v1/authorizations/${adaGrant.id}`, { method: "DELETE" }), 403);
  });
});

describe("faults, tracking ids and controls", () => {
  it("echoes the trackingid header, or generates one", async () => {
    const res = await h.fetch("/v1/people/me", { headers: { trackingid: "session_42" } });
    expect(res.headers.get("TrackingID")).toBe("session_42");
    expect((await expectError(res, 401)).trackingId).toBe("session_42");
    const ok = await api(h, riley, "/v1/people/me");
    expect(ok.headers.get("TrackingID")).toMatch(/^EMULATOR_/);
  });

  it("a status fault answers once, then the endpoint works again", async () => {
    await h.fault({ path: "/v1/people/me", kind: "status", status: 500 });
    await expectError(await api(h, riley, "/v1/people/me"), 500);
    expect((await api(h, riley, "/v1/people/me")).status).toBe(200);
  });

  it("429 with Retry-After, for a method only, a given number of times", async () => {
    await h.fault({ method: "post", path: "/v1/messages", kind: "status", status: 429, retryAfter: 7, times: 2 });
    expect((await api(h, riley, `/v1/messages?roomId=${roomId("designTeam")}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x" } });
      expect(res.headers.get("Retry-After")).toBe("7");
      await expectError(res, 429);
    }
    expect((await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x" } })).status).toBe(200);
  });

  it("slow faults delay, -1 lasts until cleared", async () => {
    await h.fault({ path: "/v1/rooms", kind: "slow", delayMs: 600 });
    const started = Date.now();
    expect((await api(h, riley, "/v1/rooms")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    await h.fault({ path: "/v1/", kind: "status", status: 503, times: -1 });
    await expectError(await api(h, riley, "/v1/rooms"), 503);
    await expectError(await api(h, riley, "/v1/people/me"), 503);
    await h.clearFaults();
    expect((await api(h, riley, "/v1/people/me")).status).toBe(200);
    await expectError(await h.fetch("/_emulator/faults", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "/v1", kind: "status" }) }), 400);
  });

  it("reset restores the demo seed; state counts", async () => {
    await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "temporary" } });
    const before = (await (await h.fetch("/_emulator/state")).json()) as { counts: Record<string, number> };
    await h.reset();
    const after = (await (await h.fetch("/_emulator/state")).json()) as { counts: Record<string, number> };
    expect(after.counts.messages).toBe(before.counts.messages! - 1);
    // Every person's token is gone; only the seeded bot tokens (long-lived, as upstream) remain.
    const personTokens = await h.db.prepare("SELECT COUNT(*) AS n FROM tokens t JOIN people p ON p.uuid = t.person_uuid WHERE p.type = 'person'").first<{ n: number }>();
    expect(personTokens!.n).toBe(0);
    expect(after.counts.people).toBe(before.counts.people);
    expect(after.counts.applications).toBe(before.counts.applications);
    await expectError(await api(h, riley, "/v1/people/me"), 401);
    const peek = await expectOk(await h.fetch(`/_emulator/messages?title=${encodeURIComponent("Design Team")}`), messageListSchema);
    expect(peek.items.map((m) => m.text)).not.toContain("temporary");
  });
});

describe("controls switched off", () => {
  it("EMULATOR_CONTROLS other than true → /_emulator/* is 404", async () => {
    const off = await startPlatform({ vars: { EMULATOR_CONTROLS: "false" } });
    try {
      await expectError(await off.fetch("/_emulator/state"), 404);
      await expectError(await off.fetch("/_emulator/reset", { method: "POST" }), 404);
    } finally {
      await off.dispose();
    }
  });
});
