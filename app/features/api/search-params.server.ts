// The query of GET /api/search (spec §7), shared by the route and the edge cache's key rules
// (app/lib/cacheable-routes.ts), so the key is made of exactly what the route reads.
import { z } from "zod";
import { APP_CONTEXTS, APP_TYPES, PRODUCT_TYPES, type ProductType } from "~/models/enums";
import { lastValue } from "./json.server";

/** productType: 'all' means every valid product type (spec §5); also a list, comma-separated or repeated. */
const productTypeParam = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).filter(Boolean))
  .pipe(z.array(z.enum([...PRODUCT_TYPES, "all"])))
  .transform((list): ProductType[] => (list.includes("all") ? [...PRODUCT_TYPES] : (list as ProductType[])));

/** The largest offset /api/search pages to. */
export const SEARCH_OFFSET_MAX = 100_000;

export const searchParamsSchema = z.object({
  searchQuery: lastValue(z.string().max(1000)).optional(),
  sortBy: lastValue(z.string().regex(/^[A-Za-z_]{1,32}$/, "must be alphabetical, relevance, rating or date")).optional(),
  orderBy: lastValue(z.enum(["asc", "desc"])).optional(),
  max: lastValue(z.coerce.number().int().min(1).max(100)).optional(),
  offset: lastValue(z.coerce.number().int().min(0).max(SEARCH_OFFSET_MAX)).default(0),
  category: lastValue(z.string().regex(/^[a-z0-9_&%-]{1,64}$/, "must be a category apiId")).optional(),
  isFeatured: lastValue(z.enum(["true", "false"])).optional(),
  appType: lastValue(z.enum(APP_TYPES)).optional(),
  appContext: lastValue(z.enum(APP_CONTEXTS)).optional(),
  productType: productTypeParam.optional(),
});

export type SearchParams = z.infer<typeof searchParamsSchema>;
