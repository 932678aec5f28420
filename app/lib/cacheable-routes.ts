// The one table of what the edge cache may store, and under which key (docs/decisions/013).
//
// Every route whose anonymous answer is shared in the edge cache is listed here with the query
// parameters it reads, each with the rule the route itself applies to the value. The Worker
// (workers/edge-cache.ts) turns an address into its canonical form with this table: only the
// listed parameters, normalised, in a fixed (alphabetical) order. That canonical address is both
// the cache key and the request Remix renders, so every address that shares a key gets the very
// same page, and a parameter that is not in the table (a random `?x=`, utm_*, fbclid) can neither
// make a new key nor change the page. Tracking parameters still reach analytics: the browser's
// tracker reads them from its own address bar (app/features/analytics/utm.ts).
//
// A rule returns the canonical value, or null when the value means the same as no parameter (the
// route falls back to its default for it). Page routes ignore bad values, so their rules drop them;
// the JSON APIs refuse bad values with 400, so their rules keep a bad value as it came (the answer
// is then the same 400) rather than turning it into a different, successful page.
//
// A route not in this table is never stored in the edge cache. Add a route here when it answers
// anonymous GETs with a public s-maxage (app/lib/cache-policy.server.ts), listing every parameter
// its loader reads for that answer. (Logged-in answers are never shared, so parameters only they
// read — `add` on an app's page — are not listed.)
import { searchParamsSchema } from "~/features/api/search-params.server";
import { SEARCH_SORT_CHOICES, SEARCH_TEXT_MAX, searchText } from "~/features/search/search-options";
import { APP_TYPES } from "~/models/enums";
import { findListRoute, PRODUCT_NAV } from "~/models/list-routes";
import { canonicalFilterParam, FILTER_PARAMS } from "./list-filters";
import { pageWindow, parsePageParam } from "./pagination";
import { isSortChoice, sortKeyFor } from "./sort";

/** All values of one parameter, in order → the canonical value(s) to keep, or null to leave it out. */
export type ParamRule = (values: string[], query: URLSearchParams) => string | string[] | null;
export type ParamRules = Readonly<Record<string, ParamRule>>;

const first =
  (rule: (value: string) => string | null): ParamRule =>
  (values) =>
    values.length ? rule(values[0]!) : null;
const last =
  (rule: (value: string) => string | null): ParamRule =>
  (values) =>
    values.length ? rule(values[values.length - 1]!) : null;

/**
 * A parameter an API route parses with zod: canonical when valid, as given when not (→ the same 400).
 * The schema is fetched when a request needs it (the route's schema is built on first use).
 */
function parsed<T>(schema: () => { safeParse(v: unknown): { success: true; data: T } | { success: false } }, canonical: (value: T) => string | null): ParamRule {
  return (values) => {
    if (!values.length) return null;
    const result = schema().safeParse(values.length > 1 ? values : values[0]);
    return result.success ? canonical(result.data) : values;
  };
}

// --- list pages and search: `page`, `from` and `sort` as app/lib/pagination.ts and sort.ts read them

/** `?page=N`: malformed or 1 is the first page. */
const page = first((v) => {
  const n = parsePageParam(v);
  return n === null || n === 1 ? null : String(n);
});
/** `?from=K` only means something relative to the page; kept only when it changes the window. */
const from: ParamRule = (values, query) => {
  if (!values.length) return null;
  const pageNo = parsePageParam(query.get("page")) ?? 1;
  const asked = pageWindow(pageNo, parsePageParam(values[0]!), 1).fromPage;
  return asked === pageWindow(pageNo, null, 1).fromPage ? null : String(asked);
};
const listSort = first((v) => (isSortChoice(v) && v !== "relevance" ? v : null));
/**
 * The trust filters (app/lib/list-filters.ts), read as the pages read them: repeatable values
 * de-duplicated and sorted, bad values dropped. Without them a filtered address would share the
 * unfiltered page's key (and be served its page), or the other way round.
 */
