// The logged-in /api routes (spec §7): who is asking, and platform failures as JSON the browser's
// enhancements act on (spec §8: a 401 sends the browser to the site root).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { endSessionOn401, getAuth, type Auth } from "~/auth/session.server";
import { jsonError } from "~/lib/http.server";
import { PlatformError } from "~/platform/client.server";

/** The /api routes' names for the shared policy and error shape (app/lib/cache-policy.server.ts, http.server.ts). */

/** The session, or a 401 JSON answer to return as is. */
export async function apiAuth(request: Request, context: AppLoadContext): Promise<Auth | Response> {
  try {
    const auth = await getAuth(request, context);
    return auth ?? jsonError(401, "You need to log in first.", { redirectTo: "/" });
  } catch (thrown) {
    // getAuth throws a redirect when the session has just expired: keep its cookies, answer 401.
    if (thrown instanceof Response) return jsonError(401, "You were logged out.", { redirectTo: "/" }, thrown.headers);
    throw thrown;
  }
}

/**
 * A failed platform call as JSON: 401 ends the session; a time-out is 504; everything else keeps the
 * platform's status for 4xx (its message is the stored message, spec §8) and is 502 for 5xx.
 */
export async function apiPlatformError(request: Request, context: AppLoadContext, error: unknown, action: string): Promise<Response> {
  const expired = await endSessionOn401(request, context, error);
  if (expired) {
    const headers = new Headers();
    for (const cookie of expired.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return jsonError(401, "You were logged out.", { redirectTo: "/" }, headers);
  }
  if (!(error instanceof PlatformError)) throw error;
  context.logger.error(`${action} failed`, { status: error.status, message: error.message, trackingId: error.trackingId });
  // A service token's refusal (a bot's 401) is ours, not the caller's: never a 401 that reads as "log in again".
  if (error.credential === "service" && error.status === 401) return jsonError(502, `${action} failed`, { trackingId: error.trackingId });
  const status = error.kind === "timeout" ? 504 : error.status >= 400 && error.status < 500 ? error.status : 502;
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== null) headers["Retry-After"] = String(error.retryAfterSeconds);
  return jsonError(status, error.message || action, { trackingId: error.trackingId }, headers);
}
