// Issue 12 item 5: sessions end. An absolute lifetime from the login (never extended by a token
// refresh) and an idle timeout since the last request, both configurable; after either the person
// sees 'You were logged out.'. Last activity is recorded without a KV write on every request.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { Jar, logIn, startWorld, useWorld, visit, type World } from "./login.ts";

const DAY = 24 * 3600_000;
const riley = USERS.riley;

type Stored = { createdAt: number; lastSeenAt?: number; tokens: { accessToken: string; accessExpiresAt: number; refreshExpiresAt: number } };

function lifetimes(getWorld: () => World) {
  const kv = () => getWorld().app.kv;
  async function sessionKey(): Promise<string> {
    const { keys } = await kv().list();
    const sessions = keys.filter((k) => /^[0-9a-f]{16}$/.test(k.name));
    expect(sessions).toHaveLength(1);
    return sessions[0]!.name;
  }
  return {
    async stored(): Promise<{ key: string; data: Stored; expiration: number | undefined }> {
      const key = await sessionKey();
      const { keys } = await kv().list();
      return { key, data: JSON.parse((await kv().get(key))!), expiration: keys.find((k) => k.name === key)?.expiration };
    },
    async change(edit: (data: Stored) => void): Promise<void> {
      const key = await sessionKey();
      const data = JSON.parse((await kv().get(key))!) as Stored;
      edit(data);
      await kv().put(key, JSON.stringify(data));
    },
    async expectLoggedOut(jar: Jar) {
      const world = getWorld();
      const res = await visit(world, jar, "/bots");
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/bots");
      expect(jar.get("__session")).toBeUndefined();
      const html = await (await visit(world, jar, "/bots")).text();
      expect(html).toContain("Session Expired");
      expect(html).toContain("You were logged out.");
      expect(html).not.toContain(`Account: ${riley.displayName}`);
      const { keys } = await kv().list();
      expect(keys.filter((k) => /^[0-9a-f]{16}$/.test(k.name))).toEqual([]);
    },
    async expectLoggedIn(jar: Jar) {
      const res = await visit(getWorld(), jar, "/bots");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(`Account: ${riley.displayName}`);
    },
  };
}

async function loggedIn(world: World): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, riley.email)).status).toBe(302);
  return jar;
}

async function clearSessions(world: World) {
  const { keys } = await world.app.kv.list();
  for (const { name } of keys) if (!name.endsWith("-version")) await world.app.kv.delete(name);
}

/** Before each test: the emulator's demo state and no sessions in KV. */
async function resetWithoutSessions(world: World) {
  await world.platform.reset();
  await clearSessions(world);
}

