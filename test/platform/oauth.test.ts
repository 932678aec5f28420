// Contract tests of the emulator's OAuth: consent page, code + PKCE, token exchange, refresh,
// replay and expiry, and when a bearer token stops working (401).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authorizationListSchema, personSchema, tokenResponseSchema } from "../../app/platform/schemas.ts";
import { HUB_CLIENT_ID, LEGACY_SYNC, USERS } from "../../workers/platform/demo-data.ts";
import { type PlatformHarness, startPlatform } from "./harness.ts";
import { REDIRECT_URI, api, authorizeQuery, consent, exchange, expectError, expectOk, login, pkcePair } from "./helpers.ts";

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

  it("accepts localhost redirects on any port and path for the hub, and HUB_REDIRECT_URIS", async () => {
    const res = await h.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "http://localhost:5173/x/y?z=1" })}`);
    expect(res.status).toBe(200);
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
    const expired = await (await h.fetch("/_emulator/tokens/expire", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: USERS.ada.email }) })).json();
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

  it("revoking the hub's own authorization makes its access token 401", async () => {
    const tokens = await login(h, USERS.riley.email);
    const list = await expectOk(await api(h, tokens.access_token, "/v1/authorizations"), authorizationListSchema);
    expect(list.items.map((a) => a.clientId)).toContain(HUB_CLIENT_ID);
    const res = await api(h, tokens.access_token, `/v1/authorizations?clientId=${HUB_CLIENT_ID}`, { method: "DELETE" });
    expect(res.status).toBe(204);
    await expectError(await api(h, tokens.access_token, "/v1/people/me"), 401);
    await expectError(await exchange(h, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }), 400);
  });
});

describe("catalogue integrations as OAuth clients", () => {
  it("any http(s) redirect is fine; consent creates the authorization; tokens cannot be exchanged", async () => {
    const integration = h.reference.applications.find((a) => a.name)!;
    const query = authorizeQuery({ client_id: integration.clientId, redirect_uri: "https://apphub.example/applications/x", scope: "spark:all" });
    const page = await h.fetch(`/v1/authorize?${query}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Full access to your account");
    const back = await h.fetch("/v1/authorize", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `${query}&decision=accept&email=${encodeURIComponent(USERS.max.email)}`,
    });
    expect(back.status).toBe(302);
    const code = new URL(back.headers.get("Location")!).searchParams.get("code")!;
    const res = await exchange(h, { grant_type: "authorization_code", code, client_id: integration.clientId, client_secret: "x", redirect_uri: "https://apphub.example/applications/x" });
    expect((await expectError(res, 401)).message).toContain("knows no client secret");

    const tokens = await login(h, USERS.max.email);
    const list = await expectOk(await api(h, tokens.access_token, "/v1/authorizations"), authorizationListSchema);
    const grant = list.items.find((a) => a.clientId === integration.clientId)!;
    expect(grant.applicationName).toBe(integration.name);
    expect(grant.scopes).toEqual(["spark:all"]);
  });
});

describe("with changed vars", () => {
  it("an expired code → 400; HUB_REDIRECT_URIS adds exact redirect URIs", async () => {
    const short = await startPlatform({ vars: { AUTH_CODE_TTL_SECONDS: "1", HUB_REDIRECT_URIS: "https://apphub.example/auth/callback, https://other.example/cb" } });
    try {
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "https://apphub.example/auth/callback" })}`)).status).toBe(200);
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "https://other.example/cb" })}`)).status).toBe(200);
      expect((await short.fetch(`/v1/authorize?${authorizeQuery({ redirect_uri: "https://apphub.example/auth/callback2" })}`)).status).toBe(400);
      const code = (await consent(short, USERS.riley.email)).searchParams.get("code")!;
      await new Promise((r) => setTimeout(r, 1100));
      expect((await expectError(await exchange(short, { grant_type: "authorization_code", code }), 400)).message).toContain("expired");
    } finally {
      await short.dispose();
    }
  });
});
