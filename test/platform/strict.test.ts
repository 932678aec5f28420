// Issue 27: the emulator is as strict as the platform, so the hub's mistakes of these kinds fail
// here and not in production: scopes per call, what bots may see, webhook filters, paging at the
// platform's limits, strict bodies. (Redirect URIs and refresh lifetimes: oauth.test.ts; the
// auto-disable rule: api.test.ts "platform webhooks".)
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../../app/lib/logger.server.ts";
import { HUB_SESSION_SCOPES } from "../../app/platform/scopes.ts";
import { createPlatformClient } from "../../app/platform/client.server.ts";
import { membershipListSchema, messageListSchema, messageSchema, platformWebhookListSchema, platformWebhookSchema } from "../../app/platform/schemas.ts";
import { ROOMS, SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { ROUTE_SCOPES } from "../../workers/platform/scopes.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { ALL_PERSON_SCOPES, HUB_SCOPES, api, expectError, expectOk, loginWith, startTarget } from "./helpers.ts";

let h: PlatformHarness;
const roomId = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
const OUTGOING_BOT = SERVICE_BOTS.outgoing.token;
const botId = (email: string) => h.db.prepare("SELECT uuid FROM people WHERE email = ?").bind(email).first<{ uuid: string }>();

beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h?.dispose());
beforeEach(() => h.reset());

const token = async (email: string, scope: string) => (await loginWith(h, email, { scope })).access_token;

