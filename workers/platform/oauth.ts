// OAuth 2.0 authorization code grant (with optional PKCE S256): the consent page at
// /v1/authorize, where a demo user is picked instead of a password, and /v1/access_token.
import { z } from "zod";
import { FIRST_PARTY_ONLY_SCOPES, HUB_FIRST_PARTY_SCOPES, HUB_REGISTERED_SCOPES, SCOPE_LABELS } from "./demo-data.ts";
import { ApiError } from "./errors.ts";
import { escapeHtml, page } from "./html.ts";
import type { Ctx } from "./http.ts";
import { intVar, json, parseFormBody, parseJsonBody } from "./http.ts";
import { randomToken } from "./ids.ts";
import type { PersonRow } from "./people.ts";
import { findPerson, findPersonByEmail, nameOf } from "./people.ts";

/** A registered OAuth client (applications table; the hub's two clients may come from vars). */
export type Client = {
  clientId: string;
  name: string;
  kind: "hub" | "catalogue" | "other";
  secret: string | null;
  /** The scopes registered on the client: a request may ask for a subset, nothing else. */
  scopes: readonly string[];
  /** Exact redirect URIs; an entry starting with "/" is a path on the emulator's own origin. */
  redirectUris: readonly string[];
  firstParty: boolean;
};

type ApplicationRow = { client_id: string; name: string; kind: Client["kind"]; client_secret: string | null; scopes: string; redirect_uris: string; first_party: number };

const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);

/**
 * The hub's registered redirect URIs: HUB_REDIRECT_URIS (the one each `wrangler dev` is started
 * with) and those registered later with /_emulator/redirect-uris (a test server's own port), for
 * both hub clients. Exact strings, as the platform wants: no rule, no "any loopback port".
 */
