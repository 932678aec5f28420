// Connecting a catalogue integration (issues 6 and 13; docs/decisions/016): Connect → the vendor's
// own start page (the emulator's demo vendor) → the platform's consent for the vendor's client →
// the vendor's callback, which exchanges the code → "Return to App Hub" → the hub asks the platform.
// First-party: the platform lists the grant, so the hub says connected. Third-party, not an admin:
// the hub cannot know, and says so. Never "connected" without the platform's word.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { read, saysAtEnd } from "./html.ts";
import { as, freeIntegrations, keyOf, startFirstPartyWorld, useThirdPartyWorld, throughVendorConsent } from "./integrations-world.ts";
import { useWorld, visit, type Jar, type World } from "./login.ts";

/** Connect on the hub → the vendor's start page (checked) → the platform's consent URL. */
async function startConnect(world: World, jar: Jar, app: { clientId: string | null; friendlyId: string | null; id: string }): Promise<URL> {
  const res = await visit(world, jar, `/applications/${keyOf(app)}/connect`);
  expect(res.status).toBe(302);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const vendor = res.headers.get("Location")!;
  const back = `http://127.0.0.1:8787/applications/${keyOf(app)}/connected`;
  expect(vendor).toBe(`${world.platform.origin}/vendors/${app.clientId}/start?return_to=${encodeURIComponent(back)}`);
  const start = await world.platform.fetch(new URL(vendor).pathname + new URL(vendor).search);
  expect(start.status).toBe(302);
  return new URL(start.headers.get("Location")!);
}

/** Follows the vendor's "Return to App Hub" link; returns where the hub sends the person, that page's HTML and visible text. */
async function returnToHub(world: World, jar: Jar, back: string): Promise<{ location: string; html: string; text: string }> {
  const url = new URL(back);
  const res = await visit(world, jar, url.pathname + url.search);
  expect(res.status).toBe(302);
  const location = res.headers.get("Location")!;
  const html = await (await visit(world, jar, location)).text();
  return { location, html, text: read(html).text };
}

describe("Connect, first-party mode", () => {
  const world = useWorld(() => startFirstPartyWorld());

  it("end to end: hub → vendor start → consent → vendor exchanges the code → back → the platform confirms → connected", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    const authorize = await startConnect(world, jar, app);
    // The vendor's own client, redirect URI and scopes: nothing of the hub's.
    expect(authorize.searchParams.get("client_id")).toBe(app.clientId);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${world.platform.origin}/vendors/${app.clientId}/callback`);
    const cookie = jar.get("mkt-int-connect")!;
    expect(cookie).toBeDefined();
    const started = await world.app.db
      .prepare("SELECT * FROM integration_connections WHERE client_id = ?")
      .bind(app.clientId)
      .first<{ confirmed_at: string | null; user_id: string }>();
    expect(started).toMatchObject({ user_id: USERS.riley.uuid, confirmed_at: null });

    const vendor = await throughVendorConsent(world.platform, authorize, USERS.riley.email);
    expect(vendor.status).toBe(200);
    expect(vendor.html).toContain(`${app.name} is connected to your account`);
    expect(vendor.back).toBe(`http://127.0.0.1:8787/applications/${keyOf(app)}/connected`);

    const { location, text } = await returnToHub(world, jar, vendor.back!);
    expect(location).toBe(`/applications/${keyOf(app)}`);
    expect(text).toContain(`${app.name} is connected`);
    expect(jar.get("mkt-int-connect")).toBeUndefined();
    const confirmed = await world.app.db
      .prepare("SELECT confirmed_at FROM integration_connections WHERE client_id = ?")
      .bind(app.clientId)
      .first<{ confirmed_at: string | null }>();
    expect(confirmed!.confirmed_at).not.toBeNull();

    const mine = read(await (await visit(world, jar, "/my-integrations")).text());
    expect(mine.links).toContain(`/applications/${keyOf(app)}`);
  });

  it("declined at the consent: the vendor says so, and back on the hub nothing is claimed", async () => {
    const app = freeIntegrations(world)[1]!;
    const jar = await as(world, USERS.riley.email);
    const vendor = await throughVendorConsent(world.platform, await startConnect(world, jar, app), USERS.riley.email, "decline");
    expect(vendor.html).toContain(`${app.name} is not connected`);
    const { location, text } = await returnToHub(world, jar, vendor.back!);
    expect(location).toBe(`/applications/${keyOf(app)}`);
    expect(text).toContain(`Lumen doesn't list ${app.name} on your account yet.`);
    expect(text).not.toContain(`${app.name} is connected`);
    expect(read(await (await visit(world, jar, "/my-integrations")).text()).links).not.toContain(`/applications/${keyOf(app)}`);
  });

  it("a failing platform check says it could not check, never connected", async () => {
    const app = freeIntegrations(world)[2]!;
    const jar = await as(world, USERS.riley.email);
    const vendor = await throughVendorConsent(world.platform, await startConnect(world, jar, app), USERS.riley.email);
    await world.platform.fault({ path: "/v1/authorizations", kind: "status", status: 500 });
    const { text } = await returnToHub(world, jar, vendor.back!);
    expect(text).toContain(`We couldn't check whether ${app.name} is connected. Please try again later.`);
  });
});