const FILTER_RULES: ParamRules = Object.fromEntries(FILTER_PARAMS.map((name): [string, ParamRule] => [name, (values) => canonicalFilterParam(name, values)]));
const LIST_PARAMS: ParamRules = { page, from, sort: listSort, ...FILTER_RULES };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SEARCH_PARAMS: ParamRules = {
  q: first((v) => searchText(v) || null),
  type: first((v) => ((APP_TYPES as readonly string[]).includes(v) ? v : null)),
  product: first((v) => (PRODUCT_NAV.some((p) => p.path === v) ? v : null)),
  // Only an existing category's slug filters; nothing else can equal one.
  category: first((v) => (v.length <= 100 && SLUG.test(v) ? v : null)),
  sort: first((v) => (SEARCH_SORT_CHOICES.some((c) => c.value === v) ? v : null)),
  // Issue 28: "Search instead for …" (no corrections) and the apps that match some of the words.
  literal: first((v) => (v === "1" ? v : null)),
  words: first((v) => (v === "any" ? v : null)),
  // What was typed when its needs became filters (the heading and the chips show it).
  said: first((v) => searchText(v) || null),
  page,
  from,
  ...FILTER_RULES,
};

// --- the JSON APIs: the route's own zod schema decides what is valid
const api = () => searchParamsSchema().shape;
const list = (v: readonly string[] | undefined) => (v?.length ? [...new Set(v)].sort().join(",") : null);
const API_SEARCH_PARAMS: ParamRules = {
  searchQuery: parsed(
    () => api().searchQuery,
    (v) => v?.trim() || null,
  ),
  // Spec §5: alphabetical → name, relevance → score, anything else (or nothing) → date.
  sortBy: parsed(
    () => api().sortBy,
    (v) => ({ name: "alphabetical", score: "relevance", rating: "rating", date: null })[sortKeyFor(v)],
  ),
  orderBy: parsed(
    () => api().orderBy,
    (v) => v ?? null,
  ),
  max: parsed(
    () => api().max,
    (v) => (v === undefined ? null : String(v)),
  ),
  offset: parsed(
    () => api().offset,
    (v) => (v === 0 ? null : String(v)),
  ),
  category: parsed(
    () => api().category,
    (v) => v ?? null,
  ),
  isFeatured: parsed(
    () => api().isFeatured,
    (v) => v ?? null,
  ),
  appType: parsed(
    () => api().appType,
    (v) => v ?? null,
  ),
  appContext: parsed(
    () => api().appContext,
    (v) => v ?? null,
  ),
  productType: parsed(
    () => api().productType,
    (v) => (v?.length ? [...new Set(v)].sort().join(",") : null),
  ),
  // Issue 15's filters: lists as one sorted, de-duplicated comma-separated value; a false flag or
  // no value is no filter.
  certification: parsed(() => api().certification, list),
  dataRegion: parsed(() => api().dataRegion, list),
  aiUse: parsed(() => api().aiUse, list),
  freshness: parsed(() => api().freshness, list),
  verifiedPublisher: parsed(
    () => api().verifiedPublisher,
    (v) => (v === "true" ? v : null),
  ),
  includeDeprecated: parsed(
    () => api().includeDeprecated,
    (v) => (v === "true" ? v : null),
  ),
  minRating: parsed(
    () => api().minRating,
    (v) => (v === undefined ? null : String(v)),
  ),
  literal: parsed(
    () => api().literal,
    (v) => (v === "true" ? v : null),
  ),
};

/** One cacheable route: its path pattern (`:name` matches one segment) and what it reads. */
export type CacheableRoute = {
  path: string;
  /** Extra condition on the path's `:name` segments (e.g. only the list-route table's paths). */
  where?: (segments: Record<string, string>) => boolean;
  params: ParamRules;
};

const isList = (s: Record<string, string>) => findListRoute(s.list!) !== undefined;

