// Named cache policies (spec §9 cache ages): every Cache-Control the app and the Worker send comes
// from here, never from a string typed at the call site. The Worker stores responses marked
// `public` with an s-maxage in the edge cache; everything else is never shared.
import type { PortalConfig } from "./config.server";

/**
 * Fixed policies (no config needed):
 * - `private`: one person's answer, an error, a form's result, a redirect that sets a cookie: nobody
 *   stores it (browsers, proxies, the edge).
 * - `noStore`: answers to machines (health checks, webhook endpoints, a stale build file), which no
 *   one shares anyway: the shortest "never store" (kept as is: tests and callers read it).
 * - `immutable`: a file whose name encodes its content (generated logos and screenshots).
 * - `imageProxy`: images fetched for a page through /getImage: a day in browsers and at the edge.
 */
export const CACHE_CONTROL = {
  private: "private, no-store",
  noStore: "no-store",
  immutable: "public, max-age=31536000, immutable",
  imageProxy: "public, max-age=86400, s-maxage=86400",
} as const;

/** `{ "Cache-Control": "private, no-store" }`, for `headers:` of answers nobody may store. */
export const PRIVATE_HEADERS: Readonly<{ "Cache-Control": string }> = { "Cache-Control": CACHE_CONTROL.private };

/** The policies whose ages depend on the deployment (1 s in local development, spec §9). */
export type CachePolicyName = "page" | "catalogue" | "content" | "suggestions" | "sitemap";

const PRODUCTION_AGES: Record<CachePolicyName, number> = {
  page: 3600, // list, search, detail and home pages (the edge's age; browsers revalidate)
  catalogue: 3600, // categories, search, collections
  // Content entries (/api/content/..., collections): the spec's collections age. A content load
  // changes the cache version (workers/catalogue-version.ts), so the edge never serves old content.
  content: 3600,
  // Typeahead: many distinct keys, each asked for again within minutes while people type the same
  // words; a short edge age keeps the cache small. Keys carry the catalogue version regardless.
  suggestions: 600,
  sitemap: 86400,
};

export function cacheControl(policy: CachePolicyName, config: Pick<PortalConfig, "localDevelopment">): string {
  // Spec §9: 1 s outside production, so edits show up at once while developing. Only explicit local
  // development counts as "outside": staging and test deployments cache as production does, so
  // what is rehearsed there is what production serves (docs/decisions/015).
  const age = config.localDevelopment ? 1 : PRODUCTION_AGES[policy];
  // Pages carry the header's login state: a browser must never show an anonymous copy after a log
  // in (or a personal one after a log out), so it revalidates every time; the edge keeps the
  // anonymous variant (logged-in requests bypass it in workers/edge-cache.ts).
  if (policy === "page") return `public, max-age=0, must-revalidate, s-maxage=${age}`;
  // Browsers revalidate after a minute at most; the edge keeps the page for the full age.
  return `public, max-age=${Math.min(age, 60)}, s-maxage=${age}`;
}

/** A page that is public to anonymous visitors but personal once logged in (the header shows the person). */
export const pageCacheControl = (loggedIn: boolean, config: Pick<PortalConfig, "localDevelopment">): string => (loggedIn ? CACHE_CONTROL.private : cacheControl("page", config));
