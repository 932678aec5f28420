// Issue 27 item 9 (docs/decisions/033): the platform moves a space to another geography and its
// room id changes (rooms/migrated). The hub's bots hear of it through their rooms/migrated platform
// webhooks, and ONE function moves the id everywhere the hub keeps it: an incoming webhook still
// posts into the moved space, an outgoing webhook still forwards mentions from it (its platform
// webhook registered again under the new roomId filter), and a follow's updates still reach it. A
// repeated event changes nothing.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { decodeId } from "../../workers/platform/ids.ts";
import { api } from "../platform/helpers.ts";
import { announce, clearFollows, eventually, follow, followableApp, updatesBotMessages, versionUpdate } from "./followers-helpers.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";
import { startWorld, useWorld } from "./login.ts";
import { MENTION, asPostedBy, helpers, room, startReceiver } from "./webhook-helpers.ts";

const world = useWorld(
  () => startWorld({ WEBHOOK_RETRY_BASE_SECONDS: "0", WEBHOOK_DELIVERY_TIMEOUT_MS: "1000", UPDATES_RETRY_BASE_SECONDS: "0" }, { listen: true }),
  async (w) => {
    await w.platform.reset();
    for (const table of ["webhooks", "webhook_deliveries", "webhook_owners", "room_subscriptions", "room_moves"]) await w.app.db.prepare(`DELETE FROM ${table}`).run();
    await clearFollows(w);
  },
);
const { as, create, postHook, platformToken } = helpers(() => world);

type PlatformHook = { id: string; name: string; targetUrl: string; resource: string; event: string; filter?: string; status: string };
const botHooks = async (token: string) => ((await (await api(world.platform, token, "/v1/webhooks")).json()) as { items: PlatformHook[] }).items;
const cron = async () => (await world.app.mf.getWorker(BACK_OFFICE_WORKER)).scheduled({ cron: "* * * * *", scheduledTime: new Date() });

async function migrate(roomId: string): Promise<{ id: string; previousRoomId: string; delivered: number }> {
  const res = await world.platform.fetch("/_emulator/rooms/migrate", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ roomId }) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { id: string; previousRoomId: string; delivered: number };
}

/** Every room id the hub keeps, and the outgoing bot's platform webhooks: what a move may change. */
async function hubState() {
  const db = world.app.db;
  return {
    webhooks: (await db.prepare("SELECT id, room_id, platform_webhook_id FROM webhooks ORDER BY id").all()).results,
    follows: (await db.prepare("SELECT user_id, room_id FROM follows ORDER BY user_id").all()).results,
    outgoingBotHooks: (await botHooks(SERVICE_BOTS.outgoing.token)).map((h) => `${h.id} ${h.filter ?? ""}`).sort(),
  };
}

