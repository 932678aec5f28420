// My Integrations in each deployment mode (issue 13; README "Deployment modes"): first-party lists
// the person's grants and revokes them one by one; third-party lists what was connected through the
// hub from our own records, honestly, with the platform's own page for managing access.
import { describe, expect, it } from "vitest";
import { HUB_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_ID, LEGACY_SYNC, USERS } from "../../workers/platform/demo-data.ts";
import { page, read } from "./html.ts";
import { as, connectAtVendor, freeIntegrations, keyOf, startFirstPartyWorld, startThirdPartyWorld, useThirdPartyWorld } from "./integrations-world.ts";
import { postForm, useWorld, visit } from "./login.ts";

/** The page's integration rows (list items labelled by their integration's heading). */
const rows = (html: string) => page(html).all('li[aria-labelledby^="integration-"]');

const LOAD_FAILED = "We're having trouble loading your integrations. Please try again in a few minutes.";

describe("first-party mode", () => {
  // A short platform time-out, so the time-out path runs in a test instead of taking 45 s.
  const world = useWorld(() => startFirstPartyWorld({ PLATFORM_TIMEOUT_MS: "1000" }));

  it("lists the person's grants, one row per integration, with catalogue names and the date the platform gives; no access level", async () => {
    const jar = await as(world, USERS.riley.email);
    const html = await (await visit(world, jar, "/my-integrations")).text();
    const { text, links, buttons } = read(html);
    const granted = world.app.catalogue.apps.filter((a) => a.type === "integration" && a.clientId).sort((a, b) => (a.clientId! < b.clientId! ? -1 : 1));
    for (const app of granted.slice(0, 3)) expect(links).toContain(`/applications/${keyOf(app)}`);
    expect(text).toContain(LEGACY_SYNC.name);
    // Four rows: the hub's own login is not an integration the person added.
    expect(rows(html)).toHaveLength(4);
    expect(text).toContain("Connected on September 1, 2025");
    expect(text).not.toMatch(/(Full|Partial) access to your account/);
    expect(buttons.filter((b) => b.startsWith("Disconnect "))).toHaveLength(4);
    expect(buttons.filter((b) => b.endsWith(" from this list"))).toEqual([]);
  });

  it("Disconnect revokes the person's own grants one by one: another person's grant of the same client survives", async () => {
    const adaClient = world.app.catalogue.apps.filter((a) => a.type === "integration" && a.clientId).sort((a, b) => (a.clientId! < b.clientId! ? -1 : 1))[3]!;
    // Riley connects the integration Ada already has, at the vendor's own page.
    expect((await connectAtVendor(world.platform, adaClient.clientId!, USERS.riley.email)).status).toBe(200);
    const riley = await as(world, USERS.riley.email);
    const ada = await as(world, USERS.ada.email);
    const subscriptions = async (jar: typeof riley) =>
      ((await (await visit(world, jar, "/api/subscriptions")).json()) as { items: { clientId: string }[] }).items.map((i) => i.clientId);
    expect(await subscriptions(riley)).toContain(adaClient.clientId);

    // Ada, an org admin, disconnects it: an org-wide DELETE ?clientId= would take Riley's too.
    const res = await postForm(world, ada, "/my-integrations", { intent: "disconnect", clientId: adaClient.clientId!, name: adaClient.name });
    expect(res.status).toBe(302);
    const after = read(await (await visit(world, ada, "/my-integrations")).text());
    expect(after.text).toContain(`${adaClient.name} was disconnected from your account.`);
    expect(after.links).not.toContain(`/applications/${keyOf(adaClient)}`);
    expect(await subscriptions(ada)).not.toContain(adaClient.clientId);
    expect(await subscriptions(riley)).toContain(adaClient.clientId);

    // A repeated post is not an error.
    const again = await postForm(world, ada, "/my-integrations", { intent: "disconnect", clientId: adaClient.clientId!, name: adaClient.name });
    expect(again.status).toBe(302);
    expect(await (await visit(world, ada, "/my-integrations")).text()).toContain("was disconnected");
  });

  it("shows the empty state", async () => {
    const jar = await as(world, USERS.max.email);
    expect(await (await visit(world, jar, "/my-integrations")).text()).toContain("There are no items to display");
  });

  it.each([
    ["a 500", { kind: "status", status: 500 }],
    ["a 429", { kind: "status", status: 429, retryAfter: 30 }],
    ["a time-out", { kind: "slow", delayMs: 2500 }],
  ] as const)("keeps the page and says so on %s", async (_label, fault) => {
    const jar = await as(world, USERS.riley.email);
    await world.platform.fault({ path: "/v1/authorizations", ...fault });
    const res = await visit(world, jar, "/my-integrations");
    expect(res.status).toBe(200);
    expect(read(await res.text()).text).toContain(LOAD_FAILED);
  });

  it.each([
    ["no token", undefined, {}],
    ["a wrong token", "forged.token", {}],
    ["another origin", "__jar__", { Origin: "https://evil.example" }],
  ])("refuses a post with %s (403) and changes nothing", async (_label, token, extraHeaders) => {
    const jar = await as(world, USERS.riley.email);
    const csrf = token === "__jar__" ? jar.get("csrf-token") : token;
    const res = await visit(world, jar, "/my-integrations", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1:8787", ...extraHeaders },
      body: new URLSearchParams({ ...(csrf ? { csrf } : {}), intent: "disconnect", clientId: LEGACY_SYNC.clientId }).toString(),
    });
    expect(res.status).toBe(403);
    expect(await (await visit(world, jar, "/my-integrations")).text()).toContain(LEGACY_SYNC.name);
  });

  it("ends the session and goes to the site root on a 401 from the platform", async () => {
    const jar = await as(world, USERS.riley.email);
    await world.platform.fetch("/_emulator/tokens/expire", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: USERS.riley.email }) });
    const res = await visit(world, jar, "/my-integrations");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(jar.get("__session")).toBeUndefined();
  });

  it("/api/my-integrations and /api/subscriptions list the grants (without the hub itself)", async () => {
    const jar = await as(world, USERS.riley.email);
    const mine = (await (await visit(world, jar, "/api/my-integrations")).json()) as { mode: string; source: string; items: { state: string }[] };
    expect(mine).toMatchObject({ mode: "first-party", source: "platform" });
    expect(mine.items).toHaveLength(4);
    expect(mine.items.every((i) => i.state === "connected")).toBe(true);
    const subs = (await (await visit(world, jar, "/api/subscriptions")).json()) as { source: string; items: { clientId: string }[] };
    expect(subs.source).toBe("platform");
    expect(subs.items.map((i) => i.clientId)).not.toContain(HUB_FIRST_PARTY_CLIENT_ID);
    expect(subs.items.map((i) => i.clientId)).toContain(LEGACY_SYNC.clientId);
    await world.platform.fault({ path: "/v1/authorizations", kind: "slow", delayMs: 2500 });
    const slow = await visit(world, jar, "/api/my-integrations");
    expect(slow.status).toBe(504);
    expect(await slow.json()).toMatchObject({ message: LOAD_FAILED });
  });

  it("DELETE /api/remove-authorization needs the CSRF header, then revokes once (204 again after)", async () => {
    const jar = await as(world, USERS.riley.email);
    const path = `/api/remove-authorization?applicationId=${LEGACY_SYNC.clientId}`;
    expect((await visit(world, jar, path, { method: "DELETE", headers: { Origin: "http://127.0.0.1:8787" } })).status).toBe(403);
    const headers = { Origin: "http://127.0.0.1:8787", "X-CSRF-Token": jar.get("csrf-token")! };
    expect((await visit(world, jar, path, { method: "DELETE", headers })).status).toBe(204);
    expect((await visit(world, jar, path, { method: "DELETE", headers })).status).toBe(204);
    const subs = (await (await visit(world, jar, "/api/subscriptions")).json()) as { items: { clientId: string }[] };
    expect(subs.items.map((i) => i.clientId)).not.toContain(LEGACY_SYNC.clientId);
  });
});

