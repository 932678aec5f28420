// The one naming rule for every cookie of ours, shared by server code, the Worker and browser code
// (docs/decisions/012). On https each name carries the __Host- prefix: browsers then accept the
// cookie only with Secure, Path=/ and no Domain, so neither a sibling subdomain nor a plain-http
// response can plant or overwrite it (a planted session or CSRF cookie is how session fixation and
// double-submit bypasses start). Plain-http local development keeps the bare names, since browsers
// refuse __Host- cookies without Secure.
//
// Code everywhere else uses the bare names ("flash", config.cookies.session, ...): writers ask
// cookieName for the name to set, readers read through ourCookies, which maps back to bare names.
import { cookiesOf } from "./cookie-header.ts";

export const HOST_PREFIX = "__Host-";

// The bare names of our cookies whose names are not in config (session, auth and CSRF are), kept
// here because browser code, the Worker and the server all need them. What each holds, its
// attributes and lifetime: app/lib/cookies.server.ts.
/** One-time notices across a redirect (app/lib/flash.server.ts). */
export const FLASH_COOKIE = "flash";
/** Spec §2.4/§9: the closed test-environment bar. */
export const TEST_BAR_COOKIE = "isAlertTestHidden";
/** Spec §9 "performance consent". */
export const CONSENT_COOKIE = "performance_consent";
/** Spec §9: the announcement hide cookie. It holds the publish time of the banner that was closed. */
export const ANNOUNCEMENT_COOKIE = "hd_an_bnr_dp";
/**
 * Modal cookies are keyed by modal id (spec §4) under one prefix, so the edge cache can vary on all
 * of them without knowing the ids (workers/edge-cache.ts).
 */
export const MODAL_COOKIE_PREFIX = "hd_modal_";
/** Spec §9: integration cookies are prefixed mkt-int. */
export const CONNECT_COOKIE = "mkt-int-connect";

/** Whether a request (or page) address is https, the only place the prefix applies. */
export const isHttps = (url: string | URL): boolean => new URL(url).protocol === "https:";

/** The name to set for our cookie `name`. */
export const cookieName = (name: string, https: boolean): string => (https ? `${HOST_PREFIX}${name}` : name);

/** The name to set for our cookie `name` in the answer to `request`. */
export const cookieNameFor = (request: Request, name: string): string => cookieName(name, isHttps(request.url));

/**
 * Our cookies in a Cookie header (or document.cookie), by bare name, values as sent. On https only
 * __Host- cookies count: a bare-named one there was set around the prefix's guarantees and is
 * ignored, exactly as if it were absent.
 */
export function ourCookies(header: string | null | undefined, https: boolean): Map<string, string> {
  const all = cookiesOf(header);
  if (!https) return all;
  const out = new Map<string, string>();
  for (const [name, value] of all) {
    if (name.startsWith(HOST_PREFIX)) {
      const bare = name.slice(HOST_PREFIX.length);
      if (!out.has(bare)) out.set(bare, value);
    }
  }
  return out;
}

/** The request's cookies of ours, by bare name. */
export const requestCookies = (request: Request): Map<string, string> => ourCookies(request.headers.get("Cookie"), isHttps(request.url));

/** In the browser: this page's cookies of ours (the script-readable ones), by bare name. */
export const browserCookies = (): Map<string, string> =>
  typeof document === "undefined" ? new Map() : ourCookies(document.cookie, typeof location !== "undefined" && location.protocol === "https:");