describe("a space that the platform migrates to another geography", () => {
  it("keeps its incoming and outgoing webhooks and its followers' updates under the new id; a repeated event changes nothing", async () => {
    const receiver = await startReceiver();
    try {
      const riley = await as(USERS.riley.email);
      const oldId = room("designTeam");
      const incoming = await create(riley, "incoming", { roomId: oldId, displayName: "CI-Status" });
      const outgoing = await create(riley, "outgoing", { roomId: oldId, displayName: "Deploy-Bot", webhookUrl: receiver.url });
      const app = followableApp(world);
      expect((await follow(world, riley, app.path, oldId)).status).toBe(302);

      // Each bot in the space asked the platform to hear of its moves, at the hub's own origin.
      const subscriptions = (await world.app.db.prepare("SELECT bot, target_url FROM room_subscriptions ORDER BY bot").all<{ bot: string; target_url: string }>()).results;
      expect(subscriptions).toEqual(["incoming", "outgoing", "updates"].map((bot) => ({ bot, target_url: `${world.app.origin}/api/hooks/rooms/${bot}` })));
      for (const bot of ["incoming", "outgoing", "updates"] as const) {
        expect(await botHooks(SERVICE_BOTS[bot].token)).toContainEqual(expect.objectContaining({ resource: "rooms", event: "migrated", status: "active" }));
      }
      const { platform_webhook_id: oldPlatformId } = (await world.app.db
        .prepare("SELECT platform_webhook_id FROM webhooks WHERE id = ?")
        .bind(outgoing.id)
        .first<{ platform_webhook_id: string }>())!;

      const moved = await migrate(oldId);
      expect(moved.previousRoomId).toBe(oldId);
      expect(moved.id).not.toBe(oldId);
      expect(moved.delivered).toBe(3); // one delivery per bot in the space, each answered
      const newId = moved.id;

      // Moved everywhere (after the hub's answer: the move runs in waitUntil).
      await eventually(
        async () => {
          const rows = (await world.app.db.prepare("SELECT room_id FROM webhooks UNION ALL SELECT room_id FROM follows").all<{ room_id: string }>()).results;
          return rows.length === 3 && rows.every((r) => r.room_id === newId) ? rows : undefined;
        },
        10_000,
        "the room ids to move",
      );
      // The outgoing webhook's platform webhook was registered again under the new filter, the old one removed.
      const { platform_webhook_id: newPlatformId } = (await world.app.db
        .prepare("SELECT platform_webhook_id FROM webhooks WHERE id = ?")
        .bind(outgoing.id)
        .first<{ platform_webhook_id: string }>())!;
      expect(newPlatformId).not.toBe(oldPlatformId);
      const messageHooks = (await botHooks(SERVICE_BOTS.outgoing.token)).filter((h) => h.resource === "messages");
      expect(messageHooks).toEqual([
        expect.objectContaining({
          id: newPlatformId,
          filter: new URLSearchParams({ roomId: newId, mentionedPeople: "me" }).toString(),
          targetUrl: `${world.app.origin}/api/hooks/outgoing/${outgoing.id}`,
        }),
      ]);

      // The incoming webhook posts into the moved space.
      const posted = await postHook(incoming, { text: "Build 42 passed" });
      expect(posted.status, await posted.clone().text()).toBe(200);
      expect(((await posted.json()) as { roomId: string }).roomId).toBe(newId);
      const inNewRoom = ((await (await world.platform.fetch(`/_emulator/messages?roomId=${newId}`)).json()) as { items: { markdown?: string }[] }).items;
      expect(inNewRoom.map((m) => m.markdown)).toContain(asPostedBy("CI-Status", "Build 42 passed"));

      // The outgoing webhook forwards a mention said in the moved space.
      const said = await api(world.platform, await platformToken("ada"), "/v1/messages", { method: "POST", body: { roomId: newId, markdown: `${MENTION} deploy main` } });
      expect(said.status).toBe(200);
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery!.body)).toMatchObject({ webhook: { id: outgoing.id, roomId: newId }, data: { roomId: newId, markdown: `${MENTION} deploy main` } });

      // A follow's updates reach the moved space.
      const update = versionUpdate(app);
      await announce(world, update);
      const reached = await eventually(async () => {
        const messages = (await updatesBotMessages(world)).filter((m) => m.markdown.startsWith(`**${app.name} 2.4.0 is out**`));
        return messages.length ? messages : undefined;
      });
      expect(reached.map((m) => m.roomUuid)).toEqual([decodeId("ROOM", newId)]);

      // The same event again (as the platform may resend it, or tell another bot): nothing changes,
      // not even after the Cron Trigger replays the recorded moves.
      const before = await hubState();
      const { secret } = (await world.app.db.prepare("SELECT secret FROM room_subscriptions WHERE bot = 'incoming'").first<{ secret: string }>())!;
      const hook = (await botHooks(SERVICE_BOTS.incoming.token)).find((h) => h.resource === "rooms")!;
      const body = JSON.stringify({
        id: hook.id,
        name: hook.name,
        resource: "rooms",
        event: "migrated",
        status: "active",
        data: { id: newId, previousRoomId: oldId, type: "group" },
      });
      const again = await world.app.fetch("/api/hooks/rooms/incoming", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Spark-Signature": createHmac("sha1", secret).update(body).digest("hex") },
        body,
      });
      expect(again.status).toBe(204);
      await new Promise((r) => setTimeout(r, 300));
      expect(await hubState()).toEqual(before);
      await cron();
      expect(await hubState()).toEqual(before);

      // Unsigned or wrongly signed: refused.
      const forged = await world.app.fetch("/api/hooks/rooms/incoming", { method: "POST", headers: { "Content-Type": "application/json", "X-Spark-Signature": "00" }, body });
      expect(forged.status).toBe(401);
    } finally {
      await receiver.close();
    }
  });

  it("is finished by the Cron Trigger when moving an outgoing webhook failed at first", async () => {
    const riley = await as(USERS.riley.email);
    const oldId = room("designTeam");
    const outgoing = await create(riley, "outgoing", { roomId: oldId, displayName: "Deploy-Bot", webhookUrl: "https://example.com/hooks" });
    // The platform refuses the re-registration for now.
    await world.platform.fault({ method: "POST", path: "/v1/webhooks", kind: "status", status: 503, times: -1 });
    const { id: newId } = await migrate(oldId);
    const roomOf = async () => (await world.app.db.prepare("SELECT room_id FROM webhooks WHERE id = ?").bind(outgoing.id).first<{ room_id: string }>())!.room_id;
    await new Promise((r) => setTimeout(r, 500));
    expect(await roomOf()).toBe(oldId);
    await world.platform.clearFaults();
    await cron();
    await eventually(async () => ((await roomOf()) === newId ? true : undefined), 10_000, "the outgoing webhook to move");
    const messageHooks = (await botHooks(SERVICE_BOTS.outgoing.token)).filter((h) => h.resource === "messages");
    expect(messageHooks.map((h) => h.filter)).toEqual([new URLSearchParams({ roomId: newId, mentionedPeople: "me" }).toString()]);
  });
});
