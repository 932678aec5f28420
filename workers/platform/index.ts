// The platform emulator Worker: the messaging platform's REST API under /v1 (Webex-compatible),
// demo avatars, and /_emulator/* test controls. Never deployed; see README.md.
import { deleteAuthorization, deleteAuthorizationsByClient, listAuthorizations } from "./authorizations.ts";
import { tokensPage, tokensPageRevoke } from "./account.ts";
import { avatarResponse } from "./avatars.ts";
import { controls } from "./controls.ts";
import { ApiError, errorResponse, notFound } from "./errors.ts";
import { applyFault } from "./faults.ts";
import { oembed } from "./oembed.ts";
import type { Ctx, Handler } from "./http.ts";
import { Router, json } from "./http.ts";
import { createMembership, deleteMembership, getMembership, listMemberships } from "./memberships.ts";
import { createMessage, getMessage, listMessages } from "./messages.ts";
import { accessToken, authorizeDecision, authorizePage } from "./oauth.ts";
import type { PersonRow } from "./people.ts";
import { authenticateToken, getMe, getPerson } from "./people.ts";
import { getRoom, listRooms } from "./rooms.ts";
import { requireAnyScope, ruleFor } from "./scopes.ts";
import { vendorCallback, vendorStart } from "./vendors.ts";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhooks.ts";

/**
 * A /v1 handler that needs the token's person: 401 before it runs otherwise, and 403 when the
 * token lacks the scope that scopes.ts's one table names for this method and path (a route missing
 * from the table fails here, at load). The token's client and scopes are on `c.auth`.
 */
function authed(method: string, path: string, handler: (c: Ctx, me: PersonRow) => Promise<Response>): [string, string, Handler] {
  const rule = ruleFor(method, path);
  return [
    method,
    path,
    async (c) => {
      const auth = await authenticateToken(c);
      if ("anyOf" in rule) requireAnyScope(auth.scopes, rule.anyOf, `${method} ${path}`);
      return handler({ ...c, auth }, auth.person);
    },
  ];
}

const api = new Router()
  .on("GET", "/v1/authorize", authorizePage)
  .on("POST", "/v1/authorize", authorizeDecision)
  .on("POST", "/v1/access_token", accessToken)
  .on(...authed("GET", "/v1/people/me", getMe))
  .on(...authed("GET", "/v1/people/:id", (c) => getPerson(c)))
  .on(...authed("GET", "/v1/rooms", listRooms))
  .on(...authed("GET", "/v1/rooms/:id", getRoom))
  .on(...authed("GET", "/v1/memberships", listMemberships))
  .on(...authed("POST", "/v1/memberships", createMembership))
  .on(...authed("GET", "/v1/memberships/:id", getMembership))
  .on(...authed("DELETE", "/v1/memberships/:id", deleteMembership))
  .on(...authed("GET", "/v1/messages", listMessages))
  .on(...authed("POST", "/v1/messages", createMessage))
  .on(...authed("GET", "/v1/messages/:id", getMessage))
  .on(...authed("GET", "/v1/webhooks", listWebhooks))
  .on(...authed("POST", "/v1/webhooks", createWebhook))
  .on(...authed("GET", "/v1/webhooks/:id", getWebhook))
  .on(...authed("PUT", "/v1/webhooks/:id", updateWebhook))
  .on(...authed("DELETE", "/v1/webhooks/:id", deleteWebhook))
  .on(...authed("GET", "/v1/authorizations", listAuthorizations))
  .on(...authed("DELETE", "/v1/authorizations", deleteAuthorizationsByClient))
  .on(...authed("DELETE", "/v1/authorizations/:id", deleteAuthorization))
  // Not the API: the platform's own token page and the demo vendors' sites (HTML).
  .on("GET", "/account/authorized-apps", tokensPage)
  .on("POST", "/account/authorized-apps", tokensPageRevoke)
  .on("GET", "/vendors/:clientId/start", vendorStart)
  .on("GET", "/vendors/:clientId/callback", vendorCallback);

/** The client's `trackingid` header when it is sane, else a fresh one. */
function trackingIdOf(request: Request): string {
  const given = request.headers.get("trackingid");
  return given && /^[\x21-\x7e]{1,200}$/.test(given) ? given : `EMULATOR_${crypto.randomUUID()}`;
}

async function route(c: Ctx): Promise<Response> {
  const { pathname } = c.url;
  if (pathname.startsWith("/_emulator/")) {
    if (c.env.EMULATOR_CONTROLS !== "true") throw notFound();
    return dispatch(controls, c);
  }
  if (pathname.startsWith("/avatars/") && c.request.method === "GET") {
    return avatarResponse(pathname.slice("/avatars/".length)) ?? new Response("Not found", { status: 404 });
  }
  if ((pathname === "/oembed" || pathname.startsWith("/oembed/")) && c.request.method === "GET") return oembed(c);
  if (pathname === "/" && c.request.method === "GET") {
    return json({ name: "app-hub-platform", description: "Platform emulator (Webex-compatible REST API under /v1)", controls: c.env.EMULATOR_CONTROLS === "true" });
  }
  return (await applyFault(c)) ?? dispatch(api, c);
}

async function dispatch(router: Router, c: Ctx): Promise<Response> {
  const matched = router.match(c.request.method, c.url.pathname);
  if (!matched) throw notFound();
  if ("allowed" in matched) throw new ApiError(405, `Method ${c.request.method} is not allowed here.`, { Allow: matched.allowed.join(", ") });
  return matched.handler({ ...c, params: matched.params });
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const trackingId = trackingIdOf(request);
    const c: Ctx = { request, env, db: env.DB, url: new URL(request.url), params: {}, trackingId, waitUntil: (p) => ctx.waitUntil(p) };
    let response: Response;
    try {
      response = await route(c);
    } catch (error) {
      if (error instanceof ApiError) {
        response = errorResponse(error.status, error.message, trackingId, error.headers, error.extra);
      } else {
        console.error(`${request.method} ${c.url.pathname} failed:`, error);
        response = errorResponse(500, "Internal error in the platform emulator.", trackingId);
      }
    }
    // Responses from fetch()/Response.redirect can have immutable headers: copy before setting.
    const out = new Response(response.body, response);
    out.headers.set("TrackingID", trackingId);
    return out;
  },
} satisfies ExportedHandler<PlatformEnv>;
