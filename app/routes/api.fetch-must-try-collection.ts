// GET /api/fetch-must-try-collection (spec §7): the most-popular collection's apps as { items, total },
// in curated order; `max` (1–100) limits how many.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { contentJson, hasContent, noContent } from "~/features/content/content-api.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";

const querySchema = z.object({ max: lastValue(z.coerce.number().int().min(1).max(100)).optional() }).passthrough();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { max } = parseSearchParams(new URL(request.url), querySchema);
  const collection = await context.catalogue.collection("must-try-collection");
  if (!collection || !hasContent(collection.entry)) return noContent(context);
  const items = max === undefined ? collection.items : collection.items.slice(0, max);
  return contentJson(context, { items, total: collection.items.length });
}
