// Issue 12 item 7: public writes and expensive reads are throttled per client address (and incoming
// webhooks also per webhook) with the Workers Rate Limiting bindings of wrangler.toml, which
// Miniflare runs for real. This file lowers the bindings' limits through the harness (same names,
// namespaces and periods as wrangler.toml), so a few requests reach them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeId } from "../../workers/platform/ids.ts";
import { freshRateWindow, rateLimitBindings, startWorker, wranglerVars, type TestWorker } from "./harness.ts";
import { MODERN_BROWSER, pageTitle, read, sleep } from "./html.ts";

const LIMIT = 3;
const HOOK_LIMIT = 2;
const HOOKS_PER_ADDRESS = 6;
const KEY = wranglerVars().ANALYTICS_KEY!;
const periods = Object.fromEntries(rateLimitBindings().map((b) => [b.name, b.simple.period]));
const sent: string[] = [];

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({
    apps: 40,
    rateLimits: {
      RATE_LIMIT_ANALYTICS: LIMIT,
      RATE_LIMIT_SEARCH: LIMIT,
      RATE_LIMIT_IMAGES: LIMIT,
      RATE_LIMIT_LOGIN: LIMIT,
      RATE_LIMIT_HOOKS: HOOKS_PER_ADDRESS,
      RATE_LIMIT_WEBHOOK: HOOK_LIMIT,
    },
    // The image proxy's upstream and the platform's POST /messages (incoming webhooks post there).
    outboundService: (request) => {
      sent.push(`${request.method} ${new URL(request.url).pathname}`);
      if (new URL(request.url).pathname.endsWith("/messages")) {
        return Response.json({
          id: encodeId("MESSAGE", crypto.randomUUID()),
          roomId: encodeId("ROOM", "00000000-0000-4000-8000-000000000001"),
          personId: encodeId("PEOPLE", "00000000-0000-4000-8000-000000000002"),
          personEmail: "incoming-webhooks@bots.example",
          created: new Date().toISOString(),
        });
      }
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "Content-Type": "image/png" } });
    },
  });
});
afterAll(() => w?.dispose());

let n = 0;
const unique = () => `${Date.now().toString(36)}${++n}`;
const from = (address: string | undefined, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...MODERN_BROWSER, ...(init.headers as Record<string, string>), ...(address ? { "CF-Connecting-IP": address } : {}) },
});

async function expectJson429(res: Response, binding: string): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(periods[binding]));
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: string; message: string };
  expect(body.error).toBe("too_many_requests");
  expect(body.message).toMatch(new RegExp(`try again in ${periods[binding]} s`, "i"));
}

async function expectPage429(res: Response, binding: string): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(periods[binding]));
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  const html = await res.text();
  expect(pageTitle(html)).toBe("Too many requests | App Hub");
  expect(read(html).text).toContain(`Wait ${periods[binding]} seconds, then try again`);
  expect(read(html).links).toContain("/");
}

/** Sends `make()` LIMIT times (each must pass), then once more: the answer past the limit. */
async function pastTheLimit(binding: string, make: () => Promise<Response>, limit = LIMIT): Promise<Response> {
  await freshRateWindow(binding);
  for (let i = 0; i < limit; i++) {
    const res = await make();
    expect(res.status, `request ${i + 1} of ${limit}`).not.toBe(429);
    await res.arrayBuffer();
  }
  return make();
}

