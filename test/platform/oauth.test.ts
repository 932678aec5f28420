// Contract tests of the emulator's OAuth: consent page, code + PKCE, token exchange, refresh,
// replay and expiry, and when a bearer token stops working (401).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authorizationListSchema, personSchema, tokenResponseSchema } from "../../app/platform/schemas.ts";
import { HUB_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_ID, LEGACY_SYNC, USERS, vendorRegistration } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { FIRST_PARTY, REDIRECT_URI, TOKENS_SCOPES, api, authorizeQuery, consent, control, exchange, expectError, expectOk, login, loginWith, pkcePair } from "./helpers.ts";

let h: PlatformHarness;
beforeAll(async () => {
  h = await startPlatform();
});
afterAll(() => h?.dispose());
beforeEach(() => h.reset());

describe("GET /v1/authorize", () => {
  it("renders an accessible consent page: app name, readable scopes, demo users, Accept and Decline", async () => {
    const res = await h.fetch(`/v1/authorize?${authorizeQuery()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("App Hub wants to access your account");
    expect(html).toContain("List the titles of your spaces");
    expect(html).toContain("<legend>Continue as</legend>");
    for (const user of [USERS.ada, USERS.riley, USERS.max]) expect(html).toContain(user.displayName);
    expect(html).toContain("Sam Okafor"); // no displayName: first + last name
    expect(html).toContain('<label for="email">');
    expect(html).toMatch(/<button type="submit" name="decision" value="accept">Accept<\/button>/);
    expect(html).toMatch(/value="decline">Decline<\/button>/);
    expect(html).toContain('name="state" value="st-123"');
  });

  it("shows an error page (never redirects) for an unknown client or an unregistered redirect_uri", async () => {
    for (const extra of <Record<string, string>[]>[{ client_id: "Cnope" }, { redirect_uri: "https://evil.example/cb" }, { redirect_uri: "not a url" }]) {
      const res = await h.fetch(`/v1/authorize?${authorizeQuery(extra)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("Location")).toBeNull();
      expect(await res.text()).toContain("Cannot continue with sign-in");
    }
    const missing = await h.fetch("/v1/authorize?response_type=code");
    expect(missing.status).toBe(400);
  });

  it("hub clients: exactly the registered redirect URIs, as the platform matches them (no other loopback port)", async () => {
    for (const client_id of [HUB_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_ID]) {
      // wrangler.toml's HUB_REDIRECT_URIS: `npm run dev`'s hub.
      for (const redirect_uri of [REDIRECT_URI, "http://localhost:8787/auth/callback"]) {
        expect((await h.fetch(`/v1/authorize?${authorizeQuery({ client_id, redirect_uri })}`)).status, redirect_uri).toBe(200);
      }
      for (const redirect_uri of [
        // Another port of the same loopback host: the old "any port" rule took these.
        "http://127.0.0.1:5173/auth/callback",
        "https://127.0.0.1:8443/auth/callback",
        "http://127.0.0.1/auth/callback",
        "http://localhost:5173/x/y?z=1",
        "http://127.0.0.1:8787/auth/callback/",
        "http://127.0.0.1:8787/auth/callback?x=1",
        "http://127.0.0.2:8787/auth/callback",
        "https://apphub.example/auth/callback",
      ]) {
        const res = await h.fetch(`/v1/authorize?${authorizeQuery({ client_id, redirect_uri })}`);
        expect(res.status, redirect_uri).toBe(400);
        expect(res.headers.get("Location")).toBeNull();
      }
    }
  });

  it("POST /_emulator/redirect-uris registers one exact URI on the hub's clients (a test server's own port), kept across resets", async () => {
    const uri = "http://127.0.0.1:5173/auth/callback";
    expect((await h.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: uri })}`)).status).toBe(400);
    await h.registerRedirectUri(uri);
    await h.reset();
    for (const client_id of [HUB_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_ID]) {
      expect((await h.fetch(`/v1/authorize?${authorizeQuery({ client_id, redirect_uri: uri })}`)).status).toBe(200);
    }
    expect((await h.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "http://127.0.0.1:5174/auth/callback" })}`)).status).toBe(400);
    // Only the hub's clients: a vendor's registration is fixed.
    await expectError(await control(h, "/_emulator/redirect-uris", { uri, clientId: LEGACY_SYNC.clientId }), 400);
  });

  it("invalid_scope for unknown or unregistered scopes: Identity:one_time_password, first-party-only scopes for an ordinary client", async () => {
    for (const scope of [
      "spark:people_read spark:nonsense",
      "spark:people_read Identity:one_time_password",
      "spark:people_read spark:bots_read",
      "spark:applications_read",
      "spark:webhooks_write",
      "spark:all",
    ]) {
      const res = await h.fetch(`/v1/authorize?${authorizeQuery({ scope })}`);
      expect(res.status, scope).toBe(302);
      const location = new URL(res.headers.get("Location")!);
      expect(location.searchParams.get("error"), scope).toBe("invalid_scope");
      expect(location.searchParams.get("state")).toBe("st-123");
    }
    // The same decision on the POST (a forged form cannot widen the scopes).
    const forged = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${authorizeQuery({ scope: "spark:bots_read" })}&decision=accept&email=riley%40acme.example`,
    });
    expect(new URL(forged.headers.get("Location")!).searchParams.get("error")).toBe("invalid_scope");
    // The first-party client registered the platform-only scopes; Identity:one_time_password stays refused.
    const firstParty = "spark:people_read spark:bots_read spark:applications_read spark:applications_write spark:webhooks_read spark:webhooks_write identity:tokens_read";
    expect((await h.fetch(`/v1/authorize?${authorizeQuery({ client_id: HUB_FIRST_PARTY_CLIENT_ID, scope: firstParty })}`)).status).toBe(200);
    const otp = await h.fetch(`/v1/authorize?${authorizeQuery({ client_id: HUB_FIRST_PARTY_CLIENT_ID, scope: "spark:people_read Identity:one_time_password" })}`);
    expect(new URL(otp.headers.get("Location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("sends other request errors back to the validated redirect_uri with the state", async () => {
    const res = await h.fetch(`/v1/authorize?${authorizeQuery({ response_type: "token" })}`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!);
    expect(location.searchParams.get("error")).toBe("unsupported_response_type");
    expect(location.searchParams.get("state")).toBe("st-123");
    const plain = await h.fetch(`/v1/authorize?${authorizeQuery({ code_challenge: "a".repeat(43), code_challenge_method: "plain" })}`);
    expect(new URL(plain.headers.get("Location")!).searchParams.get("error")).toBe("invalid_request");
  });

  it("Decline → access_denied with the state", async () => {
    const res = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${authorizeQuery()}&decision=decline`,
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "access_denied", state: "st-123" });
  });

  it("Accept with the radio choice or a typed email; an unknown email re-renders the page", async () => {
    const radio = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${authorizeQuery()}&decision=accept&person=${USERS.max.uuid}`,
    });
    const location = new URL(radio.headers.get("Location")!);
    expect(location.searchParams.get("state")).toBe("st-123");
    const tokens = tokenResponseSchema.parse(await (await exchange(h, { grant_type: "authorization_code", code: location.searchParams.get("code")! })).json());
    const me = await expectOk(await api(h, tokens.access_token, "/v1/people/me"), personSchema);
    expect(me.emails).toEqual([USERS.max.email]);

    const unknown = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${authorizeQuery()}&decision=accept&email=nobody%40acme.example`,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("There is no demo user with the email nobody@acme.example.");
  });
});

