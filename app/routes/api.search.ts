// GET /api/search (spec §7): apps matching filters and/or text, as {items, total}.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { hiddenAppTypes } from "~/features/list-page/list-page.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { sortKeyFor } from "~/lib/sort";
import { listApps } from "~/models/catalogue.server";
import { APP_CONTEXTS, APP_TYPES, PRODUCT_TYPES, type ProductType } from "~/models/enums";

/** productType: 'all' means every valid product type (spec §5); also a list, comma-separated or repeated. */
const productTypeParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).filter(Boolean))
  .pipe(z.array(z.enum([...PRODUCT_TYPES, "all"])))
  .transform((list): ProductType[] => (list.includes("all") ? [...PRODUCT_TYPES] : (list as ProductType[])));

export const searchParamsSchema = z.object({
  searchQuery: lastValue(z.string().max(1000)).optional(),
  sortBy: lastValue(z.string().regex(/^[A-Za-z_]{1,32}$/, "must be alphabetical, relevance or date")).optional(),
  orderBy: lastValue(z.enum(["asc", "desc"])).optional(),
  max: lastValue(z.coerce.number().int().min(1).max(100)).optional(),
  offset: lastValue(z.coerce.number().int().min(0).max(100_000)).default(0),
  category: lastValue(z.string().regex(/^[a-z0-9_&%-]{1,64}$/, "must be a category apiId")).optional(),
  isFeatured: lastValue(z.enum(["true", "false"])).optional(),
  appType: lastValue(z.enum(APP_TYPES)).optional(),
  appContext: lastValue(z.enum(APP_CONTEXTS)).optional(),
  productType: productTypeParam.optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = parseSearchParams(new URL(request.url), searchParamsSchema);
  const text = params.searchQuery?.trim();
  // Spec §5: alphabetical by name, relevance by score, anything else (absent too) by date.
  const key = sortKeyFor(params.sortBy);
  const order = params.orderBy ?? (key === "name" ? "asc" : "desc");
  const result = await listApps(
    context.env.DB,
    {
      searchQuery: text ? text : undefined,
      sort: { key, order },
      appType: params.appType,
      appContext: params.appContext,
      categoryApiId: params.category,
      isFeatured: params.isFeatured === undefined ? undefined : params.isFeatured === "true",
      productTypes: params.productType,
      excludeTypes: hiddenAppTypes(context.config),
    },
    { offset: params.offset, limit: params.max ?? context.config.appsPaginationLimit },
    context.catalogueVersion,
  );
  return Response.json(result, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
