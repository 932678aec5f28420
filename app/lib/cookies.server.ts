// Small preference cookies an anonymous visitor can set (no personal data, no session).
import { cookiesOf } from "./cookie-header";

/** Spec §2.4/§9: closing the test-environment bar is remembered for the browser session. */
export const TEST_BAR_COOKIE = "isAlertTestHidden";

/** One cookie's value, URL-decoded (kept as sent when it is not valid percent-encoding). */
export function cookieFromHeader(header: string | null, name: string): string | null {
  const raw = cookiesOf(header).get(name);
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export const readCookie = (request: Request, name: string): string | null => cookieFromHeader(request.headers.get("Cookie"), name);

export function isTestBarHidden(request: Request): boolean {
  return readCookie(request, TEST_BAR_COOKIE) === "true";
}

/** A session cookie (no Max-Age): it ends with the browser session, like sessionStorage. */
export function hideTestBarCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${TEST_BAR_COOKIE}=true; Path=/; SameSite=Lax${secure}`;
}
