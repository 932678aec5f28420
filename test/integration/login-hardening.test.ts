// Issue 12 item 5: the pending-login cookie works once (a replayed callback is refused even with the
// old cookie), and the CSRF token is bound to the session it was issued to (another person's token,
// an unbound token or one from an earlier session of the same browser is refused with 403).
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signCsrf } from "../../app/auth/csrf-token.server.ts";
import { LEGACY_SYNC, USERS } from "../../workers/platform/demo-data.ts";
import { wranglerVars } from "./harness.ts";
import { read, textOf } from "./html.ts";
import { startFirstPartyWorld } from "./integrations-world.ts";
import { acceptAtPlatform, beginLogin, Jar, logIn, postForm, useWorld, visit } from "./login.ts";

// First-party: the CSRF cases post a Disconnect that would change something at the platform (the
// default third-party hub cannot revoke anything; README "Deployment modes"). Before each test: the
// emulator's demo state, and no sessions or pending logins left in KV (only the version keys).
const world = useWorld(
  () => startFirstPartyWorld(),
  async (started) => {
    await started.platform.reset();
    const { keys } = await started.app.kv.list();
    for (const { name } of keys) if (!name.endsWith("-version")) await started.app.kv.delete(name);
  },
);

const riley = USERS.riley;
const ada = USERS.ada;

async function loggedIn(email = riley.email): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

const kvKeys = async () => (await world.app.kv.list()).keys.map((k) => k.name).filter((n) => !n.endsWith("-version"));

describe("the pending-login cookie works once", () => {
  it("refuses a replayed callback carrying the used cookie, even with a fresh code for the same state", async () => {
    const jar = new Jar();
    const authorize = await beginLogin(world, jar, "/bots");
    const pendingCookie = jar.get("__oauth")!;
    expect(pendingCookie).toBeTruthy();
    const first = await acceptAtPlatform(world, authorize, riley.email);
    expect((await visit(world, jar, first)).headers.get("Location")).toBe("/bots");

    // Someone who copied the pending-login cookie gets the platform to issue another code for the
    // same state and PKCE challenge, and replays the callback with the old cookie.
    const attacker = new Jar();
    attacker.cookies.set("__oauth", pendingCookie);
    const second = await acceptAtPlatform(world, authorize, riley.email);
    const res = await visit(world, attacker, second);
    expect(res.headers.get("Location")).toBe("/login?error=state&last=%2Fbots");
    expect(attacker.get("__session")).toBeUndefined();
  });

  it("refuses the very same callback replayed with the old cookie, as a stale login", async () => {
    const jar = new Jar();
    const authorize = await beginLogin(world, jar, "/bots");
    const pendingCookie = jar.get("__oauth")!;
    const callback = await acceptAtPlatform(world, authorize, riley.email);
    expect((await visit(world, jar, callback)).status).toBe(302);
    const attacker = new Jar();
    attacker.cookies.set("__oauth", pendingCookie);
    const res = await visit(world, attacker, callback);
    expect(res.headers.get("Location")).toBe("/login?error=state&last=%2Fbots");
    expect(attacker.get("__session")).toBeUndefined();
  });

  it("keeps nothing behind: the one-time record is gone after the callback, whatever its outcome", async () => {
    const jar = new Jar();
    const authorize = await beginLogin(world, jar, "/");
    expect((await kvKeys()).length).toBe(1);
    await visit(world, jar, await acceptAtPlatform(world, authorize, riley.email, "decline"));
    expect(await kvKeys()).toEqual([]);
  });
});

/** A disconnect post as a page of ours sends it, with the given token in the cookie and the form. */
function disconnect(jar: Jar, token: string) {
  const cookies = new Jar();
  for (const [k, v] of jar.cookies) cookies.cookies.set(k, v);
  cookies.cookies.set("csrf-token", token);
  return postForm(world, cookies, "/my-integrations", { intent: "disconnect", clientId: LEGACY_SYNC.clientId, name: LEGACY_SYNC.name }, token);
}

/** The first session secret of the test config, as the Worker signs with. */
const secret = () => wranglerVars().SESSION_SECRETS!.split(",")[0]!.trim();

/** The session id inside the jar's signed session cookie (Remix: base64 JSON, "." signature). */
function sessionIdIn(jar: Jar): string {
  const value = decodeURIComponent(jar.get("__session")!);
  return JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
}

async function stillConnected(jar: Jar): Promise<boolean> {
  const { text, page } = read(await (await visit(world, jar, "/my-integrations")).text());
  return page.all("h2").some((h) => textOf(h).startsWith(LEGACY_SYNC.name)) && !text.includes("was disconnected");
}

