// Adding a catalogue bot to a space and messaging it directly, against the emulator's real rules,
// with the spec's texts (§8) for every outcome.
import { describe, expect, it } from "vitest";
import { encodeId } from "../../workers/platform/ids.ts";
import { globexDisabledBotEmails, presentBotEmail, ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
const bots = () => world.app.catalogue.apps.filter((a) => a.type === "bot" && a.botEmail && a.status === "published");
const botByEmail = (email: string) => bots().find((b) => b.botEmail!.toLowerCase() === email)!;
/** A bot nobody has added anywhere and no organisation disables. */
const freeBot = () => {
  const disabled = new Set(globexDisabledBotEmails(bots().map((b) => b.botEmail!)));
  const present = presentBotEmail(bots().map((b) => b.botEmail!));
  return bots().find((b) => !disabled.has(b.botEmail!.toLowerCase()) && b.botEmail!.toLowerCase() !== present)!;
};

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

function post(jar: Jar, path: string, body: unknown) {
  return visit(world, jar, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://127.0.0.1:8787", "X-CSRF-Token": jar.get("csrf-token")! },
    body: JSON.stringify(body),
  });
}

describe("/api/rooms", () => {
  it("lists the person's group spaces, most recently active first", async () => {
    const jar = await as(USERS.riley.email);
    const { items } = (await (await visit(world, jar, "/api/rooms")).json()) as { items: { title: string; lastActivity: string }[] };
    expect(items.length).toBeGreaterThan(3);
    expect(items.map((r) => r.title)).not.toContain(null);
    const times = items.map((r) => r.lastActivity);
    expect([...times].sort().reverse()).toEqual(times);
    expect(items[0]!.title).toBe(ROOMS.marketingLaunch.title);
  });

  it("offers only group spaces for 'Add to a space' (the platform refuses memberships of a direct space)", async () => {
    const jar = await as(USERS.riley.email);
    const { items } = (await (await visit(world, jar, "/api/rooms")).json()) as { items: { id: string }[] };
    expect(items.map((r) => r.id)).not.toContain(room("directRileyAda"));
    const bot = freeBot();
    const page = await (await visit(world, jar, `/applications/${bot.friendlyId ?? bot.id}?add=group-space`)).text();
    expect(page).toContain(ROOMS.marketingLaunch.title);
    expect(parse(page).all(`[value="${room("directRileyAda")}"]`)).toEqual([]);
  });
});

describe("/api/create-membership", () => {
  it("adds the bot and says so; a second time it is already there (409)", async () => {
    const jar = await as(USERS.riley.email);
    const bot = freeBot();
    const first = await post(jar, "/api/create-membership", { roomId: room("marketingLaunch"), appId: bot.friendlyId ?? bot.id });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ membershipCreated: true, message: `${bot.name} was added successfully to the Marketing Launch space` });
    const again = await post(jar, "/api/create-membership", { roomId: room("marketingLaunch"), appId: bot.friendlyId ?? bot.id });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      title: `${bot.name} is already in the Marketing Launch space`,
      message: "That app is already in that space. Try choosing another one.",
    });
  });

  it("explains a locked space (403)", async () => {
    const jar = await as(USERS.riley.email);
    const res = await post(jar, "/api/create-membership", { roomId: room("companyAnnouncements"), personEmail: freeBot().botEmail });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "This space is locked. Let the moderator(s) know you'd like to add this app." });
  });

  it("explains a space restricted by its organisation (400)", async () => {
    const jar = await as(USERS.riley.email);
    const res = await post(jar, "/api/create-membership", { roomId: room("partnerBridge"), personEmail: freeBot().botEmail });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Room/Membership cannot be created due to restrictions set by the owing organization" });
  });

  it("explains an app the organisation has powered down (403)", async () => {
    const jar = await as(USERS.max.email);
    const disabled = botByEmail(globexDisabledBotEmails(bots().map((b) => b.botEmail!))[0]!);
    const res = await post(jar, "/api/create-membership", { roomId: room("globexResearch"), appId: disabled.friendlyId ?? disabled.id });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      title: `Oh, shoot. It looks like your organization has ${disabled.name} powered down.`,
      message: "Talk to your IT Admin for more information",
    });
  });

  it("refuses a body without a room, an unknown app, and a post without the CSRF header", async () => {
    const jar = await as(USERS.riley.email);
    expect((await post(jar, "/api/create-membership", { appId: freeBot().id })).status).toBe(400);
    expect((await post(jar, "/api/create-membership", { roomId: room("marketingLaunch"), appId: "no-such-app" })).status).toBe(404);
    const forged = await visit(world, jar, "/api/create-membership", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://127.0.0.1:8787" },
      body: JSON.stringify({ roomId: room("marketingLaunch"), appId: freeBot().id }),
    });
    expect(forged.status).toBe(403);
  });

  it("says 'Unknown error' when the platform fails", async () => {
    const jar = await as(USERS.riley.email);
    await world.platform.fault({ path: "/v1/memberships", kind: "status", status: 500 });
    const res = await post(jar, "/api/create-membership", { roomId: room("marketingLaunch"), appId: freeBot().id });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: "Unknown error. Please try again later" });
  });
});

describe("/api/send-direct-message", () => {
  // The hub sends the person's greeting; whether the bot answers is the bot's own code (the
  // platform, and the strict emulator, greet nobody), so nothing here waits for a reply.
  it("sends the bot the person's greeting and says it will say hello", async () => {
    const jar = await as(USERS.riley.email);
    const bot = freeBot();
    const res = await post(jar, "/api/send-direct-message", { appId: bot.friendlyId ?? bot.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: `${bot.name} will say hello any second!` });
  });

  it("explains a bot the organisation has powered down", async () => {
    const jar = await as(USERS.max.email);
    const disabled = botByEmail(globexDisabledBotEmails(bots().map((b) => b.botEmail!))[0]!);
    const res = await post(jar, "/api/send-direct-message", { toPersonEmail: disabled.botEmail });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ title: `Oh, shoot. It looks like your organization has ${disabled.name} powered down.` });
  });
});
