// Small preference cookies an anonymous visitor can set (no personal data, no session).

/** Spec §2.4/§9: closing the test-environment bar is remembered for the browser session. */
export const TEST_BAR_COOKIE = "isAlertTestHidden";

export function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function isTestBarHidden(request: Request): boolean {
  return readCookie(request, TEST_BAR_COOKIE) === "true";
}

/** A session cookie (no Max-Age): it ends with the browser session, like sessionStorage. */
export function hideTestBarCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${TEST_BAR_COOKIE}=true; Path=/; SameSite=Lax${secure}`;
}