describe("third-party mode (the default)", () => {
  const world = useThirdPartyWorld();
  const manageUrl = () => `${world.platform.origin}/account/authorized-apps`;

  it("lists only what was connected through App Hub, with the platform's own page to manage access (never the platform's grants it cannot read)", async () => {
    const jar = await as(world, USERS.riley.email);
    // Riley has four grants at the platform; none went through this hub, and the hub cannot read them.
    const { text, links, buttons } = read(await (await visit(world, jar, "/my-integrations")).text());
    expect(text).toContain("There are no items to display");
    expect(text).not.toContain(LOAD_FAILED);
    expect(links).toContain(manageUrl());
    expect(text).toContain("Manage integrations' access on Lumen");
    expect(buttons.filter((b) => b.startsWith("Disconnect"))).toEqual([]);
  });

  it("a Connect started here shows as started, not confirmed; 'Remove from this list' forgets only our record, and says so", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    expect((await visit(world, jar, `/applications/${keyOf(app)}/connect`)).status).toBe(302);
    const html = await (await visit(world, jar, "/my-integrations")).text();
    const { text, links, buttons } = read(html);
    expect(rows(html)).toHaveLength(1);
    expect(links).toContain(`/applications/${keyOf(app)}`);
    expect(text).toMatch(/You started connecting on [A-Z][a-z]+ \d{1,2}, \d{4}, not confirmed/);
    expect(text).not.toContain("Connected on");
    // "Remove <name> from this list": the name is in the button's text (its accessible name), only visually hidden.
    expect(buttons).toContainEqual(expect.stringMatching(/^Remove \S.* from this list$/));

    const res = await postForm(world, jar, "/my-integrations", { intent: "forget", clientId: app.clientId!, name: app.name });
    expect(res.status).toBe(302);
    const after = await (await visit(world, jar, "/my-integrations")).text();
    expect(read(after).text).toContain(`${app.name} was removed from this list. Any access you gave it stays until you take it away on your Lumen account page.`);
    expect(rows(after)).toHaveLength(0);
  });

  it("never asks the platform for the person's grants (an admin API)", async () => {
    const jar = await as(world, USERS.riley.email);
    await world.platform.fault({ path: "/v1/authorizations", kind: "status", status: 500 });
    const res = await visit(world, jar, "/my-integrations");
    expect(res.status).toBe(200);
    expect(read(await res.text()).text).not.toContain(LOAD_FAILED);
  });

  it("the API says what it knows: records, no platform list, and remove-authorization does not pretend", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    const mine = (await (await visit(world, jar, "/api/my-integrations")).json()) as {
      mode: string;
      source: string;
      manageUrl: string;
      items: { clientId: string; state: string }[];
    };
    expect(mine).toMatchObject({ mode: "third-party", source: "records", manageUrl: manageUrl() });
    expect(mine.items).toEqual([expect.objectContaining({ clientId: app.clientId, state: "started" })]);

    const subs = await (await visit(world, jar, "/api/subscriptions")).json();
    expect(subs).toMatchObject({ source: "unavailable", items: [], manageUrl: manageUrl() });

    const headers = { Origin: "http://127.0.0.1:8787", "X-CSRF-Token": jar.get("csrf-token")! };
    // A grant the hub has no record of (Legacy Sync): it cannot revoke it, and says where to.
    const refused = await visit(world, jar, `/api/remove-authorization?applicationId=${LEGACY_SYNC.clientId}`, { method: "DELETE", headers });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "App Hub can't take an integration's access away. Manage it on your Lumen account page.", manageUrl: manageUrl() });
    // Our record: forgotten, and the answer says the access stays.
    const removed = await visit(world, jar, `/api/remove-authorization?applicationId=${app.clientId}`, { method: "DELETE", headers });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ removed: "record", manageUrl: manageUrl(), message: expect.stringContaining("stays until you take it away") });
    expect((await visit(world, jar, `/api/remove-authorization?applicationId=${app.clientId}`, { method: "DELETE", headers })).status).toBe(409);
  });
});