async function hubRedirectUris(c: Pick<Ctx, "db" | "env">, clientId: string): Promise<string[]> {
  const listed = (c.env.HUB_REDIRECT_URIS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const { results } = await c.db.prepare("SELECT uri FROM registered_redirect_uris WHERE client_id = ?").bind(clientId).all<{ uri: string }>();
  return [...listed, ...results.map((r) => r.uri)];
}

export async function findClient(c: Pick<Ctx, "db" | "env">, clientId: string): Promise<Client | null> {
  const row = await c.db.prepare("SELECT * FROM applications WHERE client_id = ?").bind(clientId).first<ApplicationRow>();
  // The hub's credentials come from vars, so a changed HUB_CLIENT_ID works without a re-seed.
  if (clientId === c.env.HUB_CLIENT_ID) {
    const redirectUris = await hubRedirectUris(c, clientId);
    return { clientId, name: row?.name ?? "App Hub", kind: "hub", secret: c.env.HUB_CLIENT_SECRET, scopes: HUB_REGISTERED_SCOPES, redirectUris, firstParty: false };
  }
  if (c.env.HUB_FIRST_PARTY_CLIENT_ID && clientId === c.env.HUB_FIRST_PARTY_CLIENT_ID) {
    const secret = c.env.HUB_FIRST_PARTY_CLIENT_SECRET ?? row?.client_secret ?? null;
    const redirectUris = await hubRedirectUris(c, clientId);
    return { clientId, name: row?.name ?? "App Hub (first-party)", kind: "hub", secret, scopes: HUB_FIRST_PARTY_SCOPES, redirectUris, firstParty: true };
  }
  if (!row) return null;
  return {
    clientId,
    name: row.name,
    kind: row.kind,
    secret: row.client_secret,
    scopes: words(row.scopes),
    redirectUris: words(row.redirect_uris),
    firstParty: row.first_party === 1,
  };
}

/**
 * Whether the client registered exactly this redirect URI, as the platform checks it: the same
 * string, port and path included (issue 27: the hub's clients used to take any loopback port, so
 * a hub building its callback from the wrong origin passed here and failed upstream).
 */
export function redirectAllowed(c: Pick<Ctx, "url">, client: Client, uri: string): boolean {
  return client.redirectUris.map((entry) => (entry.startsWith("/") ? `${c.url.origin}${entry}` : entry)).includes(uri);
}

/**
 * POST /_emulator/redirect-uris {uri, clientId?}: registers an exact redirect URI on a hub client
 * (both when no clientId is given), as a developer adds one in the platform's portal.
 */
export async function registerRedirectUriControl(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(
    c,
    z.object({
      uri: z
        .string()
        .url()
        .refine((u) => /^https?:\/\//.test(u) && !u.includes("#"), "must be an http(s) URL without a fragment"),
      clientId: z.string().min(1).optional(),
    }),
  );
  const hubClients = [c.env.HUB_CLIENT_ID, c.env.HUB_FIRST_PARTY_CLIENT_ID].filter(Boolean);
  if (body.clientId && !hubClients.includes(body.clientId)) throw new ApiError(400, "Only the hub's clients take redirect URIs here; the others are fixed by the seed.");
  const clients = body.clientId ? [body.clientId] : hubClients;
  await c.db.batch(clients.map((clientId) => c.db.prepare("INSERT OR IGNORE INTO registered_redirect_uris (client_id, uri) VALUES (?, ?)").bind(clientId, body.uri)));
  return json({ uri: body.uri, clientIds: clients });
}

function redirectTo(uri: string, params: Record<string, string | undefined>): Response {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return new Response(null, { status: 302, headers: { Location: url.toString(), "Cache-Control": "no-store" } });
}

function errorPage(message: string, status = 400): Response {
  return page(
    "Authorization error",
    `<h1>Cannot continue with sign-in</h1><p class="error" role="alert">${escapeHtml(message)}</p><p>Return to the application and try again.</p>`,
    status,
  );
}

function scopeLabel(scope: string): string {
  return SCOPE_LABELS[scope] ?? scope;
}

type AuthorizeRequest = z.infer<typeof authorizeQuery>;

async function consentPage(c: Ctx, client: Client, q: AuthorizeRequest, error?: string): Promise<Response> {
  const { results: users } = await c.db.prepare("SELECT * FROM people WHERE type = 'person' ORDER BY is_org_admin, created").all<PersonRow>();
  const scopes = q.scope.split(" ").filter(Boolean);
  const hidden = (["client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method", "response_type", "login_hint"] as const)
    .filter((key) => q[key] !== undefined)
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(q[key]!)}">`)
    .join("");
  // login_hint (OpenID Connect) preselects that demo user; otherwise the first one.
  const hinted = users.findIndex((u) => q.login_hint !== undefined && u.email.toLowerCase() === q.login_hint.trim().toLowerCase());
  const preselected = hinted === -1 ? 0 : hinted;
  const radios = users
    .map(
      (u, i) =>
        `<label><input type="radio" name="person" value="${escapeHtml(u.uuid)}"${i === preselected ? " checked" : ""}> ${escapeHtml(nameOf(u))} <small>(${escapeHtml(u.email)})</small></label>`,
    )
    .join("");
  const body = `<h1>${escapeHtml(client.name)} wants to access your account</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<p>This is the platform emulator: pick a demo user instead of signing in.</p>
<h2>${escapeHtml(client.name)} is asking to:</h2>
<ul>${scopes.map((s) => `<li>${escapeHtml(scopeLabel(s))} <small>(<code>${escapeHtml(s)}</code>)</small></li>`).join("")}</ul>
<form method="post" action="/v1/authorize">${hidden}
<fieldset><legend>Continue as</legend>${radios}</fieldset>
<label for="email">Or type a demo user's email</label>
<input type="email" id="email" name="email" autocomplete="off" placeholder="name@acme.example">
<div class="actions"><button type="submit" name="decision" value="accept">Accept</button><button type="submit" name="decision" value="decline">Decline</button></div>
</form>`;
  return page(`Authorize ${client.name}`, body, error ? 400 : 200);
}

// --- /v1/authorize -----------------------------------------------------------------------------

const authorizeQuery = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  response_type: z.string().optional(),
  scope: z.string().default(""),
  state: z.string().max(2000).optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  login_hint: z.string().max(320).optional(),
});

/**
 * Validates the client and redirect URI first (errors there are shown, never redirected), then
 * the rest (errors there go back to the validated redirect URI, as RFC 6749 §4.1.2.1 says).
 */
async function checkAuthorizeRequest(c: Ctx, input: Record<string, string>): Promise<{ client: Client; q: AuthorizeRequest } | Response> {
  const parsed = authorizeQuery.safeParse(input);
  if (!parsed.success) return errorPage(`The request is missing ${parsed.error.issues[0]!.path.join(".")}.`);
  const q = parsed.data;
  const client = await findClient(c, q.client_id);
  if (!client) return errorPage("Unknown application (client_id).");
  if (!redirectAllowed(c, client, q.redirect_uri)) return errorPage("The redirect_uri is not registered for this application.");
  const fail = (error: string, description: string) => redirectTo(q.redirect_uri, { error, error_description: description, state: q.state });
  if (q.response_type !== "code") return fail("unsupported_response_type", "response_type must be code");
  if (!q.scope.trim()) return fail("invalid_scope", "scope is required");
  // Only scopes registered on the client (unknown ones, first-party-only ones for an ordinary
  // client, and Identity:one_time_password, which is no login scope, are never registered here).
  const unregistered = words(q.scope).filter((scope) => !client.scopes.includes(scope));
  if (unregistered.length) {
    const firstPartyOnly = unregistered.some((scope) => (FIRST_PARTY_ONLY_SCOPES as readonly string[]).includes(scope));
    return fail("invalid_scope", `The requested scope is invalid: ${unregistered.join(" ")}${firstPartyOnly ? " (only the platform's own clients can hold it)" : ""}`);
  }
  if (q.code_challenge !== undefined || q.code_challenge_method !== undefined) {
    if (q.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(q.code_challenge ?? "")) return fail("invalid_request", "code_challenge must be 43-128 characters");
  }
  return { client, q };
}