describe("scopes, per call, from one table (workers/platform/scopes.ts)", () => {
  it("every /v1 route the emulator serves has its row, and docs/platform-api.md lists the same table", () => {
    const index = readFileSync(fileURLToPath(new URL("../../workers/platform/index.ts", import.meta.url)), "utf8");
    // Every /v1 route but OAuth's own, however it is registered, is behind authed() and in the table.
    const routes = [...index.matchAll(/"(GET|POST|PUT|DELETE)", "(\/v1\/[^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    const oauth = ["GET /v1/authorize", "POST /v1/authorize", "POST /v1/access_token"];
    const authed = [...index.matchAll(/authed\("([A-Z]+)", "([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(routes.length).toBeGreaterThan(15);
    expect(new Set(routes.filter((r) => !oauth.includes(r)))).toEqual(new Set(authed));
    expect(new Set(authed)).toEqual(new Set(Object.keys(ROUTE_SCOPES)));
    const docs = readFileSync(fileURLToPath(new URL("../../docs/platform-api.md", import.meta.url)), "utf8");
    for (const [route, rule] of Object.entries(ROUTE_SCOPES)) {
      const [method, path] = route.split(" ");
      const row = docs.split("\n").find((line) => line.startsWith(`| \`${method} ${path!.replace(":id", "{id}")}\``));
      expect(row, route).toBeTruthy();
      if ("anyOf" in rule) for (const scope of rule.anyOf) expect(row, route).toContain(scope);
    }
  });

  it("a token without the call's scope is refused with 403 naming it, for people, rooms, memberships, messages and webhooks", async () => {
    const onlyPeople = await token(USERS.riley.email, "spark:people_read");
    expect((await api(h, onlyPeople, "/v1/people/me")).status).toBe(200);
    const refused: [string, string, unknown?][] = [
      ["GET", "/v1/rooms"],
      ["GET", `/v1/rooms/${roomId("designTeam")}`],
      ["GET", "/v1/memberships"],
      ["POST", "/v1/memberships", { roomId: roomId("designTeam"), personEmail: USERS.sam.email }],
      ["GET", `/v1/messages?roomId=${roomId("designTeam")}`],
      ["POST", "/v1/messages", { roomId: roomId("designTeam"), text: "hi" }],
      ["POST", "/v1/webhooks", { name: "w", targetUrl: "https://example.com/w", resource: "messages", event: "created" }],
      ["GET", `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.riley.uuid)}`],
    ];
    for (const [method, path, body] of refused) {
      const error = await expectError(await api(h, onlyPeople, path, { method, body }), 403);
      expect(error.message, `${method} ${path}`).toMatch(/lacks the [a-z_:]+ scope/);
    }
    const noPeople = await token(USERS.riley.email, "spark:rooms_read");
    await expectError(await api(h, noPeople, "/v1/people/me"), 403);
    expect((await api(h, noPeople, "/v1/rooms")).status).toBe(200);
    // A webhook needs the read scope of what it delivers; listing one's own needs no scope.
    const writeOnly = await token(USERS.riley.email, "spark:messages_write spark:memberships_read");
    expect(
      (
        await expectError(
          await api(h, writeOnly, "/v1/webhooks", { method: "POST", body: { name: "w", targetUrl: "https://example.com/w", resource: "messages", event: "created" } }),
          403,
        )
      ).message,
    ).toContain("spark:messages_read");
    expect(
      (await api(h, writeOnly, "/v1/webhooks", { method: "POST", body: { name: "w", targetUrl: "https://example.com/w", resource: "memberships", event: "created" } })).status,
    ).toBe(200);
    expect((await api(h, writeOnly, "/v1/webhooks")).status).toBe(200);
  });

  it("bots hold spark:all, which stands for every spark: scope (not the admin identity: ones)", async () => {
    expect((await api(h, OUTGOING_BOT, "/v1/people/me")).status).toBe(200);
    expect((await api(h, OUTGOING_BOT, "/v1/memberships")).status).toBe(200);
    await expectError(await api(h, OUTGOING_BOT, "/v1/authorizations"), 403);
  });

  it("the hub's OAUTH_SCOPES (wrangler.toml) are exactly what its session calls need: each one dropped breaks a call the hub makes", async () => {
    expect(HUB_SCOPES.split(" ").sort()).toEqual([...HUB_SESSION_SCOPES].sort());
    // The calls the hub makes with a person's own token (app/platform/scopes.ts).
    const calls = async (t: string) => [
      (await api(h, t, "/v1/people/me")).status,
      (await api(h, t, "/v1/rooms?type=group&sortBy=lastactivity")).status,
      (await api(h, t, `/v1/memberships?roomId=${roomId("designTeam")}&personEmail=${encodeURIComponent(USERS.ada.email)}`)).status,
      (await api(h, t, "/v1/memberships", { method: "POST", body: { roomId: roomId("marketingLaunch"), personEmail: SERVICE_BOTS.incoming.email } })).status,
      (await api(h, t, "/v1/messages", { method: "POST", body: { toPersonEmail: SERVICE_BOTS.updates.email, text: "hello" } })).status,
    ];
    expect(await calls(await token(USERS.riley.email, HUB_SCOPES))).toEqual([200, 200, 200, 200, 200]);
    for (const dropped of HUB_SCOPES.split(" ")) {
      await h.reset();
      const fewer = HUB_SCOPES.split(" ")
        .filter((s) => s !== dropped)
        .join(" ");
      expect(await calls(await token(USERS.riley.email, fewer)), `without ${dropped}`).toContain(403);
    }
  });
});

describe("bots in group spaces see only what mentions them", () => {
  const mention = (email: string, name: string) => `<@personEmail:${email}|${name}>`;

  it("GET /v1/messages/{id}: 404 for a bot unless the message mentions it; people read everything; a bot's list holds only its mentions", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    await api(h, riley, "/v1/memberships", { method: "POST", body: { roomId: roomId("designTeam"), personEmail: SERVICE_BOTS.outgoing.email } });
    const say = async (markdown: string) => expectOk(await api(h, riley, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown } }), messageSchema);
    const plain = await say("no mention");
    const mentioned = await say(`${mention(SERVICE_BOTS.outgoing.email, "Outgoing Webhooks")} deploy`);
    await expectError(await api(h, OUTGOING_BOT, `/v1/messages/${plain.id}`), 404);
    expect((await expectOk(await api(h, OUTGOING_BOT, `/v1/messages/${mentioned.id}`), messageSchema)).id).toBe(mentioned.id);
    expect((await api(h, riley, `/v1/messages/${plain.id}`)).status).toBe(200);
    const listed = await expectOk(await api(h, OUTGOING_BOT, `/v1/messages?roomId=${roomId("designTeam")}`), messageListSchema);
    expect(listed.items.map((m) => m.id)).toEqual([mentioned.id]);
  });

  it("deliveries to a bot's webhook: only mentions, and only when the filter asks for them (mentionedPeople=me)", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    await api(h, riley, "/v1/memberships", { method: "POST", body: { roomId: roomId("designTeam"), personEmail: SERVICE_BOTS.outgoing.email } });
    const withMe = await startTarget();
    const withoutMe = await startTarget();
    const person = await startTarget();
    try {
      const hook = (url: string, filter: string, t: string = OUTGOING_BOT) =>
        api(h, t, "/v1/webhooks", { method: "POST", body: { name: "w", targetUrl: url, resource: "messages", event: "created", filter } });
      expect((await hook(withMe.url, `roomId=${roomId("designTeam")}&mentionedPeople=me`)).status).toBe(200);
      expect((await hook(withoutMe.url, `roomId=${roomId("designTeam")}`)).status).toBe(200);
      expect((await hook(person.url, `roomId=${roomId("designTeam")}`, riley)).status).toBe(200);
      const ada = await token(USERS.ada.email, ALL_PERSON_SCOPES);
      await api(h, ada, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: "no mention" } });
      await api(h, ada, "/v1/messages", { method: "POST", body: { roomId: roomId("designTeam"), markdown: `${mention(SERVICE_BOTS.outgoing.email, "Outgoing")} hi` } });
      await person.waitFor(2);
      await withMe.waitFor(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(person.deliveries).toHaveLength(2);
      expect(withMe.deliveries).toHaveLength(1);
      expect(withoutMe.deliveries).toHaveLength(0);
    } finally {
      await Promise.all([withMe.close(), withoutMe.close(), person.close()]);
    }
    expect(await botId(SERVICE_BOTS.outgoing.email)).toBeTruthy();
  });
});

