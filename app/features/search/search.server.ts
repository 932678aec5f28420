// The loader behind /search (spec §2.1 SEARCH, §2.5): the typed text, sort and filters all live in
// the URL, so every result list can be linked, reloaded and used without JavaScript.
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { activeFilterCount, filtersToQuery, parseListFilters } from "~/lib/list-filters";
import { isPastLastPage, pageWindowFromUrl } from "~/lib/pagination";
import { sideNavCategories } from "~/lib/side-nav";
import { DEFAULT_SORT, sortFromChoice, type SortChoice } from "~/lib/sort";
import type { CatalogueQuery } from "~/models/catalogue-service.server";
import { APP_TYPE_LABELS, APP_TYPES, PRODUCT_TYPE_LABELS, type AppType, type ProductType } from "~/models/enums";
import type { Category } from "~/models/types";
import type { Catalogue } from "~/models/catalogue-service.server";
import { PRODUCT_NAV } from "~/models/list-routes";
import type { AppSummary } from "~/models/types";
import { SEARCH_SORT_CHOICES, searchText, type FilterOption } from "./search-options";
import { needLabel, needsToApply, parseNeeds, textWithoutNeeds, type Need } from "./needs.server";
import { searchCatalogue } from "./text-search.server";
import { listOrgView, orgFilterQuery, orgPageData } from "~/features/org-policy/list.server";

export const FEATURED_MAX = 8;

/** The key under which a document's loader keeps its whole answer for the render (./SearchResults.server.tsx). */
export const SEARCH_PAGE_KEPT = "search-page";

export type SearchFilters = { type: AppType | null; product: string | null; category: string | null };

const productByPath = new Map<string, ProductType>(PRODUCT_NAV.map((p) => [p.path, p.categoryType]));

/** The search text from `q`: trimmed, whitespace runs collapsed, at most SEARCH_TEXT_MAX characters. */
export const searchTextFrom = (url: URL): string => searchText(url.searchParams.get("q"));

