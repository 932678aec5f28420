// Consent gating (spec §9): events are sent only when the performance-consent flag is the text
// "true" and Global Privacy Control is off. The flag is the `performance_consent` cookie, set by the
// choice at /preferences/analytics-consent (readable by script: it is a preference, not a secret).

export const CONSENT_COOKIE = "performance_consent";
export const CONSENT_PATH = "/preferences/analytics-consent";

/** The cookie's value in a Cookie header or document.cookie, or null. */
export function readConsent(cookies: string): string | null {
  for (const part of cookies.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === CONSENT_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Exactly the text "true" and no GPC signal (navigator.globalPrivacyControl === true turns it off). */
export const mayTrack = (consent: string | null, globalPrivacyControl: unknown): boolean =>
  consent === "true" && globalPrivacyControl !== true;

/** In the browser, now (the choice can change while the page is open). Always false on the server. */
export function browserMayTrack(): boolean {
  if (typeof document === "undefined" || typeof navigator === "undefined") return false;
  return mayTrack(readConsent(document.cookie), (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl);
}
