// Log masking (spec §5): these query parameters are masked; cookie and authorization headers removed.
export const MASKED_PARAMS = [
  "contactName",
  "contactEmail",
  "userId",
  "email",
  "displayName",
  "personEmail",
  "emails",
  "access_token",
  "code",
] as const;
const MASKED = new Set<string>(MASKED_PARAMS);
const REMOVED_HEADERS = new Set(["cookie", "set-cookie", "authorization"]);
export const MASK = "***";

export function maskUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input, "http://relative.invalid");
  } catch {
    return MASK;
  }
  for (const key of [...url.searchParams.keys()]) {
    if (MASKED.has(key)) url.searchParams.set(key, MASK);
  }
  const relative = url.origin === "http://relative.invalid";
  return relative ? `${url.pathname}${url.search}` : url.toString();
}

export function maskHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (!REMOVED_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  }
  return out;
}