describe("Connect, third-party mode (the default)", () => {
  const world = useThirdPartyWorld();

  it("is offered to a logged-in person when the catalogue has a connect URL; a logged-out visitor keeps 'Log in to add app +'", async () => {
    const app = freeIntegrations(world)[0]!;
    const anonymous = await (await world.app.fetch(`/applications/${keyOf(app)}`)).text();
    expect(anonymous).toContain("Log in to add app +");
    expect(anonymous).not.toContain("/connect");
    const jar = await as(world, USERS.riley.email);
    const res = await visit(world, jar, `/applications/${keyOf(app)}`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { text, links } = read(await res.text());
    expect(links).toContain(`/applications/${keyOf(app)}/connect`);
    expect(text).toContain(`Connect takes you to ${app.companyName}'s page for ${app.name}`);
    expect(text).not.toContain("Log in to add app +");
  });

  it("without a connect URL there is no Connect: the page says the vendor's website is the way", async () => {
    const app = world.app.catalogue.apps.find((a) => a.type === "integration" && a.clientId && !a.connectUrl && a.status === "published" && a.websiteUrl)!;
    expect(app).toBeDefined();
    const jar = await as(world, USERS.riley.email);
    const { text, links } = read(await (await visit(world, jar, `/applications/${keyOf(app)}`)).text());
    expect(links.filter((href) => href.endsWith(`/applications/${keyOf(app)}/connect`))).toEqual([]);
    expect(text).toContain(`${app.name} is connected from ${app.companyName}'s own website, not from App Hub.`);
    expect(links).toContain(app.websiteUrl);
    const res = await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    expect(res.headers.get("Location")).toBe(`/applications/${keyOf(app)}`);
  });

  it("end to end for a regular person: the grant exists at the platform, but the hub cannot know, and says so honestly", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    const vendor = await throughVendorConsent(world.platform, await startConnect(world, jar, app), USERS.riley.email);
    expect(vendor.html).toContain(`${app.name} is connected to your account`);
    // The platform's own page lists it.
    expect(await (await world.platform.fetch(`/account/authorized-apps?email=${encodeURIComponent(USERS.riley.email)}`)).text()).toContain(app.name);

    const { location, html, text } = await returnToHub(world, jar, vendor.back!);
    expect(location).toBe("/my-integrations");
    expect(text).toContain(`App Hub can't see whether ${app.name} is connected: only Lumen knows.`);
    expect(saysAtEnd(html, `${app.name} is connected`)).toBe(false);
    expect(text).toMatch(/You started connecting on [A-Z][a-z]+ \d{1,2}, \d{4}, not confirmed/);
    expect(read(html).links).toContain(`${world.platform.origin}/account/authorized-apps`);
  });

  it("a navigation another site started only asks; nothing is recorded until the person chooses Continue (issue 27)", async () => {
    const app = freeIntegrations(world)[3]!;
    const jar = await as(world, USERS.riley.email);
    const connect = `/applications/${keyOf(app)}/connect`;
    const records = async () => (await world.app.db.prepare("SELECT count(*) AS n FROM integration_connections WHERE client_id = ?").bind(app.clientId).first<{ n: number }>())!.n;
    // A browser without Sec-Fetch-Site (Safari before 16.4) is judged by its Referer: from elsewhere, or none, asks too.
    const bare = (referer?: string) => async (path: string) => world.app.fetch(path, { headers: { Cookie: jar.header(), ...(referer ? { Referer: referer } : {}) } });
    for (const open of [
      (path: string) => visit(world, jar, path, { headers: { "Sec-Fetch-Site": "cross-site" } }),
      (path: string) => visit(world, jar, path, { headers: { "Sec-Fetch-Site": "same-site" } }),
      bare("https://vendor.example/promo"),
      bare(),
    ]) {
      const res = await open(connect);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("Set-Cookie") ?? "").not.toContain("mkt-int-connect");
      const { text, links } = read(await res.text());
      expect(text).toContain(`Connect ${app.name}?`);
      expect(text).toContain("Another website sent you here.");
      expect(links).toContain(connect);
      expect(await records()).toBe(0);
    }
    // Continue is a link on that page: same-origin, so the start is recorded and the vendor opens.
    expect((await visit(world, jar, connect, { headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(302);
    expect(await records()).toBe(1);
    // A typed address or a bookmark is the person's own too, and so is our own page as the Referer.
    expect((await visit(world, jar, connect, { headers: { "Sec-Fetch-Site": "none" } })).status).toBe(302);
    expect((await bare(`${world.app.origin}/applications/${keyOf(app)}`)(connect)).status).toBe(302);
  });

  describe("with identity:tokens_read", () => {
    const admin = useThirdPartyWorld({ tokensRead: true });

    it("a Connect started but not confirmed does not make a reviewer where the platform can confirm; a confirmed one does (issue 27)", async () => {
      const app = freeIntegrations(admin)[1]!;
      const jar = await as(admin, USERS.ada.email);
      const authorize = await startConnect(admin, jar, app);
      const started = await (await visit(admin, jar, `/applications/${keyOf(app)}`)).text();
      expect(read(started).text).toContain(`Do you use ${app.name}?`);
      expect(started).not.toContain('id="write-review"');
      const vendor = await throughVendorConsent(admin.platform, authorize, USERS.ada.email);
      await returnToHub(admin, jar, vendor.back!);
      const confirmed = await (await visit(admin, jar, `/applications/${keyOf(app)}`)).text();
      expect(confirmed).toContain('id="write-review"');
    });

    it("an admin whose hub has identity:tokens_read gets the platform's word", async () => {
      const app = freeIntegrations(admin)[0]!;
      const jar = await as(admin, USERS.ada.email);
      const vendor = await throughVendorConsent(admin.platform, await startConnect(admin, jar, app), USERS.ada.email);
      const { location, text } = await returnToHub(admin, jar, vendor.back!);
      expect(location).toBe(`/applications/${keyOf(app)}`);
      expect(text).toContain(`${app.name} is connected`);
    });
  });

  it("a return that did not start here (no cookie, no record) is refused", async () => {
    const app = freeIntegrations(world)[0]!;
    const stranger = await as(world, USERS.riley.email);
    const { location, text } = await returnToHub(world, stranger, `http://127.0.0.1:8787/applications/${keyOf(app)}/connected`);
    expect(location).toBe(`/applications/${keyOf(app)}`);
    expect(text).toContain(`That request to connect ${app.name} has expired or did not start here. Please choose Connect again.`);
  });

  it("logged out, Connect leads to log in and back to the app's page; the return leads to log in and back to the check", async () => {
    const app = freeIntegrations(world)[0]!;
    const res = await world.app.fetch(`/applications/${keyOf(app)}/connect`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?last=${encodeURIComponent(`/applications/${keyOf(app)}`)}`);
    const back = await world.app.fetch(`/applications/${keyOf(app)}/connected`);
    expect(back.headers.get("Location")).toBe(`/login?last=${encodeURIComponent(`/applications/${keyOf(app)}/connected`)}`);
  });

  it("sends anything that is not a connectable integration to its page (which says what it is, or not found)", async () => {
    const jar = await as(world, USERS.riley.email);
    const bot = world.app.catalogue.apps.find((a) => a.type === "bot" && a.status === "published")!;
    for (const path of [`/applications/${keyOf(bot)}/connect`, `/applications/${keyOf(bot)}/connected`]) {
      const res = await visit(world, jar, path);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/applications/${keyOf(bot)}`);
    }
    const unknown = await visit(world, jar, "/applications/no-such-app/connect");
    expect(unknown.headers.get("Location")).toBe("/applications/no-such-app");
    expect((await visit(world, jar, "/applications/no-such-app")).status).toBe(404);
  });
});
