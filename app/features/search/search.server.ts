// The loader behind /search (spec §2.1 SEARCH, §2.5): the typed text, sort and filters all live in
// the URL, so every result list can be linked, reloaded and used without JavaScript.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { activeFilterCount, filtersToQuery, parseListFilters } from "~/lib/list-filters";
import { isPastLastPage, pageWindowFromUrl } from "~/lib/pagination";
import { sideNavCategories } from "~/lib/side-nav";
import { DEFAULT_SORT, sortFromChoice, type SortChoice } from "~/lib/sort";
import type { CatalogueQuery } from "~/models/catalogue-service.server";
import { APP_TYPE_LABELS, APP_TYPES, PRODUCT_TYPE_LABELS, type AppType, type ProductType } from "~/models/enums";
import { PRODUCT_NAV } from "~/models/list-routes";
import type { AppSummary } from "~/models/types";
import { SEARCH_SORT_CHOICES, searchText, type FilterOption } from "./search-options";
import { searchCatalogue } from "./text-search.server";

export const FEATURED_MAX = 8;

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
  const categories = await catalogue.categories();
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

  const pageSize = context.config.appsPaginationLimit;
  const window = pageWindowFromUrl(url, pageSize);
  let result: { items: AppSummary[]; total: number } | null = { items: [], total: 0 };
  let correctedQuery: string | null = null;
  let moreWithSomeWords = 0;
  if (q !== "") {
    const query: CatalogueQuery = {
      searchQuery: q,
      sort: sortFromChoice(sort),
      appType: type ?? undefined,
      productTypes: productType ? [productType] : undefined,
      categoryIds: categoryIds.length > 0 ? categoryIds : undefined,
      ...filtersToQuery(trustFilters),
    };
    try {
      const found = await searchCatalogue(catalogue, { ...query, searchQuery: q }, { offset: window.offset, limit: window.limit }, { literal, anyWords });
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

  return data(
    {
      q,
      correctedQuery,
      literal,
      anyWords,
      moreWithSomeWords,
      sort,
      filters,
      trustFilters,
      trustFilterCount: activeFilterCount(trustFilters),
      /** Whether any filter narrows the results (the page offers to clear them). */
      filtered: filters.type !== null || filters.product !== null || filters.category !== null || activeFilterCount(trustFilters) > 0,
      options,
      items: result.items,
      total: result.total,
      featured,
      page: window.page,
      fromPage: window.fromPage,
      pageSize,
    },
    { headers: { "Cache-Control": cacheControl("page", context.config) } },
  );
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>["data"];