describe("webhook filters are checked", () => {
  it("a roomId= filter for a space the caller cannot see → 400 invalid value for filter", async () => {
    const max = await token(USERS.max.email, ALL_PERSON_SCOPES);
    const body = (filter: string) => ({ name: "w", targetUrl: "https://example.com/w", resource: "messages", event: "created", filter });
    // Max is not in Design Team; a malformed id is no space either.
    for (const filter of [`roomId=${roomId("designTeam")}`, "roomId=nonsense", `roomId=${encodeId("PEOPLE", USERS.max.uuid)}`]) {
      const error = await expectError(await api(h, max, "/v1/webhooks", { method: "POST", body: body(filter) }), 400);
      expect(error.message, filter).toMatch(/invalid value for filter/i);
    }
    expect((await api(h, max, "/v1/webhooks", { method: "POST", body: body(`roomId=${roomId("globexResearch")}`) })).status).toBe(200);
  });
});

describe("paging at the platform's limits", () => {
  it("/v1/memberships: Link rel=next pages, no item twice; max over 1000 → 400", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    const all = await expectOk(await api(h, riley, "/v1/memberships"), membershipListSchema);
    expect(all.items.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let next: string | null = "/v1/memberships?max=2";
    let pages = 0;
    while (next) {
      const res = await api(h, riley, next);
      const page = await expectOk(res, membershipListSchema);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.id));
      const link = res.headers.get("Link");
      next = link ? new URL(/<([^>]+)>;\s*rel="next"/.exec(link)![1]!).pathname + new URL(/<([^>]+)>/.exec(link)![1]!).search : null;
      pages++;
    }
    expect(pages).toBe(Math.ceil(all.items.length / 2));
    expect(seen).toEqual(all.items.map((m) => m.id));
    await expectError(await api(h, riley, "/v1/memberships?max=1001"), 400);
  });

  it("/v1/webhooks: 100 a page at most, the rest by Link; max over 100 → 400", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    for (let i = 0; i < 3; i++) {
      await expectOk(
        await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: `w${i}`, targetUrl: "https://example.com/w", resource: "messages", event: "created" } }),
        platformWebhookSchema,
      );
    }
    const first = await api(h, riley, "/v1/webhooks?max=2");
    expect((await expectOk(first, platformWebhookListSchema)).items.map((w) => w.name)).toEqual(["w0", "w1"]);
    const link = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get("Link") ?? "");
    expect(link).toBeTruthy();
    const second = await api(h, riley, new URL(link![1]!).pathname + new URL(link![1]!).search);
    expect((await expectOk(second, platformWebhookListSchema)).items.map((w) => w.name)).toEqual(["w2"]);
    expect(second.headers.get("Link")).toBeNull();
    await expectError(await api(h, riley, "/v1/webhooks?max=101"), 400);
  });

  it("the hub's client follows the Link header to the end (listAllMemberships, listWebhooks)", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    const client = createPlatformClient({
      apiBase: `${h.origin}/v1`,
      timeoutMs: 10_000,
      trackingSession: "paging",
      logger: createLogger("error"),
      accessToken: riley,
      credential: "session",
    });
    const all = await client.listMemberships({});
    expect(all.items.length).toBeGreaterThan(4);
    expect((await client.listAllMemberships({ max: 2 })).map((m) => m.id)).toEqual(all.items.map((m) => m.id));
    for (let i = 0; i < 5; i++) await client.createWebhook({ name: `w${i}`, targetUrl: "https://example.com/w", resource: "messages", event: "created" });
    expect((await client.listWebhooks({ pageSize: 2 })).map((w) => w.name)).toEqual(["w0", "w1", "w2", "w3", "w4"]);
  });
});

describe("strict bodies everywhere", () => {
  it("an unknown field is refused by name on every JSON body, not only POST /v1/messages", async () => {
    const riley = await token(USERS.riley.email, ALL_PERSON_SCOPES);
    const hook = await expectOk(
      await api(h, riley, "/v1/webhooks", { method: "POST", body: { name: "w", targetUrl: "https://example.com/w", resource: "messages", event: "created" } }),
      platformWebhookSchema,
    );
    const cases: [string, string, Record<string, unknown>][] = [
      ["POST", "/v1/memberships", { roomId: roomId("designTeam"), personEmail: USERS.sam.email, role: "owner" }],
      ["POST", "/v1/webhooks", { name: "w", targetUrl: "https://example.com/w", resource: "messages", event: "created", ownedBy: "org" }],
      ["PUT", `/v1/webhooks/${hook.id}`, { name: "w", targetUrl: "https://example.com/w", resource: "rooms" }],
      ["POST", "/v1/messages", { roomId: roomId("designTeam"), text: "x", senderDisplayName: "CI" }],
    ];
    for (const [method, path, body] of cases) {
      const unknown = Object.keys(body).at(-1)!;
      const error = await expectError(await api(h, riley, path, { method, body }), 400);
      expect(error.message, `${method} ${path}`).toContain(unknown);
    }
  });
});
