// GET /api/search (spec §7): apps matching filters and/or text, as {items, total}. Issue 15's filters
// (certification, dataRegion, aiUse, freshness, verifiedPublisher, includeDeprecated, minRating) and
// sortBy=rating; each item carries ratingAverage, ratingCount, freshness and publisherVerified.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseSearchParams } from "~/features/api/json.server";
import { searchParamsSchema } from "~/features/api/search-params.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";
import { sortKeyFor } from "~/lib/sort";
import type { CatalogueQuery } from "~/models/catalogue-service.server";
import { needsToApply, type Need } from "~/features/search/needs.server";
import { searchCatalogue } from "~/features/search/text-search.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = parseSearchParams(new URL(request.url), searchParamsSchema());
  const text = params.searchQuery?.trim();
  // Spec §5: alphabetical by name, relevance by score, anything else (absent too) by date.
  const key = sortKeyFor(params.sortBy);
  const order = params.orderBy ?? (key === "name" ? "asc" : "desc");
  const query: CatalogueQuery = {
    searchQuery: text ? text : undefined,
    sort: { key, order },
    appType: params.appType,
    appContext: params.appContext,
    categoryApiId: params.category,
    isFeatured: params.isFeatured === undefined ? undefined : params.isFeatured === "true",
    productTypes: params.productType,
    certifications: params.certification,
    dataRegions: params.dataRegion,
    aiUses: params.aiUse,
    freshness: params.freshness,
    verifiedPublisher: params.verifiedPublisher === "true" || undefined,
    includeDeprecated: params.includeDeprecated === "true" || undefined,
    minRating: params.minRating,
  };
  const page = { offset: params.offset, limit: params.max ?? context.config.appsPaginationLimit };
  // Text is searched the forgiving way (issue 28): typos, word forms, split and joined words, all
  // words first; `correctedQuery` says when the answer is for a corrected text.
  // Needs said in words become filters (issue 28 item 6) unless the same filter is a parameter.
  const given: Record<Need["kind"], unknown> = {
    certification: params.certification,
    region: params.dataRegion,
    type: params.appType,
    product: params.productType,
    category: params.category,
    freshness: params.freshness,
  };
  const needs =
    query.searchQuery !== undefined && params.literal !== "true"
      ? await needsToApply(context.catalogue, query, query.searchQuery, await context.catalogue.categories(), (n) => given[n.kind] === undefined)
      : null;
  const searched = needs ? { ...needs.query, searchQuery: needs.rest !== "" ? needs.rest : undefined } : query;
  const result =
    searched.searchQuery !== undefined
      ? await searchCatalogue(context.catalogue, { ...searched, searchQuery: searched.searchQuery }, page, { literal: params.literal === "true" })
      : needs
        ? {
            ...(await context.catalogue.list({ ...searched, sort: query.sort.key === "score" ? { key: "date", order: "desc" } : query.sort }, page)),
            correctedQuery: null,
            moreWithSomeWords: 0,
          }
        : null;
  const filtersFromWords = needs?.needs.map((n) => ({ filter: n.kind, value: n.value, words: n.words }));
  // Paging past the last result is a 404, decided from the count alone (remembered per catalogue
  // version): an OFFSET query would walk every row before the offset to find nothing.
  if (params.offset > 0) {
    const total = result?.total ?? (await context.catalogue.count(searched, params.offset + 1));
    if (params.offset >= total) {
      return jsonError(404, `No results found: offset ${params.offset} is past the last result (${total} apps match).`);
    }
  }
  const answer = result
    ? {
        items: result.items,
        total: result.total,
        ...(result.totalCapped ? { totalCapped: true } : {}),
        correctedQuery: result.correctedQuery,
        moreWithSomeWords: result.moreWithSomeWords,
        ...(filtersFromWords ? { filtersFromWords, searchedText: needs?.rest ?? "" } : {}),
      }
    : await context.catalogue.list(query, page);
  return Response.json(answer, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