describe("POST /v1/access_token", () => {
  it("exchanges a code (with PKCE) for tokens and the token identifies the user", async () => {
    const tokens = await login(h, USERS.riley.email);
    expect(tokens.token_type).toBe("Bearer");
    expect(tokens.expires_in).toBe(1_209_600);
    expect(tokens.refresh_token_expires_in).toBe(7_776_000);
    const me = await expectOk(await api(h, tokens.access_token, "/v1/people/me"), personSchema);
    expect(me.displayName).toBe("Riley Regular");
  });

  it("refuses a wrong code_verifier, a missing one, a wrong redirect_uri and a wrong secret", async () => {
    const { challenge } = pkcePair();
    const code = (await consent(h, USERS.riley.email, { code_challenge: challenge, code_challenge_method: "S256" })).searchParams.get("code")!;
    const wrong = await expectError(await exchange(h, { grant_type: "authorization_code", code, code_verifier: pkcePair().verifier }), 400);
    expect(wrong.message).toContain("code_verifier does not match");
    expect((await expectError(await exchange(h, { grant_type: "authorization_code", code }), 400)).message).toContain("code_verifier is required");
    expect((await expectError(await exchange(h, { grant_type: "authorization_code", code, redirect_uri: "http://127.0.0.1:1/other" }), 400)).message).toContain(
      "redirect_uri does not match",
    );
    expect((await expectError(await exchange(h, { grant_type: "authorization_code", code, client_secret: "nope" }), 401)).message).toContain("client_secret");
    await expectError(await exchange(h, { grant_type: "password", code }), 400);
  });

  it("a replayed code → 400 and the tokens issued from it are revoked", async () => {
    const code = (await consent(h, USERS.riley.email)).searchParams.get("code")!;
    const first = tokenResponseSchema.parse(await (await exchange(h, { grant_type: "authorization_code", code })).json());
    expect((await api(h, first.access_token, "/v1/people/me")).status).toBe(200);
    const replay = await expectError(await exchange(h, { grant_type: "authorization_code", code }), 400);
    expect(replay.message).toContain("already been used");
    await expectError(await api(h, first.access_token, "/v1/people/me"), 401);
    await expectError(await exchange(h, { grant_type: "refresh_token", refresh_token: first.refresh_token }), 400);
  });

  it("a code is bound to its client", async () => {
    const code = (await consent(h, USERS.riley.email)).searchParams.get("code")!;
    const res = await exchange(h, { grant_type: "authorization_code", code, client_id: LEGACY_SYNC.clientId, client_secret: LEGACY_SYNC.secret });
    expect((await expectError(res, 400)).message).toContain("another client");
  });

  it("the refresh grant issues a new access token while the refresh token stays valid", async () => {
    const tokens = await login(h, USERS.ada.email);
    const expired = await (
      await h.fetch("/_emulator/tokens/expire", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: USERS.ada.email }) })
    ).json();
    expect(expired).toEqual({ expired: 1 });
    await expectError(await api(h, tokens.access_token, "/v1/people/me"), 401);
    const refreshed = await expectOk(await exchange(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), tokenResponseSchema);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
    expect((await api(h, refreshed.access_token, "/v1/people/me")).status).toBe(200);

    await h.fetch("/_emulator/tokens/expire", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: USERS.ada.email, refresh: true }) });
    expect((await expectError(await exchange(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), 400)).message).toContain("expired");
  });
});

