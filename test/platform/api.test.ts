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
import { HUB_CLIENT_ID, LEGACY_SYNC, ROOMS, USERS, globexDisabledBotEmails, presentBotEmail, seededGrants } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { ALL_PERSON_SCOPES, TOKENS_SCOPES, api, control, expectError, expectOk, login, loginWith, startTarget } from "./helpers.ts";

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
  // Every person scope: these are contract tests of the calls, not of the hub's own token (scopes.test.ts).
  riley = (await loginWith(h, USERS.riley.email, { scope: ALL_PERSON_SCOPES })).access_token;
  ada = (await loginWith(h, USERS.ada.email, { scope: ALL_PERSON_SCOPES })).access_token;
  max = (await loginWith(h, USERS.max.email, { scope: ALL_PERSON_SCOPES })).access_token;
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
    const bot = await expectOk(await api(h, riley, `/v1/people/${encodeId("PEOPLE", await botId(presentBot))}`), personSchema);
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

  it("400: nobody can be added to a direct space", async () => {
    const direct = await expectError(await add(riley, "directRileyAda", { personEmail: freeBot.email }), 400);
    expect(direct.message).toBe("Adding people to a direct space is not allowed.");
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

  it("a DM to a bot creates the direct space; the bot does not answer by itself (no magic greeting)", async () => {
    const posted = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { toPersonEmail: freeBot.email, text: "hi" } }), messageSchema);
    expect(posted).toMatchObject({ roomType: "direct", toPersonEmail: freeBot.email });
    const { items } = await expectOk(await h.fetch(`/_emulator/messages?roomId=${posted.roomId}`), messageListSchema);
    expect(items.map((m) => m.personEmail)).toEqual([USERS.riley.email]);
    // The same direct space is reused.
    const again = await expectOk(
      await api(h, riley, "/v1/messages", { method: "POST", body: { toPersonId: encodeId("PEOPLE", await botId(freeBot.email)), text: "again" } }),
      messageSchema,
    );
    expect(again.roomId).toBe(posted.roomId);
    const room = await expectOk(await api(h, riley, `/v1/rooms/${posted.roomId}`), roomSchema);
    expect(room).toMatchObject({ type: "direct", title: freeBot.name });
  });

  it("403: a DM to a bot the caller's organisation disables", async () => {
    const body = await expectError(await api(h, max, "/v1/messages", { method: "POST", body: { toPersonEmail: globexDisabledBotEmails(botEmails)[1], text: "hi" } }), 403);
    expect(body.message).toBe("The organization's policy does not allow this bot.");
  });

  it("400 naming the field for anything POST /v1/messages does not know (e.g. senderDisplayName), bots included", async () => {
    const named = await expectError(
      await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x", senderDisplayName: "Deploy bot" } }),
      400,
    );
    expect(named.message).toContain("senderDisplayName");
    const bot = "dev-only-incoming-webhooks-bot-token";
    await api(h, riley, "/v1/memberships", { method: "POST", body: { roomId: roomId("designTeam"), personEmail: "incoming-webhooks@lumen.bot" } });
    expect(
      (await expectError(await api(h, bot, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: "x", senderDisplayName: "CI" } }), 400)).message,
    ).toContain("senderDisplayName");
    expect((await expectError(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x", colour: "red" } }), 400)).message).toContain(
      "colour",
    );
    const ok = await expectOk(await api(h, bot, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: "**CI**: build green" } }), messageSchema);
    expect(ok).not.toHaveProperty("senderDisplayName");
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

  it("mentions only from markup: <@personEmail:…>, <@personId:…|Name>; plain @Bot Name is no mention", async () => {
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
    const plain = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("botPlayground"), text: `@${botName} help` } }), messageSchema);
    expect(plain.mentionedPeople).toBeUndefined();
    const plainMarkdown = await expectOk(
      await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("botPlayground"), markdown: `@${botName} help` } }),
      messageSchema,
    );
    expect(plainMarkdown.mentionedPeople).toBeUndefined();
    const none = await expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("botPlayground"), text: `hey @${botName}` } }), messageSchema);
    expect(none.mentionedPeople).toBeUndefined();
    const adaMentions = await expectOk(await api(h, ada, `/v1/messages?roomId=${roomId("botPlayground")}&mentionedPeople=me`), messageListSchema);
    expect(adaMentions.items.map((m) => m.id)).toEqual([tagged.id]);
  });
});

