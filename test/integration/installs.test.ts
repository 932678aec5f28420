// Spec §9 "installs" (issue 14): a bot added, an integration connected (when the platform confirms
// it) and a webhook created each hand exactly one AppHub_install to the page the person lands on.
// Analytics are sent from the browser only (docs/decisions/009), so the server's part is this: the
// redirect's signed flash carries the install, the next page's root data carries it once (the
// tracker reports it with trackInstall, once per install id), and no later page carries it again.
// Outcomes that install nothing (already there, not confirmed) carry none.
import { describe, expect, it } from "vitest";
import { encodeId } from "../../workers/platform/ids.ts";
import { globexDisabledBotEmails, presentBotEmail, ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import type { InstallEvent } from "../../app/features/analytics/events.ts";
import { as, freeIntegrations, keyOf, startFirstPartyWorld, throughVendorConsent } from "./integrations-world.ts";
import { postForm, useWorld, visit, type Jar, type World } from "./login.ts";

const world = useWorld(() => startFirstPartyWorld());
const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);

/** The install in the jar's flash cookie: the signed value is `<base64 JSON>.<signature>`. */
function flashInstall(jar: Jar): InstallEvent | null {
  const raw = jar.get("flash");
  if (!raw) return null;
  const value = decodeURIComponent(raw);
  const json = new TextDecoder().decode(Uint8Array.from(atob(value.slice(0, value.lastIndexOf("."))), (c) => c.charCodeAt(0)));
  return (JSON.parse(json) as { install?: InstallEvent }).install ?? null;
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/**
 * Follows the action's redirect: the landing page hands the install over once, clears the flash,
 * and the page after it has none. Returns the install.
 */
async function landOnce(w: World, jar: Jar, res: Response, expected: Omit<InstallEvent, "id">): Promise<InstallEvent> {
  expect(res.status).toBe(302);
  const install = flashInstall(jar);
  expect(install).toMatchObject(expected);
  const landing = await (await visit(w, jar, res.headers.get("Location")!)).text();
  expect(occurrences(landing, install!.id)).toBe(1);
  expect(jar.get("flash")).toBeUndefined();
  const next = await (await visit(w, jar, res.headers.get("Location")!)).text();
  expect(occurrences(next, install!.id)).toBe(0);
  return install!;
}

describe("AppHub_install", () => {
  it("a bot added to a space: once, with the catalogue's id and type; adding it again installs nothing", async () => {
    const bots = world.app.catalogue.apps.filter(
      (a) => a.type === "bot" && a.botEmail && a.status === "published" && !["incoming-webhooks", "outgoing-webhooks"].includes(a.friendlyId ?? ""),
    );
    const disabled = new Set(globexDisabledBotEmails(bots.map((b) => b.botEmail!)));
    const present = presentBotEmail(bots.map((b) => b.botEmail!));
    const bot = bots.find((b) => !disabled.has(b.botEmail!.toLowerCase()) && b.botEmail!.toLowerCase() !== present)!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(bot)}`);
    const added = await postForm(world, jar, `/applications/${keyOf(bot)}`, { intent: "add-to-space", roomId: room("marketingLaunch") });
    await landOnce(world, jar, added, { appId: bot.id, appType: "bot", appName: bot.name, via: "space" });

    const again = await postForm(world, jar, `/applications/${keyOf(bot)}`, { intent: "add-to-space", roomId: room("marketingLaunch") });
    expect(again.status).toBe(302);
    expect(jar.get("flash")).toBeDefined();
    expect(flashInstall(jar)).toBeNull();
  });

  it("an integration connected: once, only when the platform confirms the grant", async () => {
    const [app, declined] = freeIntegrations(world);
    const jar = await as(world, USERS.riley.email);
    const connect = async (integration: typeof app, decision: string) => {
      const start = await visit(world, jar, `/applications/${keyOf(integration!)}/connect`);
      const vendor = new URL(start.headers.get("Location")!);
      const authorize = new URL((await world.platform.fetch(vendor.pathname + vendor.search)).headers.get("Location")!);
      const back = new URL((await throughVendorConsent(world.platform, authorize, USERS.riley.email, decision)).back!);
      return visit(world, jar, back.pathname + back.search);
    };
    await landOnce(world, jar, await connect(app, "accept"), { appId: app!.id, appType: "integration", appName: app!.name, via: "connect" });

    // Declined at the consent: back on the hub the platform lists no grant ("not yet"), no install.
    const notYet = await connect(declined, "decline");
    expect(notYet.status).toBe(302);
    expect(flashInstall(jar)).toBeNull();
  });

  it("a webhook created: once, for the webhook app; a refused one installs nothing", async () => {
    const incoming = world.app.catalogue.apps.find((a) => a.friendlyId === "incoming-webhooks")!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, "/applications/incoming-webhooks");
    const created = await postForm(world, jar, "/applications/incoming-webhooks", { intent: "create-webhook", displayName: "CI-Status", roomId: room("marketingLaunch") });
    await landOnce(world, jar, created, { appId: incoming.id, appType: "bot", appName: incoming.name, via: "webhook" });

    const refused = await postForm(world, jar, "/applications/incoming-webhooks", { intent: "create-webhook", displayName: "alerts", roomId: room("companyAnnouncements") });
    expect(refused.status).toBe(400);
    expect(flashInstall(jar)).toBeNull();
  });
});