describe("401s", () => {
  it("missing, malformed and unknown bearer tokens", async () => {
    await expectError(await h.fetch("/v1/people/me"), 401);
    await expectError(await h.fetch("/v1/rooms", { headers: { Authorization: "Basic abc" } }), 401);
    await expectError(await api(h, "not-a-token", "/v1/people/me"), 401);
  });

  it("revoking the hub on the platform's token page (POST /_emulator/revoke) makes its tokens 401 / invalid_grant", async () => {
    const tokens = await login(h, USERS.riley.email);
    const revoked = await control(h, "/_emulator/revoke", { email: USERS.riley.email, clientId: HUB_CLIENT_ID });
    expect(await revoked.json()).toEqual({ revoked: true });
    await expectError(await api(h, tokens.access_token, "/v1/people/me"), 401);
    await expectError(await exchange(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), 400);
    expect(await (await control(h, "/_emulator/revoke", { email: USERS.riley.email, clientId: HUB_CLIENT_ID })).json()).toEqual({ revoked: false });
  });

  it("first-party: revoking the hub's own grant by id (DELETE /v1/authorizations/{id}) ends its tokens", async () => {
    const tokens = await loginWith(h, USERS.riley.email, { scope: TOKENS_SCOPES, firstParty: true });
    const list = await expectOk(await api(h, tokens.access_token, `/v1/authorizations?personId=${encodeId("PEOPLE", USERS.riley.uuid)}`), authorizationListSchema);
    const own = list.items.find((a) => a.clientId === HUB_FIRST_PARTY_CLIENT_ID)!;
    expect((await api(h, tokens.access_token, `/v1/authorizations/${own.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(h, tokens.access_token, "/v1/people/me"), 401);
    await expectError(await exchange(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, ...FIRST_PARTY }), 400);
  });
});

describe("grants exist only after a code exchange", () => {
  const grantRow = (email: string, clientId: string) =>
    h.db.prepare("SELECT a.uuid FROM authorizations a JOIN people p ON p.uuid = a.person_uuid WHERE p.email = ? AND a.client_id = ?").bind(email, clientId).first();

  it("consent alone records nothing; the exchange does", async () => {
    const code = (await consent(h, USERS.sam.email)).searchParams.get("code")!;
    expect(await grantRow(USERS.sam.email, HUB_CLIENT_ID)).toBeNull();
    expect((await exchange(h, { grant_type: "authorization_code", code })).status).toBe(200);
    expect(await grantRow(USERS.sam.email, HUB_CLIENT_ID)).not.toBeNull();
  });

  it("a vendor's client accepts only its registered redirect URI and scopes: never the hub's pages", async () => {
    const integration = h.reference.applications[0]!;
    const registered = vendorRegistration(integration.clientId);
    const hubPage = await h.fetch(
      `/v1/authorize?${authorizeQuery({ client_id: integration.clientId, redirect_uri: "https://apphub.example/applications/x", scope: "spark:people_read" })}`,
    );
    expect(hubPage.status).toBe(400);
    expect(hubPage.headers.get("Location")).toBeNull();
    const callback = `${h.origin}/vendors/${integration.clientId}/callback`;
    const ok = await h.fetch(`/v1/authorize?${authorizeQuery({ client_id: integration.clientId, redirect_uri: callback, scope: registered.scopes.join(" ") })}`);
    expect(ok.status).toBe(200);
    const unregistered = ["spark:kms", "spark:rooms_write", "spark:all", "spark:rooms_read", "spark:messages_write"].find((s) => !registered.scopes.includes(s))!;
    const wide = await h.fetch(`/v1/authorize?${authorizeQuery({ client_id: integration.clientId, redirect_uri: callback, scope: `spark:people_read ${unregistered}` })}`);
    expect(new URL(wide.headers.get("Location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("registered scopes are deterministic, always with spark:people_read, and varied across the catalogue", () => {
    const sets = h.reference.applications.map((a) => vendorRegistration(a.clientId).scopes.join(" "));
    expect(sets.every((s) => s.startsWith("spark:people_read"))).toBe(true);
    expect(new Set(sets).size).toBeGreaterThan(5);
    expect(sets.some((s) => s.includes("spark:all"))).toBe(true);
    expect(vendorRegistration(h.reference.applications[0]!.clientId)).toEqual(vendorRegistration(h.reference.applications[0]!.clientId));
  });
});

describe("the demo vendor (/vendors/<clientId>/start and /callback)", () => {
  const accept = async (authorizeUrl: string, email: string) => {
    const url = new URL(authorizeUrl);
    return h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${url.searchParams.toString()}&decision=accept&email=${encodeURIComponent(email)}`,
    });
  };

  it("start → consent → callback: the vendor exchanges the code, then the grant exists; Return to App Hub", async () => {
    const integration = h.reference.applications[5]!;
    const returnTo = "http://127.0.0.1:3999/applications/some-app/connected";
    const start = await h.fetch(`/vendors/${integration.clientId}/start?return_to=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${h.origin}/v1/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe(integration.clientId);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${h.origin}/vendors/${integration.clientId}/callback`);
    expect(authorize.searchParams.get("scope")).toBe(vendorRegistration(integration.clientId).scopes.join(" "));
    const state = authorize.searchParams.get("state")!;
    expect(state.length).toBeGreaterThan(20);

    const back = await accept(authorize.toString(), USERS.sam.email);
    const callback = new URL(back.headers.get("Location")!);
    expect(callback.pathname).toBe(`/vendors/${integration.clientId}/callback`);
    const before = await h.db.prepare("SELECT COUNT(*) AS n FROM authorizations WHERE client_id = ?").bind(integration.clientId).first<{ n: number }>();
    expect(before!.n).toBe(0);
    const page = await h.fetch(callback.pathname + callback.search);
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(`${integration.name} is connected to your account`);
    expect(html).toContain(`<a href="${returnTo}">Return to App Hub</a>`);
    const after = await h.db.prepare("SELECT COUNT(*) AS n FROM authorizations WHERE client_id = ?").bind(integration.clientId).first<{ n: number }>();
    expect(after!.n).toBe(1);
    // The state is single-use.
    expect((await h.fetch(callback.pathname + callback.search)).status).toBe(400);
  });

  it("declined → an honest page and no grant; return_to only when http(s); unknown client → 404 page", async () => {
    const integration = h.reference.applications[6]!;
    const start = await h.fetch(`/vendors/${integration.clientId}/start?return_to=${encodeURIComponent("javascript:alert(1)")}`);
    const authorize = new URL(start.headers.get("Location")!);
    const declined = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${authorize.searchParams.toString()}&decision=decline`,
    });
    const callback = new URL(declined.headers.get("Location")!);
    const html = await (await h.fetch(callback.pathname + callback.search)).text();
    expect(html).toContain(`${integration.name} is not connected`);
    expect(html).not.toContain("Return to App Hub");
    expect(html).not.toContain("javascript:");
    expect((await h.db.prepare("SELECT COUNT(*) AS n FROM authorizations WHERE client_id = ?").bind(integration.clientId).first<{ n: number }>())!.n).toBe(0);
    expect((await h.fetch(`/vendors/${HUB_CLIENT_ID}/start`)).status).toBe(404);
    expect((await h.fetch("/vendors/Cnope/start")).status).toBe(404);
    expect((await h.fetch(`/vendors/${integration.clientId}/callback?code=x&state=forged`)).status).toBe(400);
  });
});

describe("the platform's own token page (/account/authorized-apps)", () => {
  it("a demo-user picker, then the person's grants with a Revoke button each; Revoke ends the grant", async () => {
    const picker = await h.fetch("/account/authorized-apps");
    expect(picker.status).toBe(200);
    expect(picker.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    const pickerHtml = await picker.text();
    expect(pickerHtml).toContain('<html lang="en">');
    expect(pickerHtml).toContain(`?email=${encodeURIComponent(USERS.riley.email)}`);

    const page = await (await h.fetch(`/account/authorized-apps?email=${encodeURIComponent(USERS.riley.email)}`)).text();
    expect(page).toContain("Apps Riley Regular has authorized");
    expect(page).toContain(LEGACY_SYNC.name);
    expect(page).toContain('aria-label="Revoke Legacy Sync"');
    const revoke = await h.fetch("/account/authorized-apps", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: USERS.riley.email, clientId: LEGACY_SYNC.clientId }).toString(),
    });
    expect(revoke.status).toBe(303);
    const after = await (await h.fetch(revoke.headers.get("Location")!)).text();
    expect(after).toContain("Legacy Sync can no longer access your account.");
    expect(after).not.toContain('aria-label="Revoke Legacy Sync"');
    expect((await h.fetch("/account/authorized-apps?email=nobody%40acme.example")).status).toBe(404);
  });
});

describe("with changed vars", () => {
  it("a refresh gives the refresh token a fresh full lifetime, not what was left of it", async () => {
    const short = await startPlatform({ vars: { REFRESH_TOKEN_TTL_SECONDS: "3" } });
    try {
      const tokens = await login(short, USERS.riley.email);
      expect(tokens.refresh_token_expires_in).toBe(3);
      await new Promise((r) => setTimeout(r, 2000));
      const first = await expectOk(await exchange(short, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), tokenResponseSchema);
      expect(first.refresh_token_expires_in).toBe(3);
      // 4 s after the login the original lifetime is over; the refreshed one is not.
      await new Promise((r) => setTimeout(r, 2000));
      const second = await expectOk(await exchange(short, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), tokenResponseSchema);
      expect((await api(short, second.access_token, "/v1/people/me")).status).toBe(200);
    } finally {
      await short.dispose();
    }
  });

  it("an expired code → 400; HUB_REDIRECT_URIS adds exact redirect URIs", async () => {
    const short = await startPlatform({ vars: { AUTH_CODE_TTL_SECONDS: "1", HUB_REDIRECT_URIS: "https://apphub.example/auth/callback, https://other.example/cb" } });
    try {
      const redirect_uri = "https://apphub.example/auth/callback";
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri })}`)).status).toBe(200);
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "https://other.example/cb" })}`)).status).toBe(200);
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "https://apphub.example/auth/callback2" })}`)).status).toBe(400);
      // The var replaces the default list: `npm run dev`'s URI is no longer registered here.
      expect((await short.fetch(`/v1/authorize?${authorizeQuery()}`)).status).toBe(400);
      const code = (await consent(short, USERS.riley.email, { redirect_uri })).searchParams.get("code")!;
      await new Promise((r) => setTimeout(r, 1100));
      expect((await expectError(await exchange(short, { grant_type: "authorization_code", code, redirect_uri }), 400)).message).toContain("expired");
    } finally {
      await short.dispose();
    }
  });
});
