// GET /api/suggest?q= : typeahead for the header search box (spec §5, §9). At most 5 apps, best
// first, and whether a 'Search all' row is due. Embedded apps only when embeddedApps is on.
// Invalid input is a 400 JSON error like the other API routes; empty text is an empty answer.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseSearchParams } from "~/features/api/json.server";
import { suggestParamsSchema } from "~/features/api/query-schemas.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { suggestFor } from "~/features/search/text-search.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q } = parseSearchParams(new URL(request.url), suggestParamsSchema);
  // Corrected names when the words as typed suggest nothing (issue 28 item 5): `correctedQuery` says so.
  const result = await suggestFor(context.catalogue, q.trim());
  return Response.json(result, { headers: { "Cache-Control": cacheControl("suggestions", context.config) } });
}
