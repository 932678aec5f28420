// CSRF protection for every mutating request (spec §7, docs/decisions/005): a signed token in a
// cookie the page's script can read, echoed back in the form field `csrf` (plain forms) or the
// configured header (fetches). remix-utils signs and checks it; the Worker calls verifyCsrf before
// Remix sees a POST or DELETE, so a forged request changes nothing and gets a 403, never a 500.
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import type { Cookie } from "@remix-run/cloudflare";
import type { PortalConfig } from "~/lib/config.server";
import { cookieFromHeader, readCookie } from "~/lib/cookies.server";
import { CSRF_FORM_FIELD } from "./csrf";


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
  /^\/api\/hooks\//,
  // /api/analytics: telemetry sent anonymously with navigator.sendBeacon, which cannot add a token
  // header. It is validated and only adds to aggregate counts (it changes no person's state), and
  // cross-site posts are still refused by the Origin check in workers/app.ts.
  /^\/api\/analytics$/,
];

/** A cookie holding the raw token (no Remix encoding), so browser code can copy it into a header. */
function plainCookie(name: string, secure: boolean): Cookie {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return {
    name,
    isSigned: false,
    expires: undefined,
    parse: async (header: string | null) => cookieFromHeader(header, name),
    serialize: async (value: string) => `${name}=${value}; ${attributes}`,
  };
}

function csrfFor(config: PortalConfig, secret: string, secure: boolean) {
  return new CSRF({ cookie: plainCookie(config.cookies.csrf, secure), formDataKey: CSRF_FORM_FIELD, secret });
}

const isSecure = (request: Request) => new URL(request.url).protocol === "https:";
const cookieAttributes = (request: Request) => `Path=/; SameSite=Lax${isSecure(request) ? "; Secure" : ""}`;

/**
 * Checks a submitted token against the cookie's with every configured secret (rotation: tokens
 * signed with an older secret stay valid until it is removed). Returns the first failure's code.
 */
async function check(request: Request, config: PortalConfig, submitted: string): Promise<CsrfResult> {
  const form = new FormData();
  form.set(CSRF_FORM_FIELD, submitted);
  let reason = "mismatched_token";
  for (const secret of config.sessionSecrets) {
    try {
      await csrfFor(config, secret, isSecure(request)).validate(form, request.headers);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof CSRFError)) throw error;
      if (secret === config.sessionSecrets[0]) reason = error.code;
    }
  }
  return { ok: false, reason };
}

export type CsrfResult = { ok: true } | { ok: false; reason: string };

/** The token for this browser, and the Set-Cookie to send when it had none (or an invalid one). */
export async function csrfToken(request: Request, config: PortalConfig): Promise<{ token: string; setCookie: string | null }> {
  const existing = readCookie(request, config.cookies.csrf);
  if (existing && (await check(request, config, existing)).ok) return { token: existing, setCookie: null };
  const token = csrfFor(config, config.sessionSecrets[0]!, isSecure(request)).generate();
  return { token, setCookie: `${config.cookies.csrf}=${token}; ${cookieAttributes(request)}` };
}

/** A new token after login, so a token planted before it is worthless. */
export function rotateCsrfToken(request: Request, config: PortalConfig): string {
  const token = csrfFor(config, config.sessionSecrets[0]!, isSecure(request)).generate();
  return `${config.cookies.csrf}=${token}; ${cookieAttributes(request)}`;
}
export const clearCsrfToken = (request: Request, config: PortalConfig) => `${config.cookies.csrf}=; Max-Age=0; ${cookieAttributes(request)}`;

export async function verifyCsrf(request: Request, config: PortalConfig): Promise<CsrfResult> {
  if (request.method !== "POST" && request.method !== "DELETE") return { ok: true };
  const path = new URL(request.url).pathname;
  if (EXEMPT_PATHS.some((re) => re.test(path))) return { ok: true };
  if (!readCookie(request, config.cookies.csrf)) return { ok: false, reason: "missing_token_in_cookie" };

  let submitted = request.headers.get(config.csrfHeader);
  if (submitted === null) {
    const type = request.headers.get("Content-Type") ?? "";
    if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
      const form = await request.clone().formData().catch(() => null);
      const value = form?.get(CSRF_FORM_FIELD);
      submitted = typeof value === "string" ? value : null;
    }
  }
  if (!submitted) return { ok: false, reason: "missing_token_in_body" };
  return check(request, config, submitted);
}
