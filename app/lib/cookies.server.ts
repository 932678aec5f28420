// Every cookie App Hub sets, in one place: its name, attributes and lifetime, each built with
// Remix's createCookie (docs/decisions/012 for the names and the __Host- rule, 006 for sessions and
// CSRF). A newcomer asking "what does the hub store in the browser?" reads this file.
//
// Two kinds:
// - Signed JSON (Remix's own encoding, HMAC with config.sessionSecrets; the first signs, all
//   verify): the session id, the pending login, the pending Connect, the flash notice and the D1 bookmark. A value
//   that is unsigned, signed with a retired secret or tampered with parses as null.
// - Plain text: values that something other than this server reads as they are (the browser's
//   tracker reads `performance_consent`, browser code copies the CSRF token into a header, the edge
//   cache keys on the preference cookies' values), so they stay `true` or an ISO time on the wire
//   instead of Remix's base64 JSON. textCookie adapts createCookie's encode/decode hooks for that.
//
// Every cookie is Path=/ and SameSite=Lax, Secure exactly when the request is https (plain-http
// local development would drop Secure cookies), and named by cookieNameFor (__Host- on https).
import { createCookie, type Cookie, type CookieOptions } from "@remix-run/cloudflare";
import type { PortalConfig } from "./config.server";
import { cookiesOf } from "./cookie-header";
import { CONNECT_COOKIE, CONSENT_COOKIE, cookieNameFor, FLASH_COOKIE, isHttps, requestCookies, TEST_BAR_COOKIE } from "./cookie-names";

export { TEST_BAR_COOKIE };

/** A year: the preferences (consent, closed banner or modal) outlive any visit. */
export const PREFERENCE_MAX_AGE = 60 * 60 * 24 * 365;
/** A notice is read by the very next page; a minute covers a slow redirect. */
const FLASH_MAX_AGE = 60;
/** Ten minutes to log in at the platform, then start again. */
export const PENDING_LOGIN_MAX_AGE = 600;
/** An hour at the vendor's pages (sign-up included) before the return no longer counts as ours. */
const CONNECT_MAX_AGE = 3600;
/**
 * How long a D1 bookmark is kept after the person's last write. Replicas normally catch up within
 * seconds, after which the bookmark constrains nothing; ten minutes covers a lagging replica with a
 * wide margin while keeping the cookie from outliving its use by much (docs/decisions/017).
 */
const BOOKMARK_MAX_AGE = 10 * 60;
/** Bare name of the D1 bookmark cookie. */
const BOOKMARK_COOKIE = "d1-bookmark";

/** What every cookie of ours shares. `name` is the bare name. */
function ourCookie(request: Request, name: string, options: CookieOptions): Cookie {
  const cookie = createCookie(cookieNameFor(request, name), { path: "/", sameSite: "lax", secure: isHttps(request.url), ...options });
  // A request carries few of our cookies, and each is read several times per request: one whose
  // name is nowhere in the header is absent, so the header is not parsed again (nor, for a signed
  // one, its HMAC key imported) only to answer null, as Remix's parse would.
  const parse: Cookie["parse"] = (header, parseOptions) => (header?.includes(cookie.name) ? cookie.parse(header, parseOptions) : Promise.resolve(null));
  return Object.create(cookie, { parse: { value: parse } }) as Cookie;
}

// ---- plain-text values -------------------------------------------------------------------------

/** RFC 6265 cookie-octets: such a value goes on the wire as it is; anything else percent-encoded. */
const COOKIE_OCTETS = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/** Remix's value encoding (base64 of the UTF-8 JSON) and back, for the text codec below. */
function remixEncoded(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(JSON.stringify(text))) binary += String.fromCharCode(byte);
  return btoa(binary);
}
function fromRemixEncoded(encoded: string): string {
  const value: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0))));
  if (typeof value !== "string") throw new TypeError("plain-text cookies hold strings");
  return value;
}

function percentDecoded(raw: string): string {
  if (!raw.includes("%")) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: kept as sent (readers treat unknown values as absent).
    return raw;
  }
}

/**
 * A createCookie whose value is the bare text on the wire. Remix encodes every value as base64 JSON
 * before the `cookie` package's `encode` hook sees it, and decodes after its `decode` hook; these
 * hooks undo and redo that encoding, so `serialize("true")` writes `name=true` and `parse` of
 * `name=true` gives "true". Never signed: whoever reads these values reads them as they are.
 */