describe("the CSRF token is bound to the session", () => {
  it("accepts the session's own token", async () => {
    const jar = await loggedIn();
    const res = await disconnect(jar, jar.get("csrf-token")!);
    expect(res.status).toBe(302);
  });

  it("refuses another person's token (planted in the cookie and the form) with 403", async () => {
    const victim = await loggedIn(riley.email);
    const attacker = await loggedIn(ada.email);
    const res = await disconnect(victim, attacker.get("csrf-token")!);
    expect(res.status).toBe(403);
    expect(await stillConnected(victim)).toBe(true);
  });

  it("refuses a token signed with our secret but bound to no session", async () => {
    const jar = await loggedIn();
    const random = "a".repeat(43);
    const unbound = `v2.${random}.${await signCsrf(secret(), null, random)}`;
    const res = await disconnect(jar, unbound);
    expect(res.status).toBe(403);
    expect(await stillConnected(jar)).toBe(true);
  });

  it("accepts a token signed for this session, and refuses it tampered (cookie and form agreeing)", async () => {
    const jar = await loggedIn();
    const random = "b".repeat(43);
    const signature = await signCsrf(secret(), sessionIdIn(jar), random);
    const tampered = `v2.${random}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect((await disconnect(jar, tampered)).status).toBe(403);
    expect(await stillConnected(jar)).toBe(true);
    expect((await disconnect(jar, `v2.${random}.${signature}`)).status).toBe(302);
  });

  it("refuses the crypto-js era's token of this very session, and issues a new one on the next page", async () => {
    const jar = await loggedIn();
    // What remix-utils 7 (crypto-js) signed before decision 036: HMAC(secret + session binding, random).
    const random = "c".repeat(43);
    const key = `${secret()}\u0000csrf-session:${sessionIdIn(jar)}`;
    const old = `${random}.${createHmac("sha256", key).update(random).digest("base64url")}`;
    expect((await disconnect(jar, old)).status).toBe(403);
    expect(await stillConnected(jar)).toBe(true);
    jar.cookies.set("csrf-token", old);
    expect((await visit(world, jar, "/my-integrations")).status).toBe(200);
    expect(jar.get("csrf-token")).toMatch(/^v2\./);
    expect((await disconnect(jar, jar.get("csrf-token")!)).status).toBe(302);
  });

  it("refuses the token of an earlier session of the same browser (rotated at login and logout)", async () => {
    const jar = await loggedIn();
    const before = jar.get("csrf-token")!;
    await visit(world, jar, "/logout?last=%2F", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(jar.get("csrf-token")).toBeUndefined();
    expect((await logIn(world, jar, riley.email)).status).toBe(302);
    expect(jar.get("csrf-token")).toBeTruthy();
    expect(jar.get("csrf-token")).not.toBe(before);
    const res = await disconnect(jar, before);
    expect(res.status).toBe(403);
    expect(await stillConnected(jar)).toBe(true);
  });

  it("re-issues a token bound to this session when the browser holds someone else's", async () => {
    const jar = await loggedIn();
    const other = await loggedIn(ada.email);
    jar.cookies.set("csrf-token", other.get("csrf-token")!);
    const page = await visit(world, jar, "/my-integrations");
    expect(page.status).toBe(200);
    expect(jar.get("csrf-token")).not.toBe(other.get("csrf-token"));
    expect((await disconnect(jar, jar.get("csrf-token")!)).status).toBe(302);
  });

  it("without a session, still needs the cookie's token and the submitted one to agree", async () => {
    const jar = await loggedIn();
    const token = jar.get("csrf-token")!;
    jar.cookies.delete("__session");
    const mismatched = await postForm(world, jar, "/my-integrations", { intent: "disconnect", clientId: LEGACY_SYNC.clientId }, `${token}x`);
    expect(mismatched.status).toBe(403);
    // The same token: the post acts for nobody and is sent to log in.
    const res = await postForm(world, jar, "/my-integrations", { intent: "disconnect", clientId: LEGACY_SYNC.clientId }, token);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?last=%2Fmy-integrations");
  });

  it("keeps the anonymous posts working without a token", async () => {
    const anonymous = new Jar();
    expect((await postForm(world, anonymous, "/preferences/analytics-consent", { consent: "true", returnTo: "/bots" })).headers.get("Location")).toBe("/bots");
    expect((await postForm(world, anonymous, "/preferences/test-environment-bar", { returnTo: "/bots" })).headers.get("Location")).toBe("/bots");
    // And logged in, too: these forms sit on shared cached pages that carry no token.
    const jar = await loggedIn();
    expect((await postForm(world, jar, "/preferences/analytics-consent", { consent: "false", returnTo: "/bots" })).status).toBe(302);
  });
});
