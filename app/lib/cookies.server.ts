// Reading our cookies on the server, and the small preference cookies an anonymous visitor can set
// (no personal data, no session). Names follow the __Host- rule of ./cookie-names.
import { cookiesOf } from "./cookie-header";
import { cookieNameFor, requestCookies } from "./cookie-names";

/** Spec §2.4/§9: closing the test-environment bar is remembered for the browser session. */
export const TEST_BAR_COOKIE = "isAlertTestHidden";

function decoded(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** One cookie's value by its exact name, URL-decoded (kept as sent when it is not valid percent-encoding). */
export const cookieFromHeader = (header: string | null, name: string): string | null => decoded(cookiesOf(header).get(name));

/** Our cookie `name` (bare name; __Host- on https) in the request, URL-decoded, or null. */
export const readCookie = (request: Request, name: string): string | null => decoded(requestCookies(request).get(name));

export function isTestBarHidden(request: Request): boolean {
  return readCookie(request, TEST_BAR_COOKIE) === "true";
}

/** A session cookie (no Max-Age): it ends with the browser session, like sessionStorage. */
export function hideTestBarCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${cookieNameFor(request, TEST_BAR_COOKIE)}=true; Path=/; SameSite=Lax${secure}`;
}
