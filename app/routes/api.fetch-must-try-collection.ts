// GET /api/fetch-must-try-collection (spec §7): the most-popular collection's apps as { items, total },
// in curated order; `max` (1–100) limits how many.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentJson, hasContent, noContent } from "~/features/content/content-api.server";
import { parseSearchParams } from "~/features/api/json.server";
import { mustTryParamsSchema } from "~/features/api/query-schemas.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { max } = parseSearchParams(new URL(request.url), mustTryParamsSchema);
  const collection = await context.catalogue.collection("must-try-collection");
  if (!collection || !hasContent(collection.entry)) return noContent(context);
  const items = max === undefined ? collection.items : collection.items.slice(0, max);
  return contentJson(context, { items, total: collection.items.length });
}
