// Connecting a catalogue integration from its detail page (issue 6): Connect → the platform's consent
// for that integration → back to the app page with a notice; the grant then shows in My Integrations
// and Disconnect removes it. Declined, failed and forged/expired returns each say so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededGrants, USERS } from "../../workers/platform/demo-data.ts";
import { decode } from "./html.ts";
import { acceptAtPlatform, Jar, logIn, postForm, startWorld, visit, type World } from "./login.ts";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.dispose());
beforeEach(() => world.platform.reset());

/** Published integrations with a client id that nobody has connected in the demo seed. */
function freeIntegrations() {
  const integrations = world.app.catalogue.apps.filter((a) => a.type === "integration" && a.clientId && a.status === "published");
  const granted = new Set(seededGrants(integrations.map((a) => ({ clientId: a.clientId!, name: a.name }))).map((g) => g.clientId));
  return integrations.filter((a) => !granted.has(a.clientId!));
}
const keyOf = (app: { friendlyId: string | null; id: string }) => app.friendlyId ?? app.id;

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

/** Connect → the platform's authorize URL (checked), with the state cookie in the jar. */
async function startConnect(jar: Jar, key: string): Promise<URL> {
  const res = await visit(world, jar, `/applications/${key}/connect`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("Location")!);
  expect(location.origin + location.pathname).toBe(`${world.platform.origin}/v1/authorize`);
  return location;
}

/** Follows the app's redirect back to the app page; returns that page's HTML (with the notice). */
async function landOnAppPage(jar: Jar, callback: string, key: string): Promise<string> {
  const back = await visit(world, jar, callback);
  expect(back.status).toBe(302);
  expect(back.headers.get("Location")).toBe(`/applications/${key}`);
  return decode(await (await visit(world, jar, `/applications/${key}`)).text());
}

