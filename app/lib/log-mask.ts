// Log masking (spec §5): these query parameters are masked; cookie and authorization headers removed.
// Beyond the spec's list, the incoming webhook's secret path segment (/api/hooks/incoming/<token>,
// docs/decisions/010) is masked too: the URL is the webhook's only credential. The logger applies
// maskFields to every line (app/lib/logger.server.ts), so no call site has to remember it.
export const MASKED_PARAMS = ["contactName", "contactEmail", "userId", "email", "displayName", "personEmail", "emails", "access_token", "code"] as const;
const MASKED = new Set<string>(MASKED_PARAMS);
const REMOVED_HEADERS = new Set(["cookie", "set-cookie", "authorization"]);
export const MASK = "***";

/** Path segments that are credentials: the prefix is kept, the next segment masked. */
const SECRET_SEGMENT = /(\/api\/hooks\/incoming\/)[^/?#\s"'<>]+/gi;

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
  // Route matching is case-insensitive, so the masking is too.
  url.pathname = url.pathname.replace(SECRET_SEGMENT, `$1${MASK}`);
  const relative = url.origin === "http://relative.invalid";
  return relative ? `${url.pathname}${url.search}` : url.toString();
}

export function maskHeaders(headers: Headers | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    if (!REMOVED_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = typeof value === "string" ? maskText(value) : value;
  }
  return out;
}

// A listed parameter inside any text: after ?, & or ; and up to the next separator.
const PARAM_IN_TEXT = new RegExp(`([?&;](?:${MASKED_PARAMS.join("|")})=)[^&#\\s"'<>]*`, "g");
const BEARER = /(\bBearer\s+)[^\s"',;]+/gi;

/**
 * Masks what may hide in free text (error messages, a URL inside a sentence): the spec's query
 * parameters wherever a query appears, the webhook token segment, and bearer tokens. Text that
 * holds none of them comes back unchanged.
 */
export function maskText(text: string): string {
  return text.replace(SECRET_SEGMENT, `$1${MASK}`).replace(PARAM_IN_TEXT, `$1${MASK}`).replace(BEARER, `$1${MASK}`);
}

/** Fields that hold a URL or a path: parsed, so encoded parameter names are caught too. */
const URL_FIELDS = /^(url|href|path|pathname|location|target|referr?er|redirect(To|Uri)?|imageUrl|webhookUrl)$/i;
const MAX_DEPTH = 6;

function maskValue(key: string, value: unknown, depth: number): unknown {
  if (typeof value === "string") return maskText(URL_FIELDS.test(key) ? maskUrl(value) : value);
  if (value instanceof Headers) return maskHeaders(value);
  if (value instanceof Error) return maskText(`${value.name}: ${value.message}`);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) return value.map((item) => maskValue(key, item, depth + 1));
  if (/^headers$/i.test(key)) return maskHeaders(value as Record<string, string>);
  return maskObject(value as Record<string, unknown>, depth + 1);
}

function maskObject(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (REMOVED_HEADERS.has(key.toLowerCase())) continue;
    out[key] = maskValue(key, value, depth);
  }
  return out;
}

/** Spec §5 masking for a whole log line's fields, at any depth. */
export function maskFields(fields: Record<string, unknown>): Record<string, unknown> {
  return maskObject(fields, 0);
}
