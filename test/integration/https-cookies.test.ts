// Issue 12 item 5: on https every cookie of ours carries the __Host- prefix (so browsers insist on
// Secure, Path=/ and no Domain, and neither a sibling subdomain nor plain http can plant or overwrite
// it); a bare-named copy is ignored there. On plain http (local development) the names stay bare,
// which the other integration tests and the e2e suite exercise.
import { describe, expect, it } from "vitest";
import { LEGACY_SYNC, USERS } from "../../workers/platform/demo-data.ts";
import { startPlatform } from "../platform/harness.ts";
import { startWorker } from "./harness.ts";
import { page as parse, read } from "./html.ts";
import { acceptAtPlatform, beginLogin, Jar, postForm, useWorld, visit, type World } from "./login.ts";

// https on a loopback name: the development config serves loopback hosts only (docs/decisions/015).
const ORIGIN = "https://localhost";
const riley = USERS.riley;

/** Every Set-Cookie line any response in this file carried. */
const seen: string[] = [];

const world = useWorld(async (): Promise<World> => {
  const platform = await startPlatform({ vars: { HUB_REDIRECT_URIS: `${ORIGIN}/auth/callback` } });
  const app = await startWorker({ vars: { PLATFORM_API_BASE: `${platform.origin}/v1`, RENDER_ENVIRONMENT_WARNING: "true" } });
  // The same Worker, asked over https: every response's cookies are collected for the checks below.
  const fetchHttps = async (path: string, init?: RequestInit) => {
    const res = (await app.mf.dispatchFetch(`${ORIGIN}${path}`, { redirect: "manual", ...(init as object) })) as unknown as Response;
    seen.push(...res.headers.getSetCookie());
    return res;
  };
  return {
    app: { ...app, origin: ORIGIN, fetch: fetchHttps },
    platform,
    dispose: async () => void (await Promise.all([app.dispose(), platform.dispose()])),
  };
});

/** The checks every cookie of ours must pass on https. */
function expectHostCookie(line: string) {
  const [pair, ...attributes] = line.split(";").map((part) => part.trim());
  expect(pair, line).toMatch(/^__Host-[^=]+=/);
  expect(attributes, line).toContainEqual(expect.stringMatching(/^Secure$/i));
  expect(attributes, line).toContainEqual(expect.stringMatching(/^Path=\/$/i));
  expect(
    attributes.some((a) => /^Domain=/i.test(a)),
    line,
  ).toBe(false);
}

const setCookieNamed = (res: Response, name: string) => res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));