describe("Connect on an integration's page", () => {
  it("is offered to a logged-in person; a logged-out visitor keeps 'Log in to add app +'", async () => {
    const app = freeIntegrations()[0]!;
    const anonymous = await (await world.app.fetch(`/applications/${keyOf(app)}`)).text();
    expect(anonymous).toContain("Log in to add app +");
    expect(anonymous).not.toContain("/connect");
    const jar = await as(USERS.riley.email);
    const res = await visit(world, jar, `/applications/${keyOf(app)}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(`href="/applications/${keyOf(app)}/connect"`);
    expect(html).not.toContain("Log in to add app +");
  });

  it("asks the platform for that integration's consent, with a state kept in a signed short-lived cookie", async () => {
    const app = freeIntegrations()[0]!;
    const jar = await as(USERS.riley.email);
    const authorize = await startConnect(jar, keyOf(app));
    expect(authorize.searchParams.get("client_id")).toBe(app.clientId);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`http://127.0.0.1:8787/applications/${keyOf(app)}/connected`);
    expect(authorize.searchParams.get("scope")).toContain("spark:people_read");
    expect(authorize.searchParams.get("state")!.length).toBeGreaterThanOrEqual(40);
    expect(authorize.searchParams.get("login_hint")).toBe(USERS.riley.email);
    const cookie = jar.get("mkt-int-connect")!;
    expect(cookie).toBeDefined();
    // Signed: the state is not readable or forgeable from the cookie alone.
    expect(cookie).not.toContain(authorize.searchParams.get("state"));
  });

  it("accepting connects it: the notice, My Integrations lists it, and Disconnect removes it", async () => {
    const app = freeIntegrations()[0]!;
    const jar = await as(USERS.riley.email);
    const callback = await acceptAtPlatform(world, await startConnect(jar, keyOf(app)), USERS.riley.email);
    const html = await landOnAppPage(jar, callback, keyOf(app));
    expect(html).toContain(`${app.name} is connected`);
    expect(jar.get("mkt-int-connect")).toBeUndefined();

    const mine = decode(await (await visit(world, jar, "/my-integrations")).text());
    expect(mine).toContain(`href="/applications/${keyOf(app)}"`);
    expect(mine).toContain(app.name);

    const res = await postForm(world, jar, "/my-integrations", { intent: "disconnect", clientId: app.clientId!, name: app.name });
    expect(res.status).toBe(302);
    const after = decode(await (await visit(world, jar, "/my-integrations")).text());
    expect(after).toContain(`${app.name} was disconnected from your account.`);
    expect(after).not.toContain(`href="/applications/${keyOf(app)}"`);
  });

  it("declining says so and connects nothing", async () => {
    const app = freeIntegrations()[1]!;
    const jar = await as(USERS.riley.email);
    const callback = await acceptAtPlatform(world, await startConnect(jar, keyOf(app)), USERS.riley.email, "decline");
    const html = await landOnAppPage(jar, callback, keyOf(app));
    expect(html).toContain(`You declined to connect ${app.name}. Nothing was shared with it.`);
    expect(await (await visit(world, jar, "/my-integrations")).text()).not.toContain(`href="/applications/${keyOf(app)}"`);
  });

  it("a platform error says it failed", async () => {
    const app = freeIntegrations()[1]!;
    const jar = await as(USERS.riley.email);
    const authorize = await startConnect(jar, keyOf(app));
    const html = await landOnAppPage(jar, `/applications/${keyOf(app)}/connected?error=server_error&state=${authorize.searchParams.get("state")}`, keyOf(app));
    expect(html).toContain(`${app.name} could not be connected. Please try again later.`);
  });

  it("a return without this browser's state (forged, replayed, or another app's) is refused", async () => {
    const [app, other] = freeIntegrations();
    const jar = await as(USERS.riley.email);
    const authorize = await startConnect(jar, keyOf(app!));
    const state = authorize.searchParams.get("state")!;
    const expired = `That request to connect ${app!.name} has expired or did not start here. Please choose Connect again.`;
    // Wrong state.
    expect(await landOnAppPage(jar, `/applications/${keyOf(app!)}/connected?code=x&state=${state.slice(0, -2)}xx`, keyOf(app!))).toContain(expired);
    // The right state, but the cookie was used up by the first return.
    expect(await landOnAppPage(jar, `/applications/${keyOf(app!)}/connected?code=x&state=${state}`, keyOf(app!))).toContain(expired);
    // Another browser (no cookie).
    const stranger = await as(USERS.riley.email);
    expect(await landOnAppPage(stranger, `/applications/${keyOf(app!)}/connected?code=x&state=${state}`, keyOf(app!))).toContain(expired);
    // State for one app, returned to another's page.
    const second = await startConnect(jar, keyOf(app!));
    const otherPage = await landOnAppPage(jar, `/applications/${keyOf(other!)}/connected?code=x&state=${second.searchParams.get("state")}`, keyOf(other!));
    expect(otherPage).toContain(`That request to connect ${other!.name} has expired`);
  });

  it("logged out, Connect leads to log in and back to the app's page", async () => {
    const app = freeIntegrations()[0]!;
    const res = await world.app.fetch(`/applications/${keyOf(app)}/connect`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?last=${encodeURIComponent(`/applications/${keyOf(app)}`)}`);
  });

  it("sends anything that is not a connectable integration to its page (which says what it is, or not found)", async () => {
    const jar = await as(USERS.riley.email);
    const bot = world.app.catalogue.apps.find((a) => a.type === "bot" && a.status === "published")!;
    for (const path of [`/applications/${keyOf(bot)}/connect`, `/applications/${keyOf(bot)}/connected?code=x&state=y`]) {
      const res = await visit(world, jar, path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/applications/${keyOf(bot)}`);
    }
    const unknown = await visit(world, jar, "/applications/no-such-app/connect");
    expect(unknown.headers.get("Location")).toBe("/applications/no-such-app");
    expect((await visit(world, jar, "/applications/no-such-app")).status).toBe(404);
  });
});
