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
import { vendorCallback, vendorStart } from "./vendors.ts";
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, updateWebhook } from "./webhooks.ts";

/**
 * A handler that needs the token's person: 401 before it runs otherwise. The token's client and
 * scopes are on `c.auth` (the authorizations API checks them).
 */
function authed(handler: (c: Ctx, me: PersonRow) => Promise<Response>): Handler {
  return async (c) => {
    const auth = await authenticateToken(c);
    return handler({ ...c, auth }, auth.person);
  };
}

const api = new Router()
  .on("GET", "/v1/authorize", authorizePage)
  .on("POST", "/v1/authorize", authorizeDecision)
  .on("POST", "/v1/access_token", accessToken)
  .on("GET", "/v1/people/me", authed(getMe))
  .on(
    "GET",
    "/v1/people/:id",
    authed((c) => getPerson(c)),
  )
  .on("GET", "/v1/rooms", authed(listRooms))
  .on("GET", "/v1/rooms/:id", authed(getRoom))
  .on("GET", "/v1/memberships", authed(listMemberships))
  .on("POST", "/v1/memberships", authed(createMembership))
  .on("GET", "/v1/memberships/:id", authed(getMembership))
  .on("DELETE", "/v1/memberships/:id", authed(deleteMembership))
  .on("GET", "/v1/messages", authed(listMessages))
  .on("POST", "/v1/messages", authed(createMessage))
  .on("GET", "/v1/messages/:id", authed(getMessage))
  .on("GET", "/v1/webhooks", authed(listWebhooks))
  .on("POST", "/v1/webhooks", authed(createWebhook))
  .on("GET", "/v1/webhooks/:id", authed(getWebhook))
  .on("PUT", "/v1/webhooks/:id", authed(updateWebhook))
  .on("DELETE", "/v1/webhooks/:id", authed(deleteWebhook))
  .on("GET", "/v1/authorizations", authed(listAuthorizations))
  .on("DELETE", "/v1/authorizations", authed(deleteAuthorizationsByClient))
  .on("DELETE", "/v1/authorizations/:id", authed(deleteAuthorization))
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