describe("429 with Retry-After past the limit, per client address", () => {
  it("analytics beacons (JSON), and another address is not affected", async () => {
    const beacon = (address: string) =>
      w.fetch("/api/analytics", from(address, { method: "POST", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ key: KEY, name: "AppHub_pageView" }) }));
    await expectJson429(await pastTheLimit("RATE_LIMIT_ANALYTICS", () => beacon("198.51.100.1")), "RATE_LIMIT_ANALYTICS");
    expect((await beacon("198.51.100.2")).status).toBe(204);
  });

  it("a flood is refused before its body is read: a malformed beacon past the limit is a 429, not a 400", async () => {
    await pastTheLimit("RATE_LIMIT_ANALYTICS", () => w.fetch("/api/analytics", from("198.51.100.3", { method: "POST", body: JSON.stringify({ key: KEY, name: "AppHub_login" }) })));
    const junk = await w.fetch("/api/analytics", from("198.51.100.3", { method: "POST", body: "{not json" }));
    await expectJson429(junk, "RATE_LIMIT_ANALYTICS");
  });

  it("the search page (an HTML page with a sentence to act on)", async () => {
    const search = (address: string) => w.fetch(`/search?q=${unique()}`, from(address));
    await expectPage429(await pastTheLimit("RATE_LIMIT_SEARCH", () => search("198.51.100.10")), "RATE_LIMIT_SEARCH");
    expect((await search("198.51.100.11")).status).toBe(200);
  });

  it("search and suggest APIs share the search allowance (JSON), and so do client-side navigations", async () => {
    const address = "198.51.100.12";
    await freshRateWindow("RATE_LIMIT_SEARCH");
    const calls = [`/api/search?searchQuery=${unique()}`, `/api/suggest?q=${unique()}`, `/search.data?q=${unique()}`];
    for (const path of calls) expect((await w.fetch(path, from(address))).status).not.toBe(429);
    await expectJson429(await w.fetch(`/api/suggest?q=${unique()}`, from(address)), "RATE_LIMIT_SEARCH");
    await expectJson429(await w.fetch(`/search.data?q=${unique()}`, from(address)), "RATE_LIMIT_SEARCH");
    expect((await w.fetch(`/api/suggest?q=${unique()}`, from("198.51.100.13"))).status).toBe(200);
  });

  it("the image proxy (JSON)", async () => {
    const image = (address: string) => w.fetch(`/getImage?imageUrl=${encodeURIComponent(`http://images.example.test/${unique()}.png`)}`, from(address));
    await expectJson429(await pastTheLimit("RATE_LIMIT_IMAGES", () => image("198.51.100.20")), "RATE_LIMIT_IMAGES");
    expect((await image("198.51.100.21")).status).toBe(200);
  });

  it("login: /auth and the OAuth callback share one allowance (HTML page)", async () => {
    const address = "198.51.100.30";
    await freshRateWindow("RATE_LIMIT_LOGIN");
    for (const path of ["/auth?last=/", "/auth/callback?code=x&state=y", "/auth?last=/bots"]) {
      expect((await w.fetch(path, from(address))).status).not.toBe(429);
    }
    await expectPage429(await w.fetch("/auth/callback?code=x&state=y", from(address)), "RATE_LIMIT_LOGIN");
    await expectPage429(await w.fetch("/auth?last=/", from(address)), "RATE_LIMIT_LOGIN");
    expect((await w.fetch("/auth?last=/", from("198.51.100.31"))).status).toBe(302);
  });

  it("paths are matched as Remix matches them (case, trailing slash, escapes)", async () => {
    const address = "198.51.100.40";
    await freshRateWindow("RATE_LIMIT_SEARCH");
    for (const path of [`/API/Search?searchQuery=${unique()}`, `/api/suggest/?q=${unique()}`, `/api/sugges%74?q=${unique()}`]) {
      expect((await w.fetch(path, from(address))).status).not.toBe(429);
    }
    expect((await w.fetch(`/Search?q=${unique()}`, from(address))).status).toBe(429);
  });

  it("counts work, not cache hits: a page from the edge cache is served past the limit", async () => {
    const address = "198.51.100.50";
    const path = `/api/search?appType=bot&searchQuery=${unique()}`;
    await freshRateWindow("RATE_LIMIT_SEARCH");
    for (let i = 0; i < 40; i++) {
      const res = await w.fetch(path, from(address));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      if (res.headers.get("X-Edge-Cache") === "HIT") break;
      await sleep(20);
    }
    const hit = await w.fetch(path, from(address));
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(hit.status).toBe(200);
  });
});

describe("incoming webhooks: per address, and per webhook", () => {
  const token = () => `tok${crypto.randomUUID().replace(/-/g, "")}`;
  async function webhook(): Promise<string> {
    const t = token();
    await w.db
      .prepare("INSERT INTO webhooks (id, type, user_id, room_id, room_title, display_name, token, created_at) VALUES (?, 'incoming', ?, ?, 'Room', ?, ?, ?)")
      .bind(crypto.randomUUID(), crypto.randomUUID(), encodeId("ROOM", crypto.randomUUID()), `Hook-${unique()}`, t, new Date().toISOString())
      .run();
    return t;
  }
  const post = (t: string, address: string) =>
    w.fetch(`/api/hooks/incoming/${t}`, from(address, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: "ping" }) }));

  it("a webhook's limit does not affect another webhook", async () => {
    const [a, b] = [await webhook(), await webhook()];
    await expectJson429(await pastTheLimit("RATE_LIMIT_WEBHOOK", () => post(a, "198.51.100.60"), HOOK_LIMIT), "RATE_LIMIT_WEBHOOK");
    // From the same address and another: the other webhook still takes posts.
    expect((await post(b, "198.51.100.60")).status).not.toBe(429);
    expect((await post(b, "198.51.100.61")).status).not.toBe(429);
    // The limited webhook is limited for every sender.
    expect((await post(a, "198.51.100.62")).status).toBe(429);
  });

  it("one address posting to many webhooks (or guessing tokens) meets the per-address limit", async () => {
    await freshRateWindow("RATE_LIMIT_HOOKS");
    const address = "198.51.100.70";
    for (let i = 0; i < HOOKS_PER_ADDRESS; i++) expect((await post(i % 2 ? await webhook() : token(), address)).status).not.toBe(429);
    await expectJson429(await post(await webhook(), address), "RATE_LIMIT_HOOKS");
    expect((await post(await webhook(), "198.51.100.71")).status).not.toBe(429);
  });
});
