// Helpers for the webhook integration tests (issue 12 files): people logged in through the
// emulator, the §7 API, an incoming URL, a space's messages, and the platform as the people and
// bots in it would use it.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { encodeId } from "../../workers/platform/ids.ts";
import { HUB_CLIENT_ID, ROOMS, SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { api, login } from "../platform/helpers.ts";
import { Jar, logIn, startWorld, useWorld, visit, type World } from "./login.ts";

/** Webhook tests' world: retries due at once, 1 s deliveries, a real port; no webhooks before each test. */
export const useWebhookWorld = (vars: Record<string, string> = {}) =>
  useWorld(
    () => startWorld({ WEBHOOK_RETRY_BASE_SECONDS: "0", WEBHOOK_DELIVERY_TIMEOUT_MS: "1000", ...vars }, { listen: true }),
    async (world) => {
      await world.platform.reset();
      for (const table of ["webhooks", "webhook_deliveries", "webhook_owners"]) await world.app.db.prepare(`DELETE FROM ${table}`).run();
    },
  );

export const INCOMING = "/applications/incoming-webhooks";
export const OUTGOING = "/applications/outgoing-webhooks";
export const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
export const personId = (user: keyof typeof USERS) => encodeId("PEOPLE", USERS[user].uuid);
/** Mentions the Outgoing Webhooks bot the only way the platform knows: markup in markdown. */
export const MENTION = `<@personEmail:${SERVICE_BOTS.outgoing.email}|${SERVICE_BOTS.outgoing.name}>`;
/** The markdown an incoming webhook posts: its name in bold, then the body (docs/decisions/010). */
export const asPostedBy = (name: string, body: string) => `**${name}**\n\n${body}`;

export type Hook = {
  id: string;
  displayName: string;
  roomId: string;
  roomTitle: string;
  webhookUrl: string;
  signingSecret: string | null;
  status: "active" | "inactive";
  inactiveReason: string | null;
  inactiveMessage: string | null;
  checkedAt: string | null;
};

export function helpers(world: () => World) {
  const as = async (email: string): Promise<Jar> => {
    const jar = new Jar();
    expect((await logIn(world(), jar, email)).status).toBe(302);
    return jar;
  };
  const send = (jar: Jar, method: string, path: string, body?: unknown) =>
    visit(world(), jar, path, {
      method,
      headers: { "Content-Type": "application/json", Origin: world().app.origin, "X-CSRF-Token": jar.get("csrf-token")! },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const myWebhooks = async (jar: Jar, type?: string): Promise<Hook[]> =>
    ((await (await visit(world(), jar, `/api/my-webhooks${type ? `?type=${type}` : ""}`)).json()) as { items: Hook[] }).items;
  const create = async (jar: Jar, type: "incoming" | "outgoing", body: Record<string, unknown>): Promise<Hook> => {
    const res = await send(jar, "POST", `/api/webhooks?type=${type}`, body);
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    return (await myWebhooks(jar, type)).find((h) => h.id === id)!;
  };
  const postHook = (hook: Hook, body: unknown) =>
    world().app.fetch(new URL(hook.webhookUrl).pathname, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const roomMessages = async (key: keyof typeof ROOMS) =>
    ((await (await world().platform.fetch(`/_emulator/messages?roomId=${room(key)}`)).json()) as { items: Record<string, unknown>[] }).items;
  /** The person's own platform token (as their own client would hold it). */
  const platformToken = async (user: keyof typeof USERS) => (await login(world().platform, USERS[user].email)).access_token;
  /** The person leaves the space at the platform. */
  const leave = async (user: keyof typeof USERS, key: keyof typeof ROOMS) => {
    const token = await platformToken(user);
    const list = (await (await api(world().platform, token, `/v1/memberships?roomId=${room(key)}&personId=${personId(user)}`)).json()) as { items: { id: string }[] };
    expect((await api(world().platform, token, `/v1/memberships/${list.items[0]!.id}`, { method: "DELETE" })).status).toBe(204);
  };
  /** The bodies posted into a space under a webhook's name (its name leads the message's markdown), newest first. */
  const postedAs = async (key: keyof typeof ROOMS, name: string) =>
    (await roomMessages(key))
      .map((m) => m.markdown)
      .filter((md): md is string => typeof md === "string" && md.startsWith(asPostedBy(name, "")))
      .map((md) => md.slice(asPostedBy(name, "").length));
  /** The person says something in a space, as markdown (mention the bot with MENTION). */
  const say = async (user: keyof typeof USERS, key: keyof typeof ROOMS, markdown: string) =>
    api(world().platform, await platformToken(user), "/v1/messages", { method: "POST", body: { roomId: room(key), markdown } });
  /** The person revokes App Hub on the platform's own token page (the emulator's control for it). */
  const revokeHub = async (user: keyof typeof USERS) => {
    const res = await world().platform.fetch("/_emulator/revoke", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: USERS[user].email, clientId: HUB_CLIENT_ID }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  };
  /** As if the standing cached for every webhook were older than its time to live (a minute on). */
  const ageStandings = async () => {
    await world().app.db.prepare("UPDATE webhooks SET standing_checked_at = 0").run();
    await world().app.db.prepare("UPDATE webhook_owners SET grant_checked_at = 0").run();
  };
  return { as, send, myWebhooks, create, postHook, roomMessages, postedAs, say, revokeHub, platformToken, leave, ageStandings };
}

/** A local receiver for outgoing deliveries: answers 200, or never (hangs) when told to. */
export async function startReceiver(options: { hang?: boolean } = {}) {
  const received: { headers: IncomingMessage["headers"]; body: string; at: number }[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      if (!options.hang) res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/lumen`,
    received,
    waitFor: async (count: number, ms = 5000) => {
      for (const until = Date.now() + ms; received.length < count && Date.now() < until; ) await new Promise((r) => setTimeout(r, 25));
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