describe("third-party mode with identity:tokens_read", () => {
  const world = useWorld(() => startThirdPartyWorld({ tokensRead: true }));

  it("an org admin sees the platform's list of their grants, confirmed by the platform", async () => {
    const adaClient = world.app.catalogue.apps.filter((a) => a.type === "integration" && a.clientId).sort((a, b) => (a.clientId! < b.clientId! ? -1 : 1))[3]!;
    const jar = await as(world, USERS.ada.email);
    const mine = (await (await visit(world, jar, "/api/my-integrations")).json()) as { source: string; items: { clientId: string; state: string }[] };
    expect(mine.source).toBe("platform");
    expect(mine.items).toEqual([expect.objectContaining({ clientId: adaClient.clientId, state: "connected" })]);
    expect(mine.items.map((i) => i.clientId)).not.toContain(HUB_CLIENT_ID);
    expect(read(await (await visit(world, jar, "/my-integrations")).text()).text).toContain("Connected on May 4, 2026");
  });

  it("anyone else gets a 403 from the platform, and the page falls back to our records without an error", async () => {
    const jar = await as(world, USERS.riley.email);
    const mine = (await (await visit(world, jar, "/api/my-integrations")).json()) as { source: string; items: unknown[] };
    expect(mine).toMatchObject({ source: "records", items: [] });
    const { text } = read(await (await visit(world, jar, "/my-integrations")).text());
    expect(text).toContain("There are no items to display");
    expect(text).not.toContain(LOAD_FAILED);
  });
});
