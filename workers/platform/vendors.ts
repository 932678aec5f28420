// The demo vendors: each catalogue integration's own web site and server, standing in for the
// vendor's real ones. /vendors/<clientId>/start sends the person to /v1/authorize with the vendor's
// client id, its registered redirect URI and scopes and a state it remembers (vendor_states);
// /vendors/<clientId>/callback exchanges the code server side, through the same token logic as
// /v1/access_token, with the vendor's secret. Only then does the grant exist at the platform.
import { vendorRedirectUri } from "./demo-data.ts";
import { ApiError } from "./errors.ts";
import { escapeHtml, page } from "./html.ts";
import type { Ctx } from "./http.ts";
import { randomToken } from "./ids.ts";
import type { Client } from "./oauth.ts";
import { accessToken, findClient } from "./oauth.ts";

/** How long a vendor remembers a state it sent (ms). */
const STATE_TTL_MS = 15 * 60 * 1000;

async function vendorClient(c: Ctx): Promise<Client | null> {
  const client = await findClient(c, c.params.clientId!);
  return client?.kind === "catalogue" ? client : null;
}

function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function vendorPage(title: string, heading: string, text: string, returnTo: string | null, status = 200, kind: "ok" | "error" = "ok"): Response {
  const back = returnTo ? `<p><a href="${escapeHtml(returnTo)}">Return to App Hub</a></p>` : "";
  return page(title, `<h1>${escapeHtml(heading)}</h1><p class="${kind}" role="${kind === "ok" ? "status" : "alert"}">${escapeHtml(text)}</p>${back}`, status);
}

const unknownVendor = () => vendorPage("Unknown app", "There is no such app", "This address does not belong to an integration registered with the platform.", null, 404, "error");

export async function vendorStart(c: Ctx): Promise<Response> {
  const client = await vendorClient(c);
  if (!client) return unknownVendor();
  const state = randomToken(24);
  const returnTo = httpUrl(c.url.searchParams.get("return_to"));
  const now = Date.now();
  await c.db.batch([
    c.db.prepare("DELETE FROM vendor_states WHERE created_at < ?").bind(now - STATE_TTL_MS),
    c.db.prepare("INSERT INTO vendor_states (state, client_id, return_to, created_at) VALUES (?, ?, ?, ?)").bind(state, client.clientId, returnTo, now),
  ]);
  const authorize = new URL("/v1/authorize", c.url.origin);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    redirect_uri: vendorRedirectUri(c.url.origin, client.clientId),
    scope: client.scopes.join(" "),
    state,
  }).toString();
  return new Response(null, { status: 302, headers: { Location: authorize.toString(), "Cache-Control": "no-store" } });
}

export async function vendorCallback(c: Ctx): Promise<Response> {
  const client = await vendorClient(c);
  if (!client) return unknownVendor();
  const q = c.url.searchParams;
  const state = q.get("state") ?? "";
  const remembered = await c.db
    .prepare("DELETE FROM vendor_states WHERE state = ? AND client_id = ? AND created_at >= ? RETURNING return_to")
    .bind(state, client.clientId, Date.now() - STATE_TTL_MS)
    .first<{ return_to: string | null }>();
  if (!remembered) {
    return vendorPage(
      `${client.name}: not connected`,
      `${client.name} could not connect`,
      "This sign-in was not started here or has expired. Start again from the app's page.",
      null,
      400,
      "error",
    );
  }
  const returnTo = remembered.return_to;
  const error = q.get("error");
  if (error === "access_denied") {
    return vendorPage(`${client.name}: not connected`, `${client.name} is not connected`, `You declined, so ${client.name} cannot use your account.`, returnTo);
  }
  const code = q.get("code");
  if (error || !code) {
    return vendorPage(`${client.name}: not connected`, `${client.name} could not connect`, `The platform refused the request (${error ?? "no code"}).`, returnTo, 400, "error");
  }
  // Server side, as a vendor's own server would: POST /v1/access_token with its secret.
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    client_id: client.clientId,
    client_secret: client.secret ?? "",
    code,
    redirect_uri: vendorRedirectUri(c.url.origin, client.clientId),
  });
  const request = new Request(new URL("/v1/access_token", c.url.origin), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  try {
    const res = await accessToken({ ...c, request });
    await res.body?.cancel();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return vendorPage(`${client.name}: not connected`, `${client.name} could not connect`, `Exchanging the authorization code failed: ${err.message}`, returnTo, 502, "error");
  }
  return vendorPage(
    `${client.name} is connected`,
    `${client.name} is connected to your account`,
    `You can now use ${client.name}. Manage or revoke its access on the platform's authorized apps page.`,
    returnTo,
  );
}