export async function loadSearchPage(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const { catalogue } = context;
  const q = searchTextFrom(url);

  // Filters and sort from the address; a value that is not one of the choices is ignored.
  const sortParam = url.searchParams.get("sort");
  const sort: SortChoice = SEARCH_SORT_CHOICES.some((c) => c.value === sortParam) ? (sortParam as SortChoice) : "relevance";
  const typeParam = url.searchParams.get("type");
  const type = APP_TYPES.find((t) => t === typeParam && !catalogue.isHidden(t)) ?? null;
  const productParam = url.searchParams.get("product");
  const productType = productParam ? (productByPath.get(productParam) ?? null) : null;
  // A logged-in member of an organisation that requires approval (issue 29): the cards' badges and
  // "Approved for my organisation", as on list pages. Null for everyone else (and anonymous pages).
  const [categories, org] = await Promise.all([catalogue.categories(), listOrgView(request, context)]);
  const categoryParam = url.searchParams.get("category");
  const categoryIds = categories
    .filter((c) => c.slug === categoryParam && c.categoryType !== "appContext")
    .filter((c) => productType === null || c.categoryType === productType)
    .map((c) => c.id);
  const filters: SearchFilters = {
    type,
    product: productType ? productParam : null,
    category: categoryIds.length > 0 ? categoryParam : null,
  };
  // The trust filters every list page has (app/lib/list-filters.ts).
  const trustFilters = parseListFilters(url.searchParams);

  // "Search instead for …" (issue 28 item 5) and "… more that match some of your words" (item 4).
  const literal = url.searchParams.get("literal") === "1";
  const anyWords = url.searchParams.get("words") === "any";
  // What was typed when needs said in words became filters (item 6); a chip removes its filter and its words from `said` (issue 40 item 12).
  const said = searchText(url.searchParams.get("said"));
  if (q !== "" && said === "" && !literal && !anyWords && !url.searchParams.has("page")) {
    const base: CatalogueQuery = {
      sort: sortFromChoice(sort),
      appType: type ?? undefined,
      productTypes: productType ? [productType] : undefined,
      categoryIds: categoryIds.length > 0 ? categoryIds : undefined,
      ...filtersToQuery(trustFilters),
      ...orgFilterQuery(org),
    };
    const target = await needsAddress(url, q, categories, catalogue, base);
    if (target) throw redirect(target);
  }

  const pageSize = context.config.appsPaginationLimit;
  const window = pageWindowFromUrl(url, pageSize);
  let result: { items: AppSummary[]; total: number; totalCapped?: boolean } | null = { items: [], total: 0 };
  let correctedQuery: string | null = null;
  let moreWithSomeWords = 0;
  if (q !== "" || said !== "") {
    const query: CatalogueQuery = {
      searchQuery: q !== "" ? q : undefined,
      sort: sortFromChoice(sort),
      appType: type ?? undefined,
      productTypes: productType ? [productType] : undefined,
      categoryIds: categoryIds.length > 0 ? categoryIds : undefined,
      ...filtersToQuery(trustFilters),
      ...orgFilterQuery(org),
    };
    try {
      const page = { offset: window.offset, limit: window.limit };
      // Needs that were all filters leave no text: the filtered list, newest first.
      const found =
        q !== ""
          ? await searchCatalogue(catalogue, { ...query, searchQuery: q }, page, { literal, anyWords })
          : { ...(await catalogue.list({ ...query, sort: DEFAULT_SORT }, page)), correctedQuery: null, moreWithSomeWords: 0 };
      // As on every list: a page past the last is a 404 (the total is counted with the page).
      result = window.page > 1 && isPastLastPage(window, found.total, pageSize) ? null : found;
      correctedQuery = found.correctedQuery;
      moreWithSomeWords = found.moreWithSomeWords;
    } catch (error) {
      context.logger.error("Unable to fetch apps", { url: request.url, error: String(error) });
      throw error;
    }
  }
  // No text has no results: its first page says so, a second does not exist.
  if (!result || isPastLastPage(window, result.total, pageSize)) throw await notFound(request, context);

  // Ways on when there is nothing to show: featured apps (spec §2.1 SEARCH loads them).
  const featured = result.total === 0 ? await catalogue.listItems({ isFeatured: true, sort: DEFAULT_SORT }, { offset: 0, limit: FEATURED_MAX }) : [];

  const byLabel = (a: FilterOption, b: FilterOption) => a.label.localeCompare(b.label, "en");
  const options = {
    types: APP_TYPES.filter((t) => !catalogue.isHidden(t))
      .map((t) => ({ value: t, label: APP_TYPE_LABELS[t] }))
      .sort(byLabel),
    // The sorted list of all product types (spec §2.1 SEARCH).
    products: PRODUCT_NAV.map((p) => ({ value: p.path, label: PRODUCT_TYPE_LABELS[p.categoryType] })).sort(byLabel),
    categories: sideNavCategories(categories).map((c) => ({ value: c.slug, label: c.name })),
  };

  const page = {
    q,
    said,
    needChips: said !== "" ? needChips(url, said, categories) : [],
    correctedQuery,
    literal,
    anyWords,
    moreWithSomeWords,
    sort,
    filters,
    trustFilters,
    trustFilterCount: activeFilterCount(trustFilters),
    /** Whether any filter narrows the results (the page offers to clear them). */
    filtered: filters.type !== null || filters.product !== null || filters.category !== null || activeFilterCount(trustFilters) > 0 || org?.approvedOnly === true,
    options,
    items: result.items,
    total: result.total,
    /** The count stopped at its bound (issue 31): `total` is a lower bound, shown as "1,000+". */
    totalCapped: result.totalCapped === true,
    featured,
    page: window.page,
    fromPage: window.fromPage,
    pageSize,
    /** The person's organisation's card badges and approved-only filter (issue 29), or null. */
    org: orgPageData(org, [...result.items, ...featured]),
    /** True when this data leaves the items out: a document shows them as its HTML (./SearchResults.server.tsx). */
    itemsInHtml: false,
  };
  // A document shows the results as HTML; its loader data need not carry them again (decision 023).
  const itemsInHtml = page.items.length > 0 && context.documentOnly.keep(SEARCH_PAGE_KEPT, page);
  return data(itemsInHtml ? { ...page, items: [], itemsInHtml } : page, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

const NEED_PARAMS: Record<Need["kind"], string> = {
  certification: "certification",
  region: "region",
  type: "type",
  product: "product",
  category: "category",
  freshness: "freshness",
};

/**
 * Where a text whose words name needs (item 6) is searched: its other words, with the needs as the
 * list pages' filters (./needs.server.ts needsToApply decides when); or null to search it as typed.
 */
async function needsAddress(url: URL, q: string, categories: readonly Category[], catalogue: Catalogue, base: CatalogueQuery): Promise<string | null> {
  // A type, product or category chosen in the address is the person's own; words never override it.
  const single = new Set(["type", "product", "category"]);
  const applied = await needsToApply(catalogue, base, q, categories, (n) => !(single.has(n.kind) && url.searchParams.has(NEED_PARAMS[n.kind])));
  if (!applied) return null;
  const target = new URLSearchParams(url.searchParams);
  if (applied.rest === "") target.delete("q");
  else target.set("q", applied.rest);
  for (const n of applied.needs) {
    const param = NEED_PARAMS[n.kind];
    if (!target.getAll(param).includes(n.value)) target.append(param, n.value);
  }
  target.set("said", q);
  return `/search?${target}`;
}

/**
 * The needs read from `said` that are still filters here, each with the address that removes that
 * filter only (issue 40 item 12): the text, the other filters and the sort stay, so the results can
 * only grow, and `said` loses the filter's words, so the heading says what is searched now. (Putting
 * the words back as text made them required: "in the EU" found nothing.)
 */
function needChips(url: URL, said: string, categories: readonly Category[]): { label: string; href: string }[] {
  const active = (n: Need) => url.searchParams.getAll(NEED_PARAMS[n.kind]).includes(n.value);
  return parseNeeds(said, categories)
    .needs.filter(active)
    .map((n) => {
      const params = new URLSearchParams(url.searchParams);
      const param = NEED_PARAMS[n.kind];
      const kept = params.getAll(param).filter((v) => v !== n.value);
      params.delete(param);
      for (const v of kept) params.append(param, v);
      // Also the words of needs already removed (no longer in the address), which `said` may still hold.
      const left = textWithoutNeeds(said, categories, (other) => (other.kind === n.kind && other.value === n.value) || !active(other));
      if (left === "" && !params.get("q")) {
        // The need was all that was said: its words become the text, searched as typed (not read
        // as a need again, which would put the filter straight back).
        params.set("q", said);
        params.set("literal", "1");
        params.delete("said");
      } else params.set("said", left);
      params.delete("page");
      params.delete("from");
      return { label: needLabel(n, categories), href: `/search?${params}` };
    });
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>["data"];
