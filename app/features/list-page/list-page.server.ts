// The loader behind every list page: reads page/sort from the URL, asks the catalogue, and marks
// the response cacheable. Routes hand it their query from the list-route table.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";
import { pageWindowFromUrl } from "~/lib/pagination";
import { isSortChoice, sortFromChoice, type SortChoice } from "~/lib/sort";
import type { NavLink } from "~/lib/side-nav";
import { listApps, type AppQuery } from "~/models/catalogue.server";
import type { AppType } from "~/models/enums";

export type ListPageSpec = {
  title: string;
  description: string;
  query: Omit<AppQuery, "sort" | "excludeTypes">;
  /** Category filters shown above the list (product pages). */
  chips?: NavLink[];
  canonicalPath: string;
};

/** App types hidden everywhere while their portal setting is off. */
export function hiddenAppTypes(config: AppLoadContext["config"]): AppType[] {
  const hidden: AppType[] = [];
  if (!config.embeddedApps) hidden.push("embeddedApp");
  if (!config.serviceApps) hidden.push("serviceApp");
  return hidden;
}

export async function loadListPage(request: Request, context: AppLoadContext, spec: ListPageSpec) {
  const url = new URL(request.url);
  // Out-of-range or malformed paging and sort values fall back to the first page, newest first.
  const sortParam = url.searchParams.get("sort");
  const sort: SortChoice = isSortChoice(sortParam) && sortParam !== "relevance" ? sortParam : "newest";
  const pageSize = context.config.appsPaginationLimit;
  const window = pageWindowFromUrl(url, pageSize);

  let result;
  try {
    result = await listApps(
      context.env.DB,
      { ...spec.query, excludeTypes: hiddenAppTypes(context.config), sort: sortFromChoice(sort) },
      { offset: window.offset, limit: window.limit },
      context.catalogueVersion,
    );
  } catch (error) {
    context.logger.error("Unable to fetch apps", { url: request.url, error: String(error) });
    throw error;
  }

  return data(
    {
      title: spec.title,
      description: spec.description,
      chips: spec.chips ?? [],
      canonicalPath: spec.canonicalPath,
      items: result.items,
      total: result.total,
      page: window.page,
      fromPage: window.fromPage,
      pageSize,
      sort,
    },
    { headers: { "Cache-Control": cacheControl("page", context.config) } },
  );
}

export type ListPageData = Awaited<ReturnType<typeof loadListPage>>["data"];
