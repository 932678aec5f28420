// UTM parameters (spec §9: captured from the referrer). The landing page's own utm_* parameters
// win; else those in the referrer's address; else a cross-site referrer is recorded as its host
// with medium "referral". Kept for the browser session so later events of the visit carry them.

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>;

const parse = (value: string): URL | null => {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
};

function utmOf(url: URL | null): Utm {
  const out: Utm = {};
  for (const key of UTM_KEYS) {
    const value = url?.searchParams.get(key)?.trim();
    if (value) out[key] = value.slice(0, 100);
  }
  return out;
}

export function captureUtm(landingUrl: string, referrer: string): Utm {
  const landing = parse(landingUrl);
  const fromLanding = utmOf(landing);
  if (Object.keys(fromLanding).length) return fromLanding;
  const ref = parse(referrer);
  const fromReferrer = utmOf(ref);
  if (Object.keys(fromReferrer).length) return fromReferrer;
  if (ref && (ref.protocol === "https:" || ref.protocol === "http:") && ref.origin !== landing?.origin) {
    return { utm_source: ref.hostname, utm_medium: "referral" };
  }
  return {};
}