export const CACHEABLE_ROUTES: readonly CacheableRoute[] = [
  { path: "/", params: {} },
  { path: "/search", params: SEARCH_PARAMS },
  { path: "/category/:slug", params: LIST_PARAMS },
  { path: "/:list", where: isList, params: LIST_PARAMS },
  { path: "/:list/:category", where: (s) => findListRoute(s.list!)?.acceptsCategory === true, params: LIST_PARAMS },
  // Ratings and reviews' sort and page (issue 15; app/features/reviews/reviews-view.ts).
  { path: "/applications/:appId", params: { reviewSort: first((v) => (v === "helpful" || v === "lowest" ? v : null)), reviewPage: page } },
  { path: "/publishers/:slug", params: { page } },
  { path: "/casb-dlp-providers", params: {} },
  { path: "/support", params: {} },
  { path: "/sitemap.xml", params: {} },
  { path: "/robots.txt", params: {} },
  { path: "/getImage", params: { imageUrl: first((v) => (URL.canParse(v) ? new URL(v).href : v)) } },
  { path: "/api/search", params: API_SEARCH_PARAMS },
  { path: "/api/apps/:appId", params: {} },
  // Atom feeds (issue 16; app/features/feeds).
  { path: "/feeds/new-apps", params: {} },
  { path: "/feeds/categories/:slug", params: {} },
  { path: "/feeds/apps/:appId", params: {} },
  { path: "/api/suggest", params: { q: last((v) => (v.length > SEARCH_TEXT_MAX ? v : v.trim() || null)) } },
  { path: "/api/fetch-featured-apps", params: {} },
  { path: "/api/fetch-all-categories", params: {} },
  { path: "/api/fetch-home-apps", params: {} },
  { path: "/api/fetch-must-try-collection", params: { max: API_SEARCH_PARAMS.max! } },
  { path: "/api/fetch-vimeo", params: { url: last((v) => v) } },
  { path: "/api/content/:type", params: {} },
  { path: "/api/content/:type/:key", params: {} },
  // The API's own description and its readable page (issue 16; app/features/openapi).
  { path: "/api/openapi.json", params: {} },
  { path: "/developers/api", params: {} },
];

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The table's entry for a path (already without `.data`), and the path's decoded segments. */
export function findCacheableRoute(pathname: string): { route: CacheableRoute; segments: string[] } | null {
  // Remix matches "/bots/" and "/b%6Fts" as /bots: so does the table (the canonical path is /bots).
  const decoded = pathname.replace(/\/+$/, "").split("/").slice(1).map(decodeSegment);
  if (decoded.some((s) => s === null || s === "")) return null;
  const segments = decoded as string[];
  for (const route of CACHEABLE_ROUTES) {
    const pattern = route.path === "/" ? [] : route.path.split("/").slice(1);
    if (pattern.length !== segments.length) continue;
    const named: Record<string, string> = {};
    // Remix matches fixed segments whatever their case (/SEARCH is /search); the canonical path
    // spells them as the table does. A `:name` segment is the route's to judge, as it came.
    const fits = pattern.every((p, i) => {
      if (!p.startsWith(":")) return p.toLowerCase() === segments[i]!.toLowerCase();
      named[p.slice(1)] = segments[i]!;
      return true;
    });
    if (fits && (!route.where || route.where(named))) return { route, segments: pattern.map((p, i) => (p.startsWith(":") ? segments[i]! : p)) };
  }
  return null;
}

/**
 * The canonical address of a cacheable GET, or null when the route is not in the table (then the
 * edge cache is not used at all). `routeIds` are the Remix build's route ids: a client-side
 * navigation (`/bots.data?_routes=…`, single fetch) names the loaders to run, and only real ids
 * count there.
 */
export function canonicalUrl(url: URL, routeIds: ReadonlySet<string>): URL | null {
  const isData = url.pathname.endsWith(".data");
  const base = isData ? url.pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : url.pathname;
  const found = findCacheableRoute(base);
  if (!found) return null;
  const rules: Record<string, ParamRule> = { ...found.route.params };
  if (isData) {
    // Remix runs the loaders of the ids listed (none when none is real: `_routes=` stays, empty).
    rules._routes = first((v) => [...new Set(v.split(",").filter((id) => routeIds.has(id)))].sort().join(","));
  }
  const out = new URL(url.origin);
  const path = `/${found.segments.map(encodeURIComponent).join("/")}`;
  out.pathname = isData ? (path === "/" ? "/_root.data" : `${path}.data`) : path;
  for (const name of Object.keys(rules).sort()) {
    const value = rules[name]!(url.searchParams.getAll(name), url.searchParams);
    for (const v of value === null ? [] : Array.isArray(value) ? value : [value]) out.searchParams.append(name, v);
  }
  return out;
}
