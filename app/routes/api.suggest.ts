// GET /api/suggest?q= : typeahead for the header search box (spec §5, §9). At most 5 apps, best
// first, and whether a 'Search all' row is due. Embedded apps only when embeddedApps is on.
// Invalid input is a 400 JSON error like the other API routes; empty text is an empty answer.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { SEARCH_TEXT_MAX } from "~/features/search/search-options";
import { hiddenAppTypes } from "~/features/list-page/list-page.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { suggestApps } from "~/models/catalogue.server";

const suggestParamsSchema = z.object({
  q: lastValue(z.string().max(SEARCH_TEXT_MAX)).default(""),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q } = parseSearchParams(new URL(request.url), suggestParamsSchema);
  const result = await suggestApps(context.env.DB, q.trim(), hiddenAppTypes(context.config), context.catalogueVersion);
  return Response.json(result, { headers: { "Cache-Control": cacheControl("suggestions", context.config) } });
}
