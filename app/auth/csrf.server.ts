// CSRF protection for every mutating request (spec §7, docs/decisions/006 and 012): a signed token
// in a cookie the page's script can read, echoed back in the form field `csrf` (plain forms) or the
// configured header (fetches). csrf-token.server.ts signs and checks it (remix-utils' CSRF API on Web
// Crypto, docs/decisions/036); the Worker calls verifyCsrf before
// Remix sees a POST or DELETE, so a forged request changes nothing and gets a 403, never a 500.
//
// The signature also covers the session the token was issued to: a double-submit token alone only
// proves that cookie and form agree, so someone able to plant a cookie (their own valid token, or one
// of another session) could make them agree. Bound, a token is worthless with any other session.
import type { PortalConfig } from "~/lib/config.server";
import { csrfCookie, readCookie } from "~/lib/cookies.server";
import { CSRF_FORM_FIELD } from "./csrf";
import { CSRF, CSRFError } from "./csrf-token.server";
import { sessionIdOf } from "./session.server";

/**
 * Posts that carry no token by design:
 * - /preferences/*: an anonymous visitor hiding a bar or banner on their own browser. Those forms
 *   sit on edge-cached pages shared by every visitor, which cannot hold a per-visitor token; they
 *   only set the poster's own cookies, and cross-site posts are refused by the Origin check.
 * - /api/hooks/*: incoming-webhook URLs and platform event deliveries, called by servers that
 *   authenticate with a secret URL or a signature instead.
 */
const EXEMPT_PATHS = [
  /^\/preferences\//,
  // The publisher API (issue 16) authenticates with a Bearer token only, never a cookie: a browser
  // cannot send it on its own, so there is no forged request to guard against.
  /^\/api\/publisher\//,
  /^\/api\/hooks\//,
  // /api/analytics: telemetry sent anonymously with navigator.sendBeacon, which cannot add a token
  // header. It is validated and only adds to aggregate counts (it changes no person's state), and
  // cross-site posts are still refused by the Origin check in workers/app.ts.
  /^\/api\/analytics$/,
];

/**
 * The HMAC covers the session id besides the token, so the same token checks out only for that
 * session. Requests without a (validly signed) session cookie share the "anonymous" binding, which
 * no logged-in request accepts.
 */
function csrfFor(request: Request, config: PortalConfig, secret: string, sessionId: string | null) {
  // The raw token on the wire (a text cookie), so browser code can copy it into a header.
  return new CSRF({ cookie: csrfCookie(request, config), formDataKey: CSRF_FORM_FIELD, secret, sessionId });
}

/**
 * Checks a submitted token against the cookie's, bound to `sessionId`, with every configured secret
 * (rotation: tokens signed with an older secret stay valid until it is removed). Returns the first
 * failure's code.
 */
async function check(request: Request, config: PortalConfig, submitted: string, sessionId: string | null): Promise<CsrfResult> {
  const form = new FormData();
  form.set(CSRF_FORM_FIELD, submitted);
  let reason = "mismatched_token";
  for (const secret of config.sessionSecrets) {
    try {
      await csrfFor(request, config, secret, sessionId).validate(form, request.headers);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof CSRFError)) throw error;
      if (secret === config.sessionSecrets[0]) reason = error.code;
    }
  }
  return { ok: false, reason };
}

export type CsrfResult = { ok: true } | { ok: false; reason: string };

/**
 * The token for this browser's session, and the Set-Cookie to send when it had none (or one that is
 * invalid or bound to another session).
 */
export async function csrfToken(request: Request, config: PortalConfig): Promise<{ token: string; setCookie: string | null }> {
  const sessionId = await sessionIdOf(request, config);
  const existing = readCookie(request, config.cookies.csrf);
  if (existing && (await check(request, config, existing, sessionId)).ok) return { token: existing, setCookie: null };
  const token = await csrfFor(request, config, config.sessionSecrets[0]!, sessionId).generate();
  return { token, setCookie: await csrfCookie(request, config).serialize(token) };
}

/**
 * A new token for the session a login just created (its id is not in the request yet), so a token
 * planted or issued before the login is worthless. Logout clears the token instead (clearCsrfToken):
 * it died with the session it was bound to.
 */
export async function rotateCsrfToken(request: Request, config: PortalConfig, sessionId: string): Promise<string> {
  const token = await csrfFor(request, config, config.sessionSecrets[0]!, sessionId).generate();
  return csrfCookie(request, config).serialize(token);
}
export const clearCsrfToken = (request: Request, config: PortalConfig): Promise<string> => csrfCookie(request, config).serialize("", { maxAge: 0 });

export async function verifyCsrf(request: Request, config: PortalConfig): Promise<CsrfResult> {
  if (request.method !== "POST" && request.method !== "DELETE") return { ok: true };
  const path = new URL(request.url).pathname;
  if (EXEMPT_PATHS.some((re) => re.test(path))) return { ok: true };
  if (!readCookie(request, config.cookies.csrf)) return { ok: false, reason: "missing_token_in_cookie" };

  let submitted = request.headers.get(config.csrfHeader);
  if (submitted === null) {
    const type = request.headers.get("Content-Type") ?? "";
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      const form = await request
        .clone()
        .formData()
        .catch(() => null);
      const value = form?.get(CSRF_FORM_FIELD);
      submitted = typeof value === "string" ? value : null;
    }
  }
  if (!submitted) return { ok: false, reason: "missing_token_in_body" };
  const sessionId = await sessionIdOf(request, config);
  if (sessionId === null) {
    // No session: the post acts for nobody (a route that acts for a person sends it to log in
    // first, e.g. a form rendered while logged in and posted after the session cookie expired), so
    // there is no session to bind to. The cookie and the submitted token must still agree.
    const form = new FormData();
    form.set(CSRF_FORM_FIELD, submitted);
    try {
      await new CSRF({ cookie: csrfCookie(request, config), formDataKey: CSRF_FORM_FIELD }).validate(form, request.headers);
      return { ok: true };
    } catch (error) {
      if (error instanceof CSRFError) return { ok: false, reason: error.code };
      throw error;
    }
  }
  return check(request, config, submitted, sessionId);
}