describe("with the default lifetimes (30 days absolute, 7 days idle)", () => {
  const world = useWorld(() => startWorld(), resetWithoutSessions);
  const s = lifetimes(() => world);

  it("records the login time and the last request in the session", async () => {
    const before = Date.now();
    await loggedIn(world);
    const { data, expiration } = await s.stored();
    expect(data.createdAt).toBeGreaterThanOrEqual(before);
    expect(data.lastSeenAt).toBe(data.createdAt);
    // KV forgets an untouched session after the idle timeout on its own.
    expect(expiration! * 1000).toBeLessThanOrEqual(data.createdAt + 7 * DAY + 1000);
  });

  it("ends a session 30 days after the login, however active", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.createdAt = Date.now() - 30 * DAY - 1000;
      d.lastSeenAt = Date.now() - 1000;
    });
    await s.expectLoggedOut(jar);
  });

  it("ends a session after 7 days without a request", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.createdAt = Date.now() - 8 * DAY;
      d.lastSeenAt = Date.now() - 7 * DAY - 1000;
    });
    await s.expectLoggedOut(jar);
  });

  it("keeps a session inside both limits, and a request counts as activity", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.createdAt = Date.now() - 29 * DAY;
      d.lastSeenAt = Date.now() - 6 * DAY;
    });
    const before = Date.now();
    await s.expectLoggedIn(jar);
    const { data, expiration } = await s.stored();
    expect(data.lastSeenAt).toBeGreaterThanOrEqual(before);
    // The KV entry now ends with the absolute lifetime (one day left), not a week from now.
    expect(expiration! * 1000).toBeLessThanOrEqual(data.createdAt + 30 * DAY + 1000);
  });

  it("does not write KV on every request: a recent last-seen time is left alone", async () => {
    const jar = await loggedIn(world);
    const recent = Date.now() - 60_000;
    await s.change((d) => {
      d.lastSeenAt = recent;
    });
    await s.expectLoggedIn(jar);
    await s.expectLoggedIn(jar);
    expect((await s.stored()).data.lastSeenAt).toBe(recent);
    // Older than a few minutes: rewritten.
    await s.change((d) => {
      d.lastSeenAt = Date.now() - 10 * 60_000;
    });
    const before = Date.now();
    await s.expectLoggedIn(jar);
    expect((await s.stored()).data.lastSeenAt).toBeGreaterThanOrEqual(before);
  });

  it("a token refresh does not extend the session", async () => {
    const jar = await loggedIn(world);
    const createdAt = Date.now() - 30 * DAY + 5 * 60_000;
    await s.change((d) => {
      d.createdAt = createdAt;
      d.tokens.accessExpiresAt = Date.now() + 60_000;
    });
    const old = (await s.stored()).data.tokens.accessToken;
    await s.expectLoggedIn(jar);
    const after = await s.stored();
    expect(after.data.tokens.accessToken).not.toBe(old);
    expect(after.data.createdAt).toBe(createdAt);
    // Neither the stored session nor its KV entry outlives login + 30 days.
    expect(after.expiration! * 1000).toBeLessThanOrEqual(createdAt + 30 * DAY + 1000);
    // Five minutes later (as far as the session knows) it is over, refresh or not.
    await s.change((d) => {
      d.createdAt = createdAt - 5 * 60_000;
    });
    await s.expectLoggedOut(jar);
  });

  it("the session cookie itself expires with the absolute lifetime", async () => {
    const jar = new Jar();
    const res = await logIn(world, jar, riley.email);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });
});

describe("with configured lifetimes (SESSION_MAX_AGE_SECONDS, SESSION_IDLE_TIMEOUT_SECONDS)", () => {
  const world = useWorld(() => startWorld({ SESSION_MAX_AGE_SECONDS: "3600", SESSION_IDLE_TIMEOUT_SECONDS: "600" }), resetWithoutSessions);
  const s = lifetimes(() => world);

  it("ends a session an hour after the login", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.createdAt = Date.now() - 3600_000 - 1000;
      d.lastSeenAt = Date.now() - 1000;
    });
    await s.expectLoggedOut(jar);
  });

  it("ends a session after ten idle minutes", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.lastSeenAt = Date.now() - 600_000 - 1000;
    });
    await s.expectLoggedOut(jar);
  });

  it("keeps it at nine idle minutes, and records activity more often than with a week's timeout", async () => {
    const jar = await loggedIn(world);
    await s.change((d) => {
      d.lastSeenAt = Date.now() - 9 * 60_000;
    });
    await s.expectLoggedIn(jar);
    // Two minutes old is left alone with a week's timeout (above), but not with ten minutes'.
    await s.change((d) => {
      d.lastSeenAt = Date.now() - 2 * 60_000;
    });
    const before = Date.now();
    await s.expectLoggedIn(jar);
    expect((await s.stored()).data.lastSeenAt).toBeGreaterThanOrEqual(before);
  });

  it("sets the cookie's lifetime from the configuration", async () => {
    const res = await logIn(world, new Jar(), riley.email);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(Number(/Max-Age=(\d+)/i.exec(cookie)?.[1])).toBe(3600);
  });
});