export async function authorizePage(c: Ctx): Promise<Response> {
  const checked = await checkAuthorizeRequest(c, Object.fromEntries(c.url.searchParams));
  if (checked instanceof Response) return checked;
  return consentPage(c, checked.client, checked.q);
}

export async function authorizeDecision(c: Ctx): Promise<Response> {
  const form = Object.fromEntries(new URLSearchParams(await c.request.text()));
  const checked = await checkAuthorizeRequest(c, form);
  if (checked instanceof Response) return checked;
  const { client, q } = checked;
  const decision = z.object({ decision: z.enum(["accept", "decline"]), person: z.string().optional(), email: z.string().optional() }).safeParse(form);
  if (!decision.success) return consentPage(c, client, q, "Choose Accept or Decline.");
  if (decision.data.decision === "decline") return redirectTo(q.redirect_uri, { error: "access_denied", state: q.state });

  const typed = decision.data.email?.trim();
  const person = typed ? await findPersonByEmail(c.db, typed) : decision.data.person ? await findPerson(c.db, decision.data.person) : null;
  if (person?.type !== "person") {
    return consentPage(c, client, q, typed ? `There is no demo user with the email ${typed}.` : "Choose a demo user.");
  }
  const code = randomToken();
  const now = Date.now();
  const scopes = q.scope.split(" ").filter(Boolean).join(" ");
  // Consent only issues a code. The authorization (the grant) exists once the client that owns the
  // code has exchanged it at /v1/access_token, as on the platform.
  await c.db
    .prepare("INSERT INTO auth_codes (code, client_id, redirect_uri, person_uuid, scopes, code_challenge, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
    .bind(code, client.clientId, q.redirect_uri, person.uuid, scopes, q.code_challenge ?? null, now + intVar(c.env.AUTH_CODE_TTL_SECONDS, 60) * 1000)
    .run();
  return redirectTo(q.redirect_uri, { code, state: q.state });
}

// --- /v1/access_token --------------------------------------------------------------------------

function oauthError(status: 400 | 401, error: string, message: string): ApiError {
  return new ApiError(status, message, { "Cache-Control": "no-store" }, { error, error_description: message });
}

const tokenForm = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("authorization_code"),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    code: z.string().min(1),
    redirect_uri: z.string().min(1),
    code_verifier: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal("refresh_token"),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    refresh_token: z.string().min(1),
  }),
]);

