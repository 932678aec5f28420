// Connecting a catalogue integration (spec §1, §2.5; issue 6): the person is sent to the platform's
// OAuth consent for that integration's client id, and comes back to /applications/{id}/connected,
// which checks the state this browser was given and says how it went. The platform records the
// authorization when the person accepts, so it then shows in My Integrations (docs/decisions/011).
import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { sameToken } from "~/auth/oauth.server";
import type { Notice } from "~/components/notice";
import { CONNECT_MESSAGES as M } from "./messages";
import { cookieNameFor } from "~/lib/cookie-names";
import { randomToken } from "~/lib/random-token.server";

/** Spec §9: integration cookies are prefixed mkt-int. */
const CONNECT_COOKIE = "mkt-int-connect";
/** Ten minutes to decide at the platform, as for a login. */
const CONNECT_COOKIE_SECONDS = 600;

/**
 * What the hub asks on the integration's behalf. The catalogue does not record an integration's
 * scopes, so this is the narrow set most integrations need: who you are, your spaces, and posting
 * to them. My Integrations shows it as partial access.
 */
export const INTEGRATION_CONNECT_SCOPES = ["spark:people_read", "spark:rooms_read", "spark:messages_read", "spark:messages_write"] as const;

const pendingSchema = z.object({ state: z.string().min(20), appId: z.string().min(1), clientId: z.string().min(1) });
type PendingConnect = z.infer<typeof pendingSchema>;

function connectCookie(request: Request, context: AppLoadContext) {
  return createCookie(cookieNameFor(request, CONNECT_COOKIE), {
    secrets: context.config.sessionSecrets,
    httpOnly: true,
    // Lax: the platform's redirect back is a top-level GET navigation, which Lax cookies go with.
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    // Site-wide, because the __Host- prefix on https requires Path=/.
    path: "/",
    maxAge: CONNECT_COOKIE_SECONDS,
  });
}


export const appPath = (appKey: string) => `/applications/${encodeURIComponent(appKey)}`;
const returnUrl = (request: Request, appKey: string) => new URL(`${appPath(appKey)}/connected`, request.url).toString();

/** The platform's consent address for the integration, and the cookie that remembers the state. */
export async function beginConnect(
  request: Request,
  context: AppLoadContext,
  app: { key: string; clientId: string },
  loginHint?: string,
): Promise<{ location: string; setCookie: string }> {
  const pending: PendingConnect = { state: randomToken(), appId: app.key, clientId: app.clientId };
  const url = new URL(`${context.config.platform.apiBase}/authorize`);
  url.searchParams.set("client_id", app.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", returnUrl(request, app.key));
  url.searchParams.set("scope", INTEGRATION_CONNECT_SCOPES.join(" "));
  url.searchParams.set("state", pending.state);
  // Suggests who is connecting (OpenID Connect's login_hint); the platform may ignore it.
  if (loginHint) url.searchParams.set("login_hint", loginHint);
  return { location: url.toString(), setCookie: await connectCookie(request, context).serialize(pending) };
}

export type ConnectOutcome = "connected" | "declined" | "failed" | "expired";

/**
 * Reads the platform's answer on the way back. Anything but a matching state from this browser's
 * cookie, for this app, is "expired": a stale tab, a replayed link or someone else's redirect.
 * The code itself is not exchanged here: only the integration's own server could do that.
 */
export async function finishConnect(
  request: Request,
  context: AppLoadContext,
  appKey: string,
): Promise<{ outcome: ConnectOutcome; detail: string; clear: string }> {
  const url = new URL(request.url);
  const cookie = connectCookie(request, context);
  const clear = await cookie.serialize("", { maxAge: 0 });
  const parsed = pendingSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  const state = url.searchParams.get("state");
  if (!parsed.success || !state || !sameToken(state, parsed.data.state) || parsed.data.appId !== appKey) {
    return { outcome: "expired", detail: "missing or mismatched state", clear };
  }
  const error = url.searchParams.get("error");
  if (error) return { outcome: error === "access_denied" ? "declined" : "failed", detail: error, clear };
  if (!url.searchParams.get("code")) return { outcome: "failed", detail: "no code", clear };
  return { outcome: "connected", detail: "code received", clear };
}

export function connectNotice(outcome: ConnectOutcome, appName: string): Notice {
  switch (outcome) {
    case "connected":
      return { title: "Connected", message: M.connected(appName), level: "success" };
    case "declined":
      return { title: "Not connected", message: M.declined(appName), level: "info" };
    case "expired":
      return { title: "Not connected", message: M.expired(appName), level: "warning" };
    default:
      return { title: "Not connected", message: M.failed(appName), level: "error" };
  }
}
