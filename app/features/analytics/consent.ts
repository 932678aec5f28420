// Consent gating (spec §9): events are sent only when the performance-consent flag is the text
// "true" and Global Privacy Control is off. The flag is the `performance_consent` cookie, set by the
// choice at /preferences/analytics-consent (readable by script: it is a preference, not a secret).

import { browserCookies, CONSENT_COOKIE, ourCookies } from "~/lib/cookie-names";

/** The bare name: `__Host-performance_consent` on https (app/lib/cookie-names.ts). */
export { CONSENT_COOKIE };
export const CONSENT_PATH = "/preferences/analytics-consent";

/** The cookie's value in a Cookie header or document.cookie of an http(s) page, or null. */
export const readConsent = (cookies: string, https: boolean): string | null => ourCookies(cookies, https).get(CONSENT_COOKIE) ?? null;

/** Exactly the text "true" and no GPC signal (navigator.globalPrivacyControl === true turns it off). */
export const mayTrack = (consent: string | null, globalPrivacyControl: unknown): boolean => consent === "true" && globalPrivacyControl !== true;

/** In the browser, now (the choice can change while the page is open). Always false on the server. */
export function browserMayTrack(): boolean {
  if (typeof document === "undefined" || typeof navigator === "undefined") return false;
  return mayTrack(browserCookies().get(CONSENT_COOKIE) ?? null, (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl);
}