async function s256(verifier: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

type CodeRow = {
  code: string;
  client_id: string;
  redirect_uri: string;
  person_uuid: string;
  scopes: string;
  code_challenge: string | null;
  expires_at: number;
  used_at: number | null;
};
type TokenRow = { token: string; person_uuid: string; client_id: string; scopes: string; from_code: string | null; expires_at: number };

export async function accessToken(c: Ctx): Promise<Response> {
  const form = await parseFormBody(c, tokenForm, (message) => {
    throw oauthError(400, "invalid_request", message.includes("grant_type") ? "grant_type must be authorization_code or refresh_token" : message);
  });
  const client = await findClient(c, form.client_id);
  if (!client) throw oauthError(401, "invalid_client", "Unknown client_id.");
  if (client.secret === null) throw oauthError(401, "invalid_client", "This application's tokens cannot be exchanged here: the emulator knows no client secret for it.");
  if (form.client_secret !== client.secret) throw oauthError(401, "invalid_client", "The client_secret is wrong.");
  const now = Date.now();
  const accessTtl = intVar(c.env.ACCESS_TOKEN_TTL_SECONDS, 1_209_600);

  if (form.grant_type === "refresh_token") {
    const refresh = await c.db.prepare("SELECT * FROM tokens WHERE token = ? AND kind = 'refresh'").bind(form.refresh_token).first<TokenRow>();
    if (!refresh || refresh.client_id !== client.clientId) throw oauthError(400, "invalid_grant", "The refresh token is invalid or was revoked.");
    if (refresh.expires_at <= now) throw oauthError(400, "invalid_grant", "The refresh token has expired.");
    const access = randomToken(48);
    // As the platform: using the refresh token gives it a fresh full lifetime (not what was left).
    const refreshTtl = intVar(c.env.REFRESH_TOKEN_TTL_SECONDS, 7_776_000);
    await c.db.batch([
      c.db
        .prepare("INSERT INTO tokens (token, kind, person_uuid, client_id, scopes, from_code, expires_at, created) VALUES (?, 'access', ?, ?, ?, ?, ?, ?)")
        .bind(access, refresh.person_uuid, refresh.client_id, refresh.scopes, refresh.from_code, now + accessTtl * 1000, new Date(now).toISOString()),
      c.db.prepare("UPDATE tokens SET expires_at = ? WHERE token = ? AND kind = 'refresh'").bind(now + refreshTtl * 1000, refresh.token),
    ]);
    return tokenResponse(access, accessTtl, refresh.token, refreshTtl);
  }

  const code = await c.db.prepare("SELECT * FROM auth_codes WHERE code = ?").bind(form.code).first<CodeRow>();
  if (!code) throw oauthError(400, "invalid_grant", "The authorization code is invalid.");
  if (code.used_at !== null) {
    // A replayed code may mean it was stolen: revoke what it issued (RFC 6749 §4.1.2).
    await c.db.prepare("DELETE FROM tokens WHERE from_code = ?").bind(code.code).run();
    throw oauthError(400, "invalid_grant", "The authorization code has already been used; the tokens issued from it are revoked.");
  }
  if (code.client_id !== client.clientId) throw oauthError(400, "invalid_grant", "The authorization code was issued to another client.");
  if (code.expires_at <= now) throw oauthError(400, "invalid_grant", "The authorization code has expired.");
  if (code.redirect_uri !== form.redirect_uri) throw oauthError(400, "invalid_grant", "The redirect_uri does not match the one used to get the code.");
  if (code.code_challenge !== null) {
    if (!form.code_verifier) throw oauthError(400, "invalid_grant", "code_verifier is required (the request used PKCE).");
    if ((await s256(form.code_verifier)) !== code.code_challenge) throw oauthError(400, "invalid_grant", "The code_verifier does not match the code_challenge.");
  }
  const claimed = await c.db.prepare("UPDATE auth_codes SET used_at = ? WHERE code = ? AND used_at IS NULL").bind(now, code.code).run();
  if (claimed.meta.changes === 0) throw oauthError(400, "invalid_grant", "The authorization code has already been used.");

  const refreshTtl = intVar(c.env.REFRESH_TOKEN_TTL_SECONDS, 7_776_000);
  const access = randomToken(48);
  const refresh = randomToken(48);
  const created = new Date(now).toISOString();
  const insert = "INSERT INTO tokens (token, kind, person_uuid, client_id, scopes, from_code, expires_at, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
  await c.db.batch([
    c.db.prepare(insert).bind(access, "access", code.person_uuid, code.client_id, code.scopes, code.code, now + accessTtl * 1000, created),
    c.db.prepare(insert).bind(refresh, "refresh", code.person_uuid, code.client_id, code.scopes, code.code, now + refreshTtl * 1000, created),
    // The hub's rows normally come from the seed; this keeps a custom HUB_CLIENT_ID listable.
    c.db
      .prepare("INSERT OR IGNORE INTO applications (client_id, name, kind, client_secret, scopes, redirect_uris, first_party, created) VALUES (?, ?, ?, NULL, ?, '', ?, ?)")
      .bind(client.clientId, client.name, client.kind, client.scopes.join(" "), client.firstParty ? 1 : 0, created),
    // Now, and only now, the person has authorized the client.
    c.db
      .prepare(
        `INSERT INTO authorizations (uuid, person_uuid, client_id, scopes, created) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (person_uuid, client_id) DO UPDATE SET scopes = excluded.scopes`,
      )
      .bind(crypto.randomUUID(), code.person_uuid, code.client_id, code.scopes, created),
  ]);
  return tokenResponse(access, accessTtl, refresh, refreshTtl);
}

function tokenResponse(access: string, expiresIn: number, refresh: string, refreshExpiresIn: number): Response {
  return json({ access_token: access, token_type: "Bearer", expires_in: expiresIn, refresh_token: refresh, refresh_token_expires_in: refreshExpiresIn }, 200, {
    "Cache-Control": "no-store",
    Pragma: "no-cache",
  });
}