async function logIn(jar: Jar, last = "/bots"): Promise<Response> {
  const authorize = await beginLogin(world, jar, last);
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback`);
  return visit(world, jar, await acceptAtPlatform(world, authorize, riley.email));
}

describe("on https", () => {
  it("the login sets __Host- pending-login, session and CSRF cookies, and the session works", async () => {
    const jar = new Jar();
    const start = await visit(world, jar, "/auth?last=%2Fbots");
    expect(setCookieNamed(start, "__Host-__oauth")).toBeTruthy();
    // Re-run the login from the start with this jar (beginLogin asserts the platform address).
    const res = await logIn(jar);
    expect(res.headers.get("Location")).toBe("/bots");
    expect(setCookieNamed(res, "__Host-__session")).toMatch(/HttpOnly/i);
    expect(setCookieNamed(res, "__Host-csrf-token")).toBeTruthy();
    expect(setCookieNamed(res, "__Host-__oauth")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(res.headers.getSetCookie().some((line) => /^(__session|csrf-token|__oauth)=/.test(line))).toBe(false);

    const page = await visit(world, jar, "/bots");
    expect(await page.text()).toContain(`Account: ${riley.displayName}`);
  });

  it("ignores a bare-named session cookie (it could have been planted around the prefix)", async () => {
    const jar = new Jar();
    await logIn(jar);
    const bare = new Jar();
    bare.cookies.set("__session", jar.get("__Host-__session")!);
    const html = await (await visit(world, bare, "/bots")).text();
    expect(html).not.toContain(`Account: ${riley.displayName}`);
  });

  it("checks CSRF against the __Host- cookie, and logout clears both", async () => {
    const jar = new Jar();
    await logIn(jar);
    const token = jar.get("__Host-csrf-token")!;
    // A bare-named csrf cookie does not count on https.
    const planted = new Jar();
    for (const [k, v] of jar.cookies) if (k !== "__Host-csrf-token") planted.cookies.set(k, v);
    planted.cookies.set("csrf-token", token);
    expect((await postForm(world, planted, "/my-integrations", { intent: "disconnect", clientId: LEGACY_SYNC.clientId }, token)).status).toBe(403);
    const ok = await postForm(world, jar, "/my-integrations", { intent: "disconnect", clientId: LEGACY_SYNC.clientId, name: LEGACY_SYNC.name }, token);
    expect(ok.status).toBe(302);
    expect(setCookieNamed(ok, "__Host-flash")).toBeTruthy();
    const out = await visit(world, jar, "/logout?last=%2F", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(out.headers.get("Location")).toBe("/");
    expect(jar.get("__Host-__session")).toBeUndefined();
    expect(jar.get("__Host-csrf-token")).toBeUndefined();
  });

  it("the session-expired notice travels in a __Host- flash cookie", async () => {
    const jar = new Jar();
    await logIn(jar);
    const { keys } = await world.app.kv.list();
    for (const { name } of keys) if (!name.endsWith("-version")) await world.app.kv.delete(name);
    const res = await visit(world, jar, "/bots");
    expect(res.status).toBe(302);
    expect(setCookieNamed(res, "__Host-flash")).toBeTruthy();
    expect(await (await visit(world, jar, "/bots")).text()).toContain("You were logged out.");
  });

  it("the preference cookies are __Host- too, and only the __Host- ones are read", async () => {
    const time = "2025-03-10T09:00:00.000Z";
    const consent = await postForm(world, new Jar(), "/preferences/analytics-consent", { consent: "true" });
    expect(setCookieNamed(consent, "__Host-performance_consent")).toBeTruthy();
    const bar = await postForm(world, new Jar(), "/preferences/test-environment-bar", { returnTo: "/bots" });
    expect(setCookieNamed(bar, "__Host-isAlertTestHidden")).toBeTruthy();
    const banner = await postForm(world, new Jar(), "/preferences/announcement", { time, returnTo: "/" });
    expect(setCookieNamed(banner, "__Host-hd_an_bnr_dp")).toBeTruthy();
    const modal = await postForm(world, new Jar(), "/preferences/modal", { modalId: "welcome", time, returnTo: "/" });
    expect(setCookieNamed(modal, "__Host-hd_modal_welcome")).toBeTruthy();

    const testBar = (html: string) => parse(html).labelled("Test environment") !== null;
    const page = (cookie: string) => world.app.fetch(`/skills?n=${Math.random()}`, { headers: { Cookie: cookie } }).then((r) => r.text());
    expect(testBar(await page(""))).toBe(true);
    expect(testBar(await page("__Host-isAlertTestHidden=true"))).toBe(false);
    expect(testBar(await page("isAlertTestHidden=true"))).toBe(true);

    const consentPage = (cookie: string) => world.app.fetch("/preferences/analytics-consent", { headers: { Cookie: cookie } }).then(async (r) => read(await r.text()).text);
    expect(await consentPage("__Host-performance_consent=true")).toContain("Currently: allowed.");
    expect(await consentPage("performance_consent=true")).toContain("Currently: not allowed.");
  });

  it("connecting an integration uses a __Host- state cookie", async () => {
    const jar = new Jar();
    await logIn(jar);
    const integration = world.platform.catalogue.apps.find((a) => a.type === "integration" && a.clientId && a.status === "published")!;
    const res = await visit(world, jar, `/applications/${integration.friendlyId ?? integration.id}/connect`);
    expect(res.status).toBe(302);
    expect(setCookieNamed(res, "__Host-mkt-int-connect")).toBeTruthy();
  });

  it("every Set-Cookie answered over https in this file is a __Host- cookie with Secure, Path=/ and no Domain", () => {
    expect(seen.length).toBeGreaterThan(15);
    for (const line of seen) expectHostCookie(line);
  });
});
