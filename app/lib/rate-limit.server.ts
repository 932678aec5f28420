// Abuse limits (docs/decisions/013): Cloudflare's Workers Rate Limiting bindings ([[ratelimits]] in
// wrangler.toml), checked in one place and answered in one shape.
//
// - Which paths: RATE_LIMITED_PATHS below. The Worker (workers/app.ts) checks them for every request
//   that reaches it past the edge cache, before Remix runs (and so before any body is read or
//   parsed). Cache hits are not counted: a limit protects work (D1, the network), and a hit does none.
// - Which key: the client address (CF-Connecting-IP; an IPv6 client by its /64, which one
//   subscriber usually holds whole). Incoming webhooks are also limited per webhook, whoever posts
//   (app/features/webhooks/incoming.server.ts asks with the webhook's id).
// - Which limit: fixed per binding in wrangler.toml (a binding cannot be asked for another limit in
//   production). RATE_LIMITS repeats only each binding's period, for Retry-After (the binding does
//   not say when its window ends, so the whole period is the honest upper bound); a unit test keeps
//   both in step.
// - The answer: 429, `Retry-After`, `Cache-Control: private, no-store`; JSON `{error, message}` for
//   the APIs, hooks, the image proxy and client-side navigations, a small HTML page for pages.
import { CACHE_CONTROL } from "./cache-policy.server";
import { ConfigError } from "./config.server";
import { jsonError } from "./http.server";

export const RATE_LIMITS = {
  RATE_LIMIT_ANALYTICS: { period: 10, what: "analytics events" },
  RATE_LIMIT_SEARCH: { period: 10, what: "searches" },
  RATE_LIMIT_IMAGES: { period: 10, what: "images through the image proxy" },
  RATE_LIMIT_LOGIN: { period: 60, what: "sign-in attempts" },
  RATE_LIMIT_HOOKS: { period: 60, what: "incoming webhook posts" },
  RATE_LIMIT_WEBHOOK: { period: 60, what: "messages to this webhook" },
  // Keyed by who asks, checked by their features (issue 27): app/features/followers/follow.server.ts
  // (the person), app/features/publisher-api/submit.server.ts (the publisher token).
  RATE_LIMIT_FOLLOWS: { period: 60, what: "changes to what you follow" },
  RATE_LIMIT_SUBMISSIONS: { period: 60, what: "submissions with this token" },
  // Keyed by the person, not the address (app/features/org-policy/requests.server.ts): answered in the page.
  RATE_LIMIT_APP_REQUESTS: { period: 60, what: "app requests" },
} as const satisfies Record<string, { period: 10 | 60; what: string }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

type LimitedPath = {
  binding: RateLimitName;
  /** Tested against the path as Remix matches it (see routePath). */
  path: RegExp;
  /** A page a person opens gets an HTML answer; everything else (and `.data` navigations) JSON. */
  answer: "page" | "json";
};

/** The paths the Worker limits per client address, whatever the method (HEAD costs what GET does). */
export const RATE_LIMITED_PATHS: readonly LimitedPath[] = [
  { binding: "RATE_LIMIT_ANALYTICS", path: /^\/api\/analytics$/, answer: "json" },
  { binding: "RATE_LIMIT_SEARCH", path: /^\/search$/, answer: "page" },
  { binding: "RATE_LIMIT_SEARCH", path: /^\/api\/(search|suggest)$/, answer: "json" },
  { binding: "RATE_LIMIT_IMAGES", path: /^\/getimage$/, answer: "json" },
  { binding: "RATE_LIMIT_LOGIN", path: /^\/auth(\/callback)?$/, answer: "page" },
  { binding: "RATE_LIMIT_HOOKS", path: /^\/api\/hooks\/incoming\/[^/]+$/, answer: "json" },
];

/**
 * A path as Remix matches routes: percent-escapes decoded, any case, without trailing or doubled
 * slashes, and a single-fetch `.data` request as the page it loads. Matching this form means no
 * spelling of a limited path (`/API/Search/`, `/api/sugges%74`, `/search.data`) slips past.
 */
export function routePath(pathname: string): string {
  const decoded = pathname
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
  const path =
    decoded
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "") || "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length).replace(/^\/_root$/, "/") || "/" : path;
}

/** Requests that reach us with no address share one key: a missing header never means "unlimited". */
export const NO_ADDRESS_KEY = "no-client-address";

