// GET /api/suggest?q= : typeahead for the header search box (spec §5, §9). At most 5 apps, best
// first, and whether a 'Search all' row is due. Embedded apps only when embeddedApps is on.
// Invalid input is a 400 JSON error like the other API routes; empty text is an empty answer.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseSearchParams } from "~/features/api/json.server";
import { suggestParamsSchema } from "~/features/api/query-schemas.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { suggestAnswer } from "~/features/search/suggest-answer.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { q } = parseSearchParams(new URL(request.url), suggestParamsSchema);
  // Corrected names when the words as typed suggest nothing (issue 28 item 5): `correctedQuery` says so.
  // The body and its ETag are made once per catalogue version and text (docs/decisions/044).
  const answer = await suggestAnswer(context.catalogue, q.trim());
  return new Response(answer.body, {
    headers: { "Content-Type": "application/json", "Cache-Control": cacheControl("suggestions", context.config), ETag: answer.etag },
  });
}
