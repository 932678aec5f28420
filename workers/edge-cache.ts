// Read-through edge cache (Cache API) for anonymous GETs. Routes opt in with a public Cache-Control
// carrying an s-maxage (app/lib/cache-policy.server.ts) and an entry in the table of cacheable
// routes (app/lib/cacheable-routes.ts), which names the parameters each reads; keys carry the
// catalogue version, so an import invalidates every cached page at once, the cookie-driven variant
// of the page, and the canonical address (only the route's parameters, normalised, in order).
import { LRUCache } from "lru-cache";
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
  return /\bpublic\b/.test(response.headers.get("Cache-Control") ?? "") && sharedAge(response) > 0;
}

/** The edge age a cacheable response carries (its s-maxage), in seconds. */
function sharedAge(response: Response): number {
  const age = /\bs-maxage=(\d+)/.exec(response.headers.get("Cache-Control") ?? "");
  return age ? Number(age[1]) : 0;
}

/** Headers the Cache API adds to what it answers; a kept page computes its own `Age`. */
const CACHE_API_HEADERS = new Set(["age", "cf-cache-status"]);

/**
 * The isolate's own copy of the pages it served last (docs/decisions/021), in front of the Cache
 * API: a hit there costs a lookup in the colo's cache, a copy of the page's body and its compression
 * on the way out; most hits are the same few pages (home, the big lists, popular apps), which an
 * isolate can answer from memory, compressed once. Bounded by bytes; an entry lives no longer than
 * the edge copy: its s-maxage less the `Age` the Cache API gave it. Keys are the edge-cache keys, so
 * a new catalogue version makes old entries unreachable here exactly as in the Cache API, and the
 * size cap evicts them. (Expiry is checked here, not by lru-cache's `ttl`: that keeps its clock
 * fresh with a timer, which a Worker's isolate does not run between requests.)
 */
type KeptPage = { gzipped: ArrayBuffer; status: number; headers: [string, string][]; keptAt: number; ageWhenKept: number; expiresAt: number };
const HOT_PAGES_BYTES = 8 * 1024 * 1024;
const hotPages = new LRUCache<string, KeptPage>({
  maxSize: HOT_PAGES_BYTES,
  sizeCalculation: (page) => page.gzipped.byteLength + 1024,
  // Larger answers stay in the Cache API only (a list page is ~12 KB gzipped).
  maxEntrySize: HOT_PAGES_BYTES / 16,
});

async function keep(key: Request, response: Response, now: number): Promise<void> {
  const ageWhenKept = Number(response.headers.get("Age") ?? 0) || 0;
  const expiresAt = now + (sharedAge(response) - ageWhenKept) * 1000;
  if (expiresAt <= now || !response.body) return;
  const headers = [...response.headers].filter(([name]) => !CACHE_API_HEADERS.has(name) && name !== "content-encoding");
  const gzipped = await new Response(response.body.pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  hotPages.set(key.url, { gzipped, status: response.status, headers, keptAt: now, ageWhenKept, expiresAt });
}

/**
 * Whether the client takes gzip (every browser does): then the kept bytes go out as they are.
 * Cloudflare's front line sets every Worker request's Accept-Encoding to "br, gzip" and keeps what
 * the client sent in `request.cf.clientAcceptEncoding` (empty when it sent none), so that is the
 * one read (decision 021). Production's front line would also decompress for such a client, but
 * wrangler dev's does not when the header is missing: asking the client's own value makes both
 * answer a client without gzip (curl without --compressed, simple monitors) in plain text.
 */
export function acceptsGzip(request: Request): boolean {
  const sent = (request as { cf?: { clientAcceptEncoding?: unknown } }).cf?.clientAcceptEncoding;
  const value = typeof sent === "string" ? sent : (request.headers.get("Accept-Encoding") ?? "");
  return /(?:^|,)\s*gzip\s*(?:,|;\s*q=(?!0(?:\.0*)?\s*(?:,|$))|$)/i.test(value);
}

function recall(request: Request, key: Request, now: number): Response | null {
  const kept = hotPages.get(key.url);
  if (!kept) return null;
  if (now >= kept.expiresAt) {
    hotPages.delete(key.url);
    return null;
  }
  const headers = new Headers(kept.headers);
  headers.set("Age", String(kept.ageWhenKept + Math.floor((now - kept.keptAt) / 1000)));
  headers.set("X-Edge-Cache", "HIT");
  if (!acceptsGzip(request)) {
    return new Response(new Response(kept.gzipped).body?.pipeThrough(new DecompressionStream("gzip")), { status: kept.status, headers });
  }
  headers.set("Content-Encoding", "gzip");
  // `manual`: the body is already gzip; the runtime sends it as it is instead of compressing again.
  return new Response(kept.gzipped, { status: kept.status, headers, encodeBody: "manual" } as ResponseInit);
}

/** The edge cache: the isolate's hot pages, then the Cache API. */
export const edgeCache = {
  /** The stored answer to `request` (whose cache key is `key`), or null. */
  async match(request: Request, key: Request, waitUntil: (promise: Promise<unknown>) => void, now = Date.now()): Promise<Response | null> {
    const kept = recall(request, key, now);
    if (kept) return kept;
    const hit = await caches.default.match(key);
    if (!hit) return null;
    const response = new Response(hit.body, hit);
    response.headers.set("X-Edge-Cache", "HIT");
    waitUntil(keep(key, response.clone(), now));
    return response;
  },
  /** Stores a fresh render in both tiers (in waitUntil) and marks the response sent as a MISS. */
  put(key: Request, response: Response, waitUntil: (promise: Promise<unknown>) => void, now = Date.now()): void {
    response.headers.set("X-Edge-Cache", "MISS");
    waitUntil(caches.default.put(key, response.clone()));
    waitUntil(keep(key, response.clone(), now));
  },
};