function textCookie(request: Request, name: string, options: Omit<CookieOptions, "secrets" | "encode" | "decode"> = {}): Cookie {
  return ourCookie(request, name, {
    ...options,
    encode: (encoded) => {
      if (encoded === "") return "";
      const text = fromRemixEncoded(encoded);
      return COOKIE_OCTETS.test(text) ? text : encodeURIComponent(text);
    },
    decode: (raw) => (raw === "" ? "" : remixEncoded(percentDecoded(raw))),
  });
}

/** A text cookie's value in the request, or null (absent, or not for this scheme: see cookie-names). */
export async function readText(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/**
 * Spec §9 "performance consent": `true` or `false`, a year. Not HttpOnly: the browser's tracker
 * reads it before it sends anything (app/features/analytics/consent.ts).
 */
export const consentCookie = (request: Request) => textCookie(request, CONSENT_COOKIE, { maxAge: PREFERENCE_MAX_AGE });

/** Spec §2.4/§9: closing the test-environment bar is remembered for the browser session (no Max-Age). */
export const testBarCookie = (request: Request) => textCookie(request, TEST_BAR_COOKIE);

/**
 * Spec §4: the closed announcement banner (hd_an_bnr_dp) or a closed modal (`name` from
 * modalCookieName), holding the publish time that was closed. A year; HttpOnly, since nothing in
 * the browser reads them (the server decides what to render, the edge cache keys on them).
 */
export const preferenceCookie = (request: Request, name: string) => textCookie(request, name, { maxAge: PREFERENCE_MAX_AGE, httpOnly: true });

/**
 * The CSRF token (app/auth/csrf.server.ts signs and checks it; csrf-token.server.ts reads it through this
 * Cookie). Script-readable and a browser-session cookie: pages copy it into a header for fetches.
 */
export const csrfCookie = (request: Request, config: PortalConfig) => textCookie(request, config.cookies.csrf);

// ---- signed JSON values ------------------------------------------------------------------------

/**
 * The session id (the data stays in KV: app/auth/session.server.ts). Its Max-Age is set per login
 * (createUserSession), never extended.
 */
export const sessionCookie = (request: Request, config: PortalConfig) =>
  ourCookie(request, config.cookies.session, { secrets: config.sessionSecrets, httpOnly: true, maxAge: config.sessions.maxAgeSeconds });

/**
 * The login under way (state, PKCE verifier, way back; app/auth/oauth.server.ts). Site-wide,
 * because the __Host- prefix requires Path=/ (it used to be scoped to /auth); Lax, so the
 * platform's redirect back (a top-level GET) carries it.
 */
export const pendingLoginCookie = (request: Request, config: PortalConfig) =>
  ourCookie(request, config.cookies.auth, { secrets: config.sessionSecrets, httpOnly: true, maxAge: PENDING_LOGIN_MAX_AGE });

/** The Connect under way (app/features/connect-integration); spec §9: integration cookies are prefixed mkt-int. */
export const connectCookie = (request: Request, config: PortalConfig) =>
  ourCookie(request, CONNECT_COOKIE, { secrets: config.sessionSecrets, httpOnly: true, maxAge: CONNECT_MAX_AGE });

/**
 * The one-time notice carried across a redirect (app/lib/flash.server.ts). Signed since issue 14:
 * a flash cookie written before (unsigned base64 JSON) or by anyone else parses as null, so its
 * page shows no notice and clears it.
 */
export const flashCookie = (request: Request, config: PortalConfig) => ourCookie(request, FLASH_COOKIE, { secrets: config.sessionSecrets, httpOnly: true, maxAge: FLASH_MAX_AGE });

/**
 * The D1 bookmark a logged-in person carries after a write (app/models/d1-bookmark.server.ts reads
 * and writes it; the Worker opens the request's D1 session at it).
 */
export const bookmarkCookie = (request: Request, config: PortalConfig) =>
  ourCookie(request, BOOKMARK_COOKIE, { secrets: config.sessionSecrets, httpOnly: true, maxAge: BOOKMARK_MAX_AGE });

// ---- reading ------------------------------------------------------------------------------------

function decoded(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  return percentDecoded(raw);
}

/** One cookie's value by its exact name, URL-decoded (kept as sent when it is not valid percent-encoding). */
export const cookieFromHeader = (header: string | null, name: string): string | null => decoded(cookiesOf(header).get(name));

/** Whether our cookie `name` (bare name; __Host- on https) is in the request at all, URL-decoded, or null. */
export const readCookie = (request: Request, name: string): string | null => decoded(requestCookies(request).get(name));

export async function isTestBarHidden(request: Request): Promise<boolean> {
  return (await readText(testBarCookie(request), request)) === "true";
}
