// The loader behind every list page: reads page, sort and filters (app/lib/list-filters.ts) from the
// URL, asks the catalogue, and marks the response cacheable. Routes hand it their query from the
// list-route table.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { categoryFeedPath, feedLink, NEW_APPS_FEED } from "~/features/feeds/feed-paths";
import { notFound } from "~/lib/http.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { filtersToQuery, parseListFilters, type ListFilters } from "~/lib/list-filters";
import { isPastLastPage, pageWindowFromUrl } from "~/lib/pagination";
import { isSortChoice, sortFromChoice, type SortChoice } from "~/lib/sort";
import type { NavLink } from "~/lib/side-nav";
import type { CatalogueQuery } from "~/models/catalogue-service.server";
import type { AppSummary } from "~/models/types";
import { listOrgView, orgFilterQuery, orgPageData, type ListOrgView } from "~/features/org-policy/list.server";

/** The key under which a document's loader keeps its whole answer for the render (./ListPageContent.server.tsx). */
export const LIST_PAGE_KEPT = "list-page";

export type ListPageSpec = {
  title: string;
  description: string;
  query: Omit<CatalogueQuery, "sort">;
  /** Category filters shown above the list (product pages). */
  chips?: NavLink[];
  canonicalPath: string;
  /** The sort without ?sort= (default: newest first; coming soon sorts by title, spec §4). */
  defaultSort?: Exclude<SortChoice, "relevance">;
};

/** The Atom feed a list mirrors: new apps for /brand-new, a category's for its page. */
function feedFor(canonicalPath: string, title: string) {
  if (canonicalPath === "/brand-new") return feedLink(NEW_APPS_FEED, "New apps in the App Hub");
  const category = /^\/category\/([a-z0-9-]+)$/.exec(canonicalPath)?.[1];
  return category ? feedLink(categoryFeedPath(category), `New apps in ${title}`) : null;
}

export async function loadListPage(request: Request, context: AppLoadContext, spec: ListPageSpec) {
  const url = new URL(request.url);
  // Out-of-range or malformed paging and sort values fall back to the first page and the default sort.
  const { sort, pageSize, window } = listWindow(url, context, spec.defaultSort);

  const filters = parseListFilters(url.searchParams);
  // A logged-in member of an organisation that requires approval (issue 29): card badges and the
  // "Approved for my organisation" filter. Null for everyone else (and always for anonymous pages).
  const org = await listOrgView(request, context);
  const query: CatalogueQuery = { ...spec.query, ...filtersToQuery(filters), ...orgFilterQuery(org), sort: sortFromChoice(sort) };
  let result;
  try {
    // A page past the first: count first (remembered per catalogue version), so a page past the last
    // is a 404 without the OFFSET query, which would walk every row before the offset.
    const past = window.page > 1 && isPastLastPage(window, await context.catalogue.count(query, window.offset + 1), pageSize);
    result = past ? null : await context.catalogue.list(query, { offset: window.offset, limit: window.limit });
  } catch (error) {
    context.logger.error("Unable to fetch apps", { url: request.url, error: String(error) });
    throw error;
  }

  if (!result) throw await notFound(request, context);
  return listPageData(context, url.origin, spec, result, window, pageSize, sort, filters, org);
}

type ListSort = Exclude<SortChoice, "relevance">;

function listWindow(url: URL, context: AppLoadContext, defaultSort: ListSort = "newest") {
  const sortParam = url.searchParams.get("sort");
  const sort: ListSort = isSortChoice(sortParam) && sortParam !== "relevance" ? sortParam : defaultSort;
  const pageSize = context.config.appsPaginationLimit;
  return { sort, pageSize, window: pageWindowFromUrl(url, pageSize) };
}

function listPageData(
  context: AppLoadContext,
  origin: string,
  spec: Omit<ListPageSpec, "query">,
  result: { items: AppSummary[]; total: number; totalCapped?: boolean },
  window: ReturnType<typeof pageWindowFromUrl>,
  pageSize: number,
  sort: ListSort,
  filters: ListFilters,
  org: ListOrgView | null = null,
) {
  const page = {
    title: spec.title,
    description: spec.description,
    chips: spec.chips ?? [],
    canonicalPath: spec.canonicalPath,
    // Absolute, as search engines read rel=canonical (Lighthouse: a relative one is not valid).
    canonicalUrl: new URL(spec.canonicalPath, origin).href,
    /** The <link rel="alternate"> of the Atom feed this list mirrors (issue 16), or null. */
    feed: feedFor(spec.canonicalPath, spec.title),
    items: result.items,
    total: result.total,
    /** The count stopped at its bound (issue 31): `total` is a lower bound, shown as "1,000+". */
    totalCapped: result.totalCapped === true,
    page: window.page,
    fromPage: window.fromPage,
    pageSize,
    sort,
    /** The sort without ?sort= (links that keep the sort leave it out when it is this one). */
    defaultSort: spec.defaultSort ?? "newest",
    /** The filters the address names (app/lib/list-filters.ts); the list is filtered by them. */
    filters,
    /** The person's organisation's card badges and approved-only filter (issue 29), or null. */
    org: orgPageData(org, result.items),
    /** True when this data leaves the items out: a document shows them as its HTML. */
    itemsInHtml: false,
  };
  // A document shows the cards as HTML (./ListPage.tsx); its loader data need not carry them again.
  const itemsInHtml = context.documentOnly.keep(LIST_PAGE_KEPT, page);
  return data(itemsInHtml ? { ...page, items: [], itemsInHtml } : page, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

/**
 * A list page over apps a content entry names (coming soon, collections): a few hundred at most,
 * so they are sorted and paged here, with the same sort choices and paging as every list page.
 * By name ("a-z"/"z-a") means by the name the card shows (a coming-soon item's title).
 */
export async function loadListPageFromItems(request: Request, context: AppLoadContext, spec: Omit<ListPageSpec, "query">, items: AppSummary[]) {
  const url = new URL(request.url);
  const { sort, pageSize, window } = listWindow(url, context, spec.defaultSort);
  if (isPastLastPage(window, items.length, pageSize)) throw await notFound(request, context);
  const sorted = [...items].sort(ITEM_ORDER[sort]);
  const page = { items: sorted.slice(window.offset, window.offset + window.limit), total: sorted.length };
  return listPageData(context, url.origin, spec, page, window, pageSize, sort, listFiltersOf(request));
}

/**
 * A content-curated list's filters: the caller resolves the entry's apps with them (in SQL, the
 * catalogue's own conditions: content.server.ts resolveAppKeys), then hands the items here.
 */
export const listFiltersOf = (request: Request): ListFilters => parseListFilters(new URL(request.url).searchParams);

const byName = (a: AppSummary, b: AppSummary) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
const newest = (a: AppSummary, b: AppSummary) => b.submittedAt.localeCompare(a.submittedAt);
/** The catalogue's orders (catalogue.server.ts orderClause) for a list held in memory. */
const ITEM_ORDER: Record<ListSort, (a: AppSummary, b: AppSummary) => number> = {
  "a-z": byName,
  "z-a": (a, b) => byName(b, a),
  newest,
  // Best rated first, the more reviewed among equals, apps without ratings last.
  rating: (a, b) => (b.ratingAverage ?? -1) - (a.ratingAverage ?? -1) || b.ratingCount - a.ratingCount || newest(a, b),
};

export type ListPageData = Awaited<ReturnType<typeof loadListPage>>["data"];
