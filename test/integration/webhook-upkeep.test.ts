// Issue 13: webhooks against the real platform's rules.
// - The platform sets a platform webhook inactive once its deliveries keep failing, and nothing
//   revived it: the Cron Trigger now does (PUT status active), so mentions reach the receiver again.
// - A service bot's refused token (a rotated secret) is the operator's problem: creating a webhook
//   says it failed, and the person stays logged in.
import { describe, expect, it } from "vitest";
import { SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { ADD_APP_MESSAGES } from "../../app/features/add-app/messages.ts";
import { REVIVAL_WAIT_MS } from "../../app/features/webhooks/revival.server.ts";
import { api } from "../platform/helpers.ts";
import { postForm, startWorld, useWorld, visit } from "./login.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";
import { helpers, INCOMING, MENTION, OUTGOING, room, startReceiver, useWebhookWorld } from "./webhook-helpers.ts";

type PlatformHook = { id: string; name: string; targetUrl: string; status: "active" | "inactive" };

describe("an outgoing webhook whose platform webhook went inactive", () => {
  const world = useWebhookWorld();
  const { as, create, say } = helpers(() => world);

  const botHooks = async () => ((await (await api(world.platform, SERVICE_BOTS.outgoing.token, "/v1/webhooks")).json()) as { items: PlatformHook[] }).items;
  const cron = async () => (await world.app.mf.getWorker(BACK_OFFICE_WORKER)).scheduled({ cron: "* * * * *", scheduledTime: new Date() });

  it("is active again after the scheduled run, and a mention is then delivered", async () => {
    const receiver = await startReceiver();
    try {
      const riley = await as(USERS.riley.email);
      const hook = await create(riley, "outgoing", { roomId: room("designTeam"), displayName: "Revive-Me", webhookUrl: receiver.url });
      const { platform_webhook_id: platformId } = (await world.app.db
        .prepare("SELECT platform_webhook_id FROM webhooks WHERE id = ?")
        .bind(hook.id)
        .first<{ platform_webhook_id: string }>())!;
      // As if 100 of its deliveries had failed within 5 minutes.
      const off = await world.platform.fetch("/_emulator/webhooks/deactivate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: platformId }),
      });
      expect(off.status, await off.text()).toBeLessThan(300);
      expect((await botHooks()).find((h) => h.id === platformId)).toMatchObject({ status: "inactive" });
      expect((await say("ada", "designTeam", `${MENTION} while it is inactive`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received).toEqual([]); // the platform sends an inactive webhook nothing

      // Issue 27: not at once. Re-enabled within 5 minutes of being disabled, the platform would
      // disable it again on its next failure (a receiver still down: revived, disabled, revived...).
      await cron();
      await cron();
      expect((await botHooks()).find((h) => h.id === platformId)).toMatchObject({ status: "inactive" });
      const since = async () =>
        (await world.app.db.prepare("SELECT platform_inactive_since FROM webhooks WHERE id = ?").bind(hook.id).first<{ platform_inactive_since: number | null }>())!
          .platform_inactive_since;
      expect(await since()).toBeGreaterThan(Date.now() - 60_000);

      // Six minutes later (for the hub's note and the platform's clock alike): revived, and off probation.
      await world.app.db
        .prepare("UPDATE webhooks SET platform_inactive_since = ? WHERE id = ?")
        .bind(Date.now() - REVIVAL_WAIT_MS - 1000, hook.id)
        .run();
      await world.platform.db
        .prepare("UPDATE webhooks SET disabled_at = ?")
        .bind(Date.now() - REVIVAL_WAIT_MS - 1000)
        .run();
      await cron();
      expect((await botHooks()).find((h) => h.id === platformId)).toMatchObject({ status: "active", targetUrl: `${world.app.origin}/api/hooks/outgoing/${hook.id}` });
      expect(await since()).toBeNull();
      expect((await world.platform.db.prepare("SELECT on_probation FROM webhooks").first<{ on_probation: number }>())!.on_probation).toBe(0);
      expect((await say("ada", "designTeam", `${MENTION} after the revival`)).status).toBe(200);
      const [delivery] = await receiver.waitFor(1);
      expect(JSON.parse(delivery!.body)).toMatchObject({ webhook: { id: hook.id }, data: { markdown: `${MENTION} after the revival` } });
    } finally {
      await receiver.close();
    }
  });

  it("removes a platform webhook that belongs to no hub webhook only when it is certainly this hub's and not a create under way", async () => {
    const riley = await as(USERS.riley.email);
    const kept = await create(riley, "outgoing", { roomId: room("designTeam"), displayName: "Kept", webhookUrl: "https://example.com/kept" });
    const orphan = async (origin: string) => {
      const id = crypto.randomUUID();
      const made = await api(world.platform, SERVICE_BOTS.outgoing.token, "/v1/webhooks", {
        method: "POST",
        body: { name: `App Hub outgoing webhook ${id}`, targetUrl: `${origin}/api/hooks/outgoing/${id}`, resource: "messages", event: "created" },
      });
      expect(made.status).toBe(200);
      return id;
    };
    const ours = await orphan(world.app.origin);
    const elsewhere = await orphan("https://staging.example"); // another deployment sharing the bot
    // The bot's rooms/migrated webhook (decision 033) is no outgoing webhook's and never an orphan.
    const names = async () =>
      (await botHooks())
        .filter((h) => h.name.startsWith("App Hub outgoing webhook "))
        .map((h) => h.name.slice("App Hub outgoing webhook ".length))
        .sort();
    await cron();
    expect(await names()).toEqual([kept.id, ours, elsewhere].sort()); // younger than 10 minutes: kept
    // An hour on, the orphan at our origin goes; the other deployment's and our live one stay.
    await world.platform.db
      .prepare("UPDATE webhooks SET created = ?")
      .bind(new Date(Date.now() - 3_600_000).toISOString())
      .run();
    await cron();
    expect(await names()).toEqual([kept.id, elsewhere].sort());
  });
});

describe("a service bot token the platform refuses (rotated, not yet updated in the hub)", () => {
  const world = useWorld(() => startWorld({ INCOMING_WEBHOOKS_BOT_TOKEN: "dev-only-rotated-incoming-unknown", OUTGOING_WEBHOOKS_BOT_TOKEN: "dev-only-rotated-outgoing-unknown" }));
  const { as, send } = helpers(() => world);

  const loggedIn = async (jar: Parameters<typeof visit>[1], path: string) => {
    const res = await visit(world, jar, path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("My Webhooks");
    expect(html).not.toContain("Log in to add app +");
  };

  it("creating an incoming webhook shows an error, and the person stays logged in", async () => {
    const riley = await as(USERS.riley.email);
    const res = await postForm(world, riley, INCOMING, { intent: "create-webhook", displayName: "Rotated", roomId: room("marketingLaunch") });
    expect(res.status).toBe(502);
    expect(res.headers.get("Set-Cookie") ?? "").not.toMatch(/Max-Age=0|expires=Thu, 01 Jan 1970/i);
    expect(await res.text()).toContain(ADD_APP_MESSAGES.unknown);
    await loggedIn(riley, INCOMING);
  });

  it("creating an outgoing webhook (bot known, token refused when registering) shows an error, and the person stays logged in", async () => {
    // Who the bot is was cached before the token was rotated: the refusal comes at registration.
    await world.app.kv.put("webhook-bot:outgoing", JSON.stringify({ id: "x", email: SERVICE_BOTS.outgoing.email, name: SERVICE_BOTS.outgoing.name }));
    const riley = await as(USERS.riley.email);
    const res = await postForm(world, riley, OUTGOING, {
      intent: "create-webhook",
      displayName: "Rotated",
      roomId: room("designTeam"),
      webhookUrl: "https://example.com/hook",
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain(ADD_APP_MESSAGES.unknown);
    await loggedIn(riley, OUTGOING);
    // The API says so too, without a 401 that would read as "log in again".
    const api = await send(riley, "POST", "/api/webhooks?type=outgoing", { roomId: room("designTeam"), displayName: "Rotated", webhookUrl: "https://example.com/hook" });
    expect(api.status).toBe(502);
    await loggedIn(riley, OUTGOING);
  });
});
