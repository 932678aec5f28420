// Test helpers for the platform emulator: the OAuth dance for a demo user, authorised API calls,
// error-body checks and a tiny HTTP server that receives webhook deliveries.
import { createHash, randomBytes } from "node:crypto";
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import { type PlatformErrorBody, platformErrorSchema, tokenResponseSchema } from "../../app/platform/schemas.ts";
import type { TokenResponse } from "../../app/platform/schemas.ts";
import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";
import { HUB_CLIENT_ID, HUB_CLIENT_SECRET, HUB_FIRST_PARTY_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_SECRET, HUB_REGISTERED_SCOPES } from "../../workers/platform/demo-data.ts";
import type { PlatformHarness } from "./harness.ts";

/** Registered on both hub clients by the emulator's wrangler.toml (HUB_REDIRECT_URIS): `npm run dev`'s hub. */
export const REDIRECT_URI = "http://127.0.0.1:8787/auth/callback";
/**
 * What the hub's login really asks for: wrangler.toml's OAUTH_SCOPES (development), so a test
 * logged in with these holds exactly the hub's token and the emulator's per-call scope checks
 * (workers/platform/scopes.ts) judge what the hub can do with it.
 */
export const HUB_SCOPES = String(
  unstable_readConfig({ config: fileURLToPath(new URL("../../wrangler.toml", import.meta.url)), env: "development" }, { hideWarnings: true }).vars.OAUTH_SCOPES,
);
/** Every person scope the hub's ordinary client registered (for contract tests of calls the hub never makes). */
export const ALL_PERSON_SCOPES = HUB_REGISTERED_SCOPES.filter((scope) => scope.startsWith("spark:")).join(" ");
/** The same plus the tokens scopes (the authorizations API). */
export const TOKENS_SCOPES = `${HUB_SCOPES} identity:tokens_read identity:tokens_write`;

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizeQuery(extra: Record<string, string> = {}): string {
  return new URLSearchParams({ client_id: HUB_CLIENT_ID, response_type: "code", redirect_uri: REDIRECT_URI, scope: HUB_SCOPES, state: "st-123", ...extra }).toString();
}

/** Accepts the consent form as `email` and returns the redirect's URL. */
export async function consent(h: PlatformHarness, email: string, extra: Record<string, string> = {}): Promise<URL> {
  const res = await h.fetch("/v1/authorize", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `${authorizeQuery(extra)}&decision=accept&email=${encodeURIComponent(email)}`,
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("Location")!);
}

export async function exchange(h: PlatformHarness, form: Record<string, string>): Promise<Response> {
  return h.fetch("/v1/access_token", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: HUB_CLIENT_ID, client_secret: HUB_CLIENT_SECRET, redirect_uri: REDIRECT_URI, ...form }).toString(),
  });
}

/** The full authorization-code flow (with PKCE) for a demo user: the hub's tokens. */
export async function login(h: PlatformHarness, email: string): Promise<TokenResponse> {
  const { verifier, challenge } = pkcePair();
  const back = await consent(h, email, { code_challenge: challenge, code_challenge_method: "S256" });
  const res = await exchange(h, { grant_type: "authorization_code", code: back.searchParams.get("code")!, code_verifier: verifier });
  expect(res.status).toBe(200);
  return tokenResponseSchema.parse(await res.json());
}

/** The hub's first-party client (its scopes include the platform-only ones). */
export const FIRST_PARTY = { client_id: HUB_FIRST_PARTY_CLIENT_ID, client_secret: HUB_FIRST_PARTY_CLIENT_SECRET } as const;

/** The flow for a demo user with another scope set and/or the first-party client. */
export async function loginWith(h: PlatformHarness, email: string, opts: { scope: string; firstParty?: boolean }): Promise<TokenResponse> {
  const client: Record<string, string> = opts.firstParty ? { client_id: FIRST_PARTY.client_id } : {};
  const back = await consent(h, email, { scope: opts.scope, ...client });
  const code = back.searchParams.get("code");
  expect(code, back.toString()).toBeTruthy();
  const res = await exchange(h, { grant_type: "authorization_code", code: code!, ...(opts.firstParty ? FIRST_PARTY : {}) });
  expect(res.status).toBe(200);
  return tokenResponseSchema.parse(await res.json());
}

/** POST to a /_emulator/ control with a JSON body. */
export function control(h: PlatformHarness, path: string, body: unknown): Promise<Response> {
  return h.fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** An authorised JSON call. */
export function api(h: PlatformHarness, token: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return h.fetch(path, {
    method: init.method ?? "GET",
    headers: { Authorization: `Bearer ${token}`, ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Asserts the status and that the body is a platform error; returns the body. */
export async function expectError(res: Response, status: number): Promise<PlatformErrorBody> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = platformErrorSchema.parse(JSON.parse(text));
  expect(body.errors?.[0]?.description).toBe(body.message);
  expect(body.trackingId).toBe(res.headers.get("TrackingID"));
  return body;
}

export async function expectOk<T>(res: Response, schema: { parse: (v: unknown) => T }, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return schema.parse(JSON.parse(text));
}

export type Delivery = { headers: IncomingHttpHeaders; body: string };

/** A local HTTP server that records POSTs (webhook deliveries). */
export async function startTarget(
  status = 200,
): Promise<{ url: string; deliveries: Delivery[]; waitFor: (n: number, ms?: number) => Promise<Delivery[]>; close: () => Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    deliveries,
    waitFor: async (n, ms = 5000) => {
      const until = Date.now() + ms;
      while (deliveries.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return deliveries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
