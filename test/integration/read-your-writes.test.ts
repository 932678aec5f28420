// D1 read replication through the Sessions API (docs/decisions/017): every request reads and writes
// through one D1 session; anonymous requests open it "first-unconstrained" (the nearest replica),
// machine endpoints "first-primary", and a logged-in person who wrote carries the session's bookmark
// in a signed cookie, so their next requests open at it and read their own writes. Locally there is
// one copy of the database, so "a replica that lags" cannot be staged; what is checked is the chain
// that makes read-your-writes hold on Cloudflare: which requests get a bookmark, that it is at least
// as new as the write, that the next request opens its session at it (the Worker's debug log says
// how each session started), and that a session opened at it sees the write.
import { describe, expect, it } from "vitest";
import { ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { startPlatform } from "../platform/harness.ts";
import { startWorker } from "./harness.ts";
import { Jar, logIn, postForm, useWorld, visit, type World } from "./login.ts";

/** The Worker's log lines, parsed. */
const logs: Record<string, unknown>[] = [];

const world = useWorld(
  async (): Promise<World> => {
    const platform = await startPlatform();
    const app = await startWorker({
      vars: { PLATFORM_API_BASE: `${platform.origin}/v1`, PLATFORM_TOKENS_PAGE_URL: `${platform.origin}/account/authorized-apps`, LOG_LEVEL: "debug" },
      onLog: (log) => {
        try {
          logs.push(JSON.parse(log.message) as Record<string, unknown>);
        } catch {
          // Not one of the Worker's JSON lines (workerd's own output).
        }
      },
    });
    return { app, platform, dispose: async () => void (await Promise.all([app.dispose(), platform.dispose()])) };
  },
  async (w) => {
    await w.platform.reset();
    await w.app.db.prepare("DELETE FROM webhooks").run();
  },
);

const INCOMING = "/applications/incoming-webhooks";
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/**
 * How the D1 session of the next request the Worker finishes was opened. Structured logs reach the
 * test asynchronously, so this waits a moment for the line.
 */
async function sessionOf(request: () => Promise<Response>): Promise<{ res: Response; start: unknown; wrote: unknown }> {
  logs.length = 0;
  const res = await request();
  for (let i = 0; i < 100; i++) {
    const line = logs.find((l) => l.message === "D1 session");
    if (line) return { res, start: line.start, wrote: line.wrote };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("The Worker logged no D1 session for the request");
}

const bookmarkLine = (res: Response) => res.headers.getSetCookie().find((line) => line.startsWith("d1-bookmark="));

/** The bookmark a d1-bookmark cookie value carries (Remix's signed cookie: base64 JSON, a dot, the signature). */
function bookmarkIn(cookieValue: string): string {
  const signed = decodeURIComponent(cookieValue);
  const encoded = signed.slice(0, signed.lastIndexOf("."));
  return (JSON.parse(decodeURIComponent(escape(atob(encoded)))) as { b: string }).b;
}

async function loggedIn(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

describe("anonymous visitors", () => {
  it("read from anywhere (first-unconstrained), get no bookmark, and their pages stay edge-cacheable", async () => {
    const { res, start, wrote } = await sessionOf(() => visit(world, new Jar(), "/bots?page=1"));
    expect(res.status).toBe(200);
    expect(start).toBe("first-unconstrained");
    expect(wrote).toBe(false);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.headers.get("X-Edge-Cache")).toBe("MISS");
  });
});

describe("a logged-in person", () => {
  it("who only reads gets no bookmark", async () => {
    const jar = await loggedIn(USERS.riley.email);
    const { res, start } = await sessionOf(() => visit(world, jar, "/bots"));
    expect(res.status).toBe(200);
    expect(start).toBe(jar.get("d1-bookmark") ? "bookmark" : "first-unconstrained");
    expect(bookmarkLine(res)).toBeUndefined();
  });

  it("who creates a webhook carries a bookmark at least as new as the write, and reads their own write through it", async () => {
    const jar = await loggedIn(USERS.riley.email);
    // The database's position before the write: the bookmark must be past it.
    const before = world.app.db.withSession("first-primary");
    await before.prepare("SELECT 1").first();
    const positionBefore = before.getBookmark()!;

    const fields = { intent: "create-webhook", displayName: "Deploys", roomId: encodeId("ROOM", ROOMS.marketingLaunch.uuid) };
    const { res: created, wrote } = await sessionOf(() => postForm(world, jar, INCOMING, fields));
    expect(created.status).toBe(302);
    expect(wrote).toBe(true);
    const line = bookmarkLine(created);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=600/i);
    const bookmark = bookmarkIn(jar.get("d1-bookmark")!);
    expect(bookmark).toMatch(BOOKMARK);
    expect(bookmark > positionBefore).toBe(true);

    // The next request opens its session at the bookmark, and the page shows the webhook.
    const { res: page, start } = await sessionOf(() => visit(world, jar, INCOMING));
    expect(start).toBe("bookmark");
    expect(await page.text()).toContain("Deploys");
    // Any session opened at the bookmark (a replica would have to be at least this new) sees the row.
    const atBookmark = world.app.db.withSession(bookmark);
    expect(await atBookmark.prepare("SELECT display_name FROM webhooks WHERE display_name = ?").bind("Deploys").first("display_name")).toBe("Deploys");
  });

  it("keeps the newer bookmark after a second write", async () => {
    const jar = await loggedIn(USERS.riley.email);
    const room = encodeId("ROOM", ROOMS.marketingLaunch.uuid);
    await postForm(world, jar, INCOMING, { intent: "create-webhook", displayName: "First", roomId: room });
    const first = bookmarkIn(jar.get("d1-bookmark")!);
    expect((await postForm(world, jar, INCOMING, { intent: "create-webhook", displayName: "Second", roomId: room })).status).toBe(302);
    expect(bookmarkIn(jar.get("d1-bookmark")!) > first).toBe(true);
  });

  it("drops the bookmark with the session: without the session cookie it is ignored", async () => {
    const jar = await loggedIn(USERS.riley.email);
    await postForm(world, jar, INCOMING, { intent: "create-webhook", displayName: "Gone", roomId: encodeId("ROOM", ROOMS.marketingLaunch.uuid) });
    expect(jar.get("d1-bookmark")).toBeTruthy();
    const anonymous = new Jar();
    anonymous.cookies.set("d1-bookmark", jar.get("d1-bookmark")!);
    const { res, start } = await sessionOf(() => visit(world, anonymous, "/integrations"));
    expect(start).toBe("first-unconstrained");
    expect(res.headers.get("X-Edge-Cache")).not.toBe("BYPASS");
  });

  it("ignores a forged or malformed bookmark cookie", async () => {
    const jar = await loggedIn(USERS.riley.email);
    for (const value of ["garbage", `${btoa(JSON.stringify({ b: "00000000-00000001-00000000-00000000000000000000000000000000" }))}.forged`]) {
      jar.cookies.set("d1-bookmark", encodeURIComponent(value));
      const { res, start } = await sessionOf(() => visit(world, jar, "/bots"));
      expect(res.status).toBe(200);
      expect(start).toBe("first-unconstrained");
    }
  });
});

describe("machine endpoints", () => {
  it("read the primary (an incoming webhook created a moment ago answers at once)", async () => {
    const jar = await loggedIn(USERS.riley.email);
    await postForm(world, jar, INCOMING, { intent: "create-webhook", displayName: "Pager", roomId: encodeId("ROOM", ROOMS.marketingLaunch.uuid) });
    const token = (await world.app.db.prepare("SELECT token FROM webhooks WHERE display_name = 'Pager'").first<{ token: string }>())!.token;
    const { res, start } = await sessionOf(() =>
      world.app.fetch(`/api/hooks/incoming/${token}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"text":"hello"}' }),
    );
    expect(res.status).toBeLessThan(300);
    expect(start).toBe("first-primary");
    expect(bookmarkLine(res)).toBeUndefined();
  });
});
