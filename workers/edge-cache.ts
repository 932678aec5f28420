// Read-through edge cache (Cache API) for anonymous GETs. Routes opt in with a public Cache-Control
// carrying an s-maxage (app/lib/cache-policy.server.ts) and an entry in the table of cacheable
// routes (app/lib/cacheable-routes.ts), which names the parameters each reads; keys carry the
// catalogue version, so an import invalidates every cached page at once, the cookie-driven variant
// of the page, and the canonical address (only the route's parameters, normalised, in order).
import { ANNOUNCEMENT_COOKIE, MODAL_COOKIE_PREFIX } from "../app/features/announcement/visibility";
import { requestCookies } from "../app/lib/cookie-names";
import { canonicalUrl } from "../app/lib/cacheable-routes";

/** Cookies that change what an anonymous page shows; each becomes part of the cache key. */
const VARIANT_COOKIES = ["isAlertTestHidden", ANNOUNCEMENT_COOKIE];
/**
 * Cookie-name prefixes whose every cookie changes the page: one per closed CMS modal (spec §4), whose
 * ids only the content knows. Sorted by name so the order the browser sends them in does not matter.
 */
const VARIANT_COOKIE_PREFIXES = [MODAL_COOKIE_PREFIX];

/** A request with a session or a one-time notice is personal and never touches the shared cache. */
export function hasAnyCookie(request: Request, names: string[]): boolean {
  // By bare name, read as the app reads them (only __Host- ones on https: app/lib/cookie-names.ts).
  const cookies = requestCookies(request);
  return names.some((name) => cookies.has(name));
}

/**
 * The request at its canonical address when its route is in the table of cacheable routes, else
 * null (then the edge cache is not used). The Worker hands this request to Remix, so the page stored
 * under a key is rendered from exactly what the key holds: an unknown parameter cannot change it.
 */
export function cacheableRequest(request: Request, routeIds: ReadonlySet<string>): Request | null {
  if (request.method !== "GET") return null;
  const canonical = canonicalUrl(new URL(request.url), routeIds);
  return canonical ? new Request(canonical, request) : null;
}

/** The cache key of a (canonical) request: version, cookie variant and address. */
export function edgeCacheKey(request: Request, version: string): Request | null {
  if (request.method !== "GET") return null;
  // By bare name, read as the app reads them (only __Host- ones on https: app/lib/cookie-names.ts).
  const cookies = requestCookies(request);
  const prefixed = [...cookies.keys()].filter((name) => VARIANT_COOKIE_PREFIXES.some((p) => name.startsWith(p))).sort();
  // Names and values are encoded, so one holding "&" or "=" cannot pass for another cookie.
  const variant = [...VARIANT_COOKIES, ...prefixed].map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(cookies.get(name) ?? "")}`).join("&");
  const url = new URL(request.url);
  const key = `${url.origin}/__edge/${encodeURIComponent(version)}/${encodeURIComponent(variant)}${url.pathname}${url.search}`;
  return new Request(key, { method: "GET" });
}

export function isCacheable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const cc = response.headers.get("Cache-Control") ?? "";
  return /\bpublic\b/.test(cc) && /\bs-maxage=\d+/.test(cc);
}