/**
 * Whom a request is counted against: its CF-Connecting-IP, which Cloudflare sets on every request
 * (and wrangler dev / Miniflare set locally from the socket). IPv6 addresses count by their /64.
 */
export function clientKey(request: Request): string {
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase() ?? "";
  if (!address) return NO_ADDRESS_KEY;
  if (!address.includes(":")) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = address.replace(/%.*$/, "").split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/**
 * Keys this isolate has seen refused, until when (ms). A flood from one client is answered from
 * memory for the rest of the period (what its Retry-After says anyway) instead of asking the
 * binding thousands of times. Bounded: the oldest entries go first.
 */
const refused = new Map<string, number>();
const REFUSED_MAX = 10_000;

/** Counts one request against `name` for `key`; false once the key is past the binding's limit. */
export async function withinLimit(env: Env, name: RateLimitName, key: string, now = Date.now()): Promise<boolean> {
  const binding = (env as unknown as Partial<Record<RateLimitName, RateLimit>>)[name];
  if (typeof binding?.limit !== "function") {
    // Fail closed and loudly: [[ratelimits]] is not inherited by [env.*] sections in wrangler.toml.
    throw new ConfigError(`Invalid portal config: the rate-limit binding ${name} is missing (wrangler.toml [[ratelimits]], in every environment)`);
  }
  const id = `${name} ${key}`;
  const until = refused.get(id);
  if (until !== undefined) {
    if (now < until) return false;
    refused.delete(id);
  }
  if ((await binding.limit({ key })).success) return true;
  if (refused.size >= REFUSED_MAX) refused.delete(refused.keys().next().value!);
  refused.set(id, now + RATE_LIMITS[name].period * 1000);
  return false;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 429 page's only style; its hash is the one style the page's CSP allows (a unit test checks it). */
export const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;margin:0}main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}a{color:#0b5cad;font-weight:600}';
export const PAGE_CSP = "default-src 'none'; style-src 'sha256-QqpPEnkFKe5MG7dWr843czcx1pUXJK4lJmwldziGlKM='; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Bindings counted per webhook, person or token rather than per network address (their message says so). */
const KEYED_BY_WHO = { RATE_LIMIT_WEBHOOK: true, RATE_LIMIT_FOLLOWS: true, RATE_LIMIT_SUBMISSIONS: true } as const;

/** The 429 answer of a binding's limit: JSON for scripts and the app's own fetches, HTML for people. */
export function tooManyRequests(name: RateLimitName, answer: "page" | "json"): Response {
  const { period, what } = RATE_LIMITS[name];
  const headers = { "Retry-After": String(period), "Cache-Control": CACHE_CONTROL.private };
  if (answer === "json") {
    const message = KEYED_BY_WHO[name as keyof typeof KEYED_BY_WHO]
      ? `Too many ${what} in a short time. Try again in ${period} s.`
      : `Too many ${what} from your network address in a short time. Try again in ${period} s.`;
    return jsonError(429, message, { error: "too_many_requests" }, headers);
  }
  // Plain HTML, no scripts, one small fixed style allowed by its hash: cheap to send a thousand
  // times, and still readable as a page of ours.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too many requests | App Hub</title><style>${PAGE_STYLE}</style></head>
<body><main><h1>Too many requests</h1>
<p>We received more ${escapeHtml(what)} from your network address in a short time than we answer. Wait ${period} seconds, then try again.</p>
<p>If you share this address with many people (an office or a school network), one of them may have reached the limit for everyone.</p>
<p><a href="/">Return Home</a></p></main></body></html>`;
  return new Response(html, { status: 429, headers: { ...headers, "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": PAGE_CSP } });
}

/**
 * The Worker's check: null when the path is not limited or the client is within its allowance,
 * else the 429 to send instead of running the route.
 */
export async function rateLimitResponse(request: Request, env: Env): Promise<Response | null> {
  const url = new URL(request.url);
  const path = routePath(url.pathname);
  const limited = RATE_LIMITED_PATHS.find((p) => p.path.test(path));
  if (!limited) return null;
  if (await withinLimit(env, limited.binding, clientKey(request))) return null;
  const navigation = url.pathname.endsWith(".data");
  return tooManyRequests(limited.binding, limited.answer === "page" && !navigation ? "page" : "json");
}

/** A check keyed by something other than the client (an incoming webhook's id): null, or the JSON 429. */
export async function rateLimitFor(env: Env, name: RateLimitName, key: string): Promise<Response | null> {
  return (await withinLimit(env, name, key)) ? null : tooManyRequests(name, "json");
}