describe("platform webhooks", () => {
  it("CRUD, owned by the token's person", async () => {
    const created = await expectOk(
      await api(h, riley, "/v1/webhooks", {
        method: "POST",
        body: { name: "Out", targetUrl: "https://example.com/hook", resource: "messages", event: "created", filter: `roomId=${roomId("designTeam")}`, secret: "s3cret" },
      }),
      platformWebhookSchema,
    );
    expect(created).toMatchObject({ name: "Out", status: "active", secret: "s3cret", filter: `roomId=${roomId("designTeam")}` });
    expect((await expectOk(await api(h, riley, "/v1/webhooks"), platformWebhookListSchema)).items).toHaveLength(1);
    expect((await expectOk(await api(h, ada, "/v1/webhooks"), platformWebhookListSchema)).items).toHaveLength(0);
    await expectError(await api(h, ada, `/v1/webhooks/${created.id}`), 404);
    const updated = await expectOk(
      await api(h, riley, `/v1/webhooks/${created.id}`, { method: "PUT", body: { name: "Renamed", targetUrl: "https://example.com/2", status: "active" } }),
      platformWebhookSchema,
    );
    expect(updated).toMatchObject({ name: "Renamed", targetUrl: "https://example.com/2", status: "active", secret: "s3cret" });
    // Only the platform sets a webhook inactive.
    const inactive = await expectError(
      await api(h, riley, `/v1/webhooks/${created.id}`, { method: "PUT", body: { name: "Renamed", targetUrl: "https://example.com/2", status: "inactive" } }),
      400,
    );
    expect(inactive.message).toContain("status");
    expect((await expectOk(await api(h, riley, `/v1/webhooks/${created.id}`), platformWebhookSchema)).name).toBe("Renamed");
    expect((await api(h, riley, `/v1/webhooks/${created.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, riley, `/v1/webhooks/${created.id}`), 404);
    await expectError(await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "x", targetUrl: "ftp://x", resource: "messages", event: "created" } }), 400);
    await expectError(
      await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "x", targetUrl: "https://x.example", resource: "messages", event: "created", filter: "colour=red" } }),
      400,
    );
  });

  it("migrates a space to a new id (issue 27): members, messages and roomId filters follow, and rooms/migrated webhooks hear of it", async () => {
    const target = await startTarget();
    try {
      const oldId = roomId("designTeam");
      const hook = (body: Record<string, unknown>) => api(h, riley, "/v1/webhooks", { method: "POST", body: { targetUrl: target.url, secret: "roomsecret", ...body } });
      await expectOk(await hook({ name: "Moves", resource: "rooms", event: "migrated" }), platformWebhookSchema);
      const mentions = await expectOk(await hook({ name: "Messages", resource: "messages", event: "created", filter: `roomId=${oldId}` }), platformWebhookSchema);
      // Max's webhook for another space's moves hears nothing of this one.
      await expectOk(
        await api(h, max, "/v1/webhooks", {
          method: "POST",
          body: { name: "Elsewhere", targetUrl: target.url, resource: "rooms", event: "migrated", filter: `roomId=${roomId("globexResearch")}` },
        }),
        platformWebhookSchema,
      );
      await expectError(await control(h, "/_emulator/rooms/migrate", { roomId: encodeId("ROOM", crypto.randomUUID()) }), 404);

      const res = await control(h, "/_emulator/rooms/migrate", { roomId: oldId });
      expect(res.status).toBe(200);
      const moved = (await res.json()) as { id: string; previousRoomId: string; delivered: number };
      expect(moved).toMatchObject({ previousRoomId: oldId, delivered: 1 });
      expect(moved.id).not.toBe(oldId);
      const [delivery] = target.deliveries;
      expect(target.deliveries).toHaveLength(1);
      expect(delivery!.headers["x-spark-signature"]).toBe(createHmac("sha1", "roomsecret").update(delivery!.body).digest("hex"));
      const event = webhookEventSchema.parse(JSON.parse(delivery!.body));
      expect(event).toMatchObject({ name: "Moves", resource: "rooms", event: "migrated", data: { id: moved.id, previousRoomId: oldId, title: "Design Team", type: "group" } });
      expect(event).not.toHaveProperty("created");

      // The old id is gone; the space, its members and its messages answer under the new one.
      await expectError(await api(h, riley, `/v1/rooms/${oldId}`), 404);
      expect((await api(h, riley, `/v1/rooms/${moved.id}`)).status).toBe(200);
      const members = (await (await api(h, riley, `/v1/memberships?roomId=${moved.id}`)).json()) as { items: unknown[] };
      expect(members.items).toHaveLength(ROOMS.designTeam.members.length);
      const messages = (await (await api(h, riley, `/v1/messages?roomId=${moved.id}`)).json()) as { items: unknown[] };
      expect(messages.items.length).toBeGreaterThan(0);
      expect((await expectOk(await api(h, riley, `/v1/webhooks/${mentions.id}`), platformWebhookSchema)).filter).toBe(`roomId=${moved.id}`);
    } finally {
      await target.close();
    }
  });

  it("delivers messages/created events, signed with HMAC-SHA1 of the raw body, per filter", async () => {
    const target = await startTarget();
    try {
      const signed = await expectOk(
        await api(h, riley, "/v1/webhooks", {
          method: "POST",
          body: { name: "Signed", targetUrl: target.url, resource: "messages", event: "created", filter: `roomId=${roomId("designTeam")}`, secret: "topsecret" },
        }),
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
        expect(event.data).toMatchObject({ id: posted.id, roomId: roomId("designTeam"), roomType: "group", personEmail: USERS.ada.email });
        // As upstream may, deliveries omit mentionedPeople: the receiver reads the message.
        expect(event.data).not.toHaveProperty("mentionedPeople");
        expect(event).not.toHaveProperty("secret");
      }
      // The documented envelope, no more: no top-level created or targetUrl (issue 27).
      for (const { d } of events) expect(Object.keys(JSON.parse(d.body)).sort()).toEqual(expect.not.arrayContaining(["created", "targetUrl", "secret"]));
      const bySigned = events.find((e) => e.event.id === signed.id)!;
      expect(bySigned.d.headers["x-spark-signature"]).toBe(createHmac("sha1", "topsecret").update(bySigned.d.body).digest("hex"));
      expect(bySigned.event.filter).toBe(`roomId=${roomId("designTeam")}`);
      const byMention = events.find((e) => e.event.id !== signed.id)!;
      expect(byMention.d.headers["x-spark-signature"]).toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(target.deliveries).toHaveLength(2);
      const read = await expectOk(await api(h, riley, `/v1/messages/${posted.id}`), messageSchema);
      expect(read.mentionedPeople).toEqual([encodeId("PEOPLE", USERS.riley.uuid)]);
    } finally {
      await target.close();
    }
  });

  const webhookStatus = async (token: string, id: string) => (await expectOk(await api(h, token, `/v1/webhooks/${id}`), platformWebhookSchema)).status;
  const until = async (check: () => Promise<boolean>, ms = 5000) => {
    const end = Date.now() + ms;
    while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  };

  const failures = async () => (await h.db.prepare("SELECT failures FROM webhooks").first<{ failures: number }>())!.failures;
  const failingHook = async (url: string) =>
    expectOk(
      await api(h, riley, "/v1/webhooks", {
        method: "POST",
        body: { name: "Flaky", targetUrl: url, resource: "messages", event: "created", filter: `roomId=${roomId("designTeam")}` },
      }),
      platformWebhookSchema,
    );
  const post = (text: string) => api(h, ada, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text } });

  it("as the platform: 100 failed deliveries within 5 minutes → inactive (5 in a row are not enough); nothing more arrives", async () => {
    const failing = await startTarget(500);
    try {
      const hook = await failingHook(failing.url);
      for (let i = 1; i <= 5; i++) {
        expect((await post(`m${i}`)).status).toBe(200);
        await failing.waitFor(i);
      }
      await until(async () => (await failures()) === 5);
      expect(await webhookStatus(riley, hook.id)).toBe("active");
      // 98 failures so far in this window: two more make 100.
      await h.db.prepare("UPDATE webhooks SET failures = 98").run();
      await post("m99");
      await failing.waitFor(6);
      await until(async () => (await failures()) === 99);
      expect(await webhookStatus(riley, hook.id)).toBe("active");
      await post("m100");
      await until(async () => (await webhookStatus(riley, hook.id)) === "inactive");
      expect(await webhookStatus(riley, hook.id)).toBe("inactive");
      await post("after");
      await new Promise((r) => setTimeout(r, 200));
      expect(failing.deliveries).toHaveLength(7);
    } finally {
      await failing.close();
    }
  });

  it("failures older than the 5-minute window start a new count; a success does not reset it", async () => {
    const failing = await startTarget(500);
    try {
      const hook = await failingHook(failing.url);
      await h.db
        .prepare("UPDATE webhooks SET failures = 99, failure_window_start = ?")
        .bind(Date.now() - 301_000)
        .run();
      await post("late");
      await failing.waitFor(1);
      await until(async () => (await failures()) === 1);
      expect(await webhookStatus(riley, hook.id)).toBe("active");
    } finally {
      await failing.close();
    }
    const fine = await startTarget();
    try {
      await h.db.prepare("DELETE FROM webhooks").run();
      await failingHook(fine.url);
      await h.db.prepare("UPDATE webhooks SET failures = 4, failure_window_start = ?").bind(Date.now()).run();
      await post("ok");
      await fine.waitFor(1);
      await new Promise((r) => setTimeout(r, 100));
      expect(await failures()).toBe(4);
    } finally {
      await fine.close();
    }
  });

  it("revived within 5 minutes of being disabled, a webhook is disabled again by its next failure; revived later, it counts afresh", async () => {
    const failing = await startTarget(500);
    try {
      const hook = await failingHook(failing.url);
      await control(h, "/_emulator/webhooks/deactivate", { id: hook.id });
      const revive = () => api(h, riley, `/v1/webhooks/${hook.id}`, { method: "PUT", body: { name: "Flaky", targetUrl: failing.url, status: "active" } });
      expect((await expectOk(await revive(), platformWebhookSchema)).status).toBe("active");
      await post("one failure");
      await failing.waitFor(1);
      await until(async () => (await webhookStatus(riley, hook.id)) === "inactive");
      expect(await webhookStatus(riley, hook.id)).toBe("inactive");

      // Disabled more than 5 minutes ago: revived, one failure is one failure again.
      await h.db
        .prepare("UPDATE webhooks SET disabled_at = ?")
        .bind(Date.now() - 301_000)
        .run();
      await expectOk(await revive(), platformWebhookSchema);
      await post("another");
      await failing.waitFor(2);
      await until(async () => (await failures()) === 1);
      expect(await webhookStatus(riley, hook.id)).toBe("active");
    } finally {
      await failing.close();
    }
  });

  it("a successful delivery ends the probation of a quickly revived webhook", async () => {
    const target = await startTarget();
    try {
      const hook = await failingHook(target.url);
      await control(h, "/_emulator/webhooks/deactivate", { id: hook.id });
      await expectOk(await api(h, riley, `/v1/webhooks/${hook.id}`, { method: "PUT", body: { name: "Flaky", targetUrl: target.url, status: "active" } }), platformWebhookSchema);
      const probation = async () => (await h.db.prepare("SELECT on_probation FROM webhooks").first<{ on_probation: number }>())!.on_probation;
      expect(await probation()).toBe(1);
      await post("fine");
      await target.waitFor(1);
      await until(async () => (await probation()) === 0);
      expect(await probation()).toBe(0);
    } finally {
      await target.close();
    }
  });

  it("POST /_emulator/webhooks/deactivate turns a webhook inactive at once", async () => {
    const target = await startTarget();
    try {
      const hook = await expectOk(
        await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Fine", targetUrl: target.url, resource: "messages", event: "created" } }),
        platformWebhookSchema,
      );
      const off = await control(h, "/_emulator/webhooks/deactivate", { id: hook.id });
      expect((await expectOk(off, platformWebhookSchema)).status).toBe("inactive");
      await api(h, ada, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "not delivered" } });
      await new Promise((r) => setTimeout(r, 200));
      expect(target.deliveries).toHaveLength(0);
      await expectError(await control(h, "/_emulator/webhooks/deactivate", { id: encodeId("WEBHOOK", "nope") }), 404);
    } finally {
      await target.close();
    }
  });

  it("WEBHOOK_FAILURE_LIMIT is a var", async () => {
    const strict = await startPlatform({ vars: { WEBHOOK_FAILURE_LIMIT: "1" } });
    try {
      const token = (await loginWith(strict, USERS.riley.email, { scope: ALL_PERSON_SCOPES })).access_token;
      const hook = await expectOk(
        await api(strict, token, "/v1/webhooks", { method: "POST", body: { name: "Dead", targetUrl: "http://127.0.0.1:9/none", resource: "messages", event: "created" } }),
        platformWebhookSchema,
      );
      await api(strict, token, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "x" } });
      const status = async () => (await expectOk(await api(strict, token, `/v1/webhooks/${hook.id}`), platformWebhookSchema)).status;
      const end = Date.now() + 5000;
      while ((await status()) !== "inactive" && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      expect(await status()).toBe("inactive");
    } finally {
      await strict.dispose();
    }
  });

  it("a failing target is only logged", async () => {
    await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "Dead", targetUrl: "http://127.0.0.1:9/none", resource: "messages", event: "created" } });
    expect((await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), text: "still fine" } })).status).toBe(200);
    // Let the (logged) failed delivery finish inside this test.
    await new Promise((r) => setTimeout(r, 300));
  });
});

describe("authorizations (an admin API)", () => {
  const rileyId = encodeId("PEOPLE", USERS.riley.uuid);
  let adaAdmin: string;
  beforeEach(async () => {
    adaAdmin = (await loginWith(h, USERS.ada.email, { scope: TOKENS_SCOPES })).access_token;
  });

  it("an org admin with identity:tokens_read lists a member's grants: no scopes, with orgId", async () => {
    const { items } = await expectOk(await api(h, adaAdmin, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema);
    const expected = seededGrants(h.reference.applications).filter((g) => g.user === "riley");
    expect(expected).toHaveLength(4);
    for (const grant of expected) {
      const item = items.find((a) => a.clientId === grant.clientId)!;
      expect(item).toMatchObject({
        applicationName: grant.name,
        personId: rileyId,
        orgId: encodeId("ORGANIZATION", "8fad74f2-bc0d-4e10-bf5e-3382d45fa722"),
        applicationId: encodeId("APPLICATION", grant.clientId),
        type: "refresh",
      });
    }
    for (const raw of ((await (await api(h, adaAdmin, `/v1/authorizations?personId=${rileyId}`)).json()) as { items: object[] }).items) expect(raw).not.toHaveProperty("scopes");
    // Riley's hub login (beforeEach) exchanged a code: that grant exists too.
    expect(items.map((a) => a.clientId)).toContain(HUB_CLIENT_ID);
    expect((await expectOk(await api(h, adaAdmin, `/v1/authorizations?personEmail=${encodeURIComponent(USERS.riley.email)}`), authorizationListSchema)).items).toHaveLength(
      items.length,
    );
  });

  it("403 for a regular person (even with the scopes), an admin of another org, or a token without identity:tokens_read", async () => {
    const rileyTokens = (await loginWith(h, USERS.riley.email, { scope: TOKENS_SCOPES })).access_token;
    expect((await expectError(await api(h, rileyTokens, `/v1/authorizations?personId=${rileyId}`), 403)).message).toContain("administrator");
    await expectError(await api(h, riley, `/v1/authorizations?personId=${rileyId}`), 403);
    expect((await expectError(await api(h, ada, `/v1/authorizations?personId=${rileyId}`), 403)).message).toContain("identity:tokens_read");
    await expectError(await api(h, adaAdmin, `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.max.uuid)}`), 403);
    await expectError(await api(h, max, `/v1/authorizations?personId=${rileyId}`), 403);
  });

  it("first-party exception: the person's own grants only, read with tokens_read and deleted one by one with tokens_write", async () => {
    const own = (await loginWith(h, USERS.riley.email, { scope: TOKENS_SCOPES, firstParty: true })).access_token;
    const { items } = await expectOk(await api(h, own, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema);
    const legacy = items.find((a) => a.clientId === LEGACY_SYNC.clientId)!;
    expect((await api(h, own, `/v1/authorizations/${legacy.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, own, `/v1/authorizations/${legacy.id}`, { method: "DELETE" }), 404);
    // Never someone else's, never org-wide.
    await expectError(await api(h, own, `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.sam.uuid)}`), 403);
    const adaGrant = (await expectOk(await api(h, adaAdmin, `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.ada.uuid)}`), authorizationListSchema)).items[0]!;
    await expectError(await api(h, own, `/v1/authorizations/${adaGrant.id}`, { method: "DELETE" }), 403);
    await expectError(await api(h, own, `/v1/authorizations?clientId=${LEGACY_SYNC.clientId}`, { method: "DELETE" }), 403);
    // Without identity:tokens_write it may read but not delete.
    const readOnly = (await loginWith(h, USERS.riley.email, { scope: "spark:people_read identity:tokens_read", firstParty: true })).access_token;
    const next = (await expectOk(await api(h, readOnly, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema)).items[0]!;
    expect((await expectError(await api(h, readOnly, `/v1/authorizations/${next.id}`, { method: "DELETE" }), 403)).message).toContain("identity:tokens_write");
  });

  it("an admin deletes one grant by id", async () => {
    const { items } = await expectOk(await api(h, adaAdmin, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema);
    const legacy = items.find((a) => a.clientId === LEGACY_SYNC.clientId)!;
    expect((await api(h, adaAdmin, `/v1/authorizations/${legacy.id}`, { method: "DELETE" })).status).toBe(204);
    const after = await expectOk(await api(h, adaAdmin, `/v1/authorizations?personId=${rileyId}`), authorizationListSchema);
    expect(after.items.map((a) => a.clientId)).not.toContain(LEGACY_SYNC.clientId);
    expect(after.items).toHaveLength(items.length - 1);
  });

  it("DELETE ?clientId revokes that client for EVERY person of the org (the danger), admin + tokens_write only", async () => {
    // Sam, Riley and Ada (all Acme) and Max (Globex) use the hub: the harness logged them in.
    const sam = (await login(h, USERS.sam.email)).access_token;
    await expectError(await api(h, riley, `/v1/authorizations?clientId=${HUB_CLIENT_ID}`, { method: "DELETE" }), 403);
    await expectError(
      await api(h, adaAdmin, `/v1/authorizations?clientId=${HUB_CLIENT_ID}&orgId=${encodeId("ORGANIZATION", "e54031eb-ffb7-42df-a838-f2311d3519a7")}`, { method: "DELETE" }),
      403,
    );
    expect((await api(h, adaAdmin, `/v1/authorizations?clientId=${HUB_CLIENT_ID}`, { method: "DELETE" })).status).toBe(204);
    for (const token of [riley, sam, ada, adaAdmin]) await expectError(await api(h, token, "/v1/people/me"), 401);
    // Another organisation is untouched.
    expect((await api(h, max, "/v1/people/me")).status).toBe(200);
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
    await expectError(
      await h.fetch("/_emulator/faults", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "/v1", kind: "status" }) }),
      400,
    );
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
