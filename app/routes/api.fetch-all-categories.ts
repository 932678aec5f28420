// GET /api/fetch-all-categories (spec §7): the full category list, as stored.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const categories = await context.catalogue.categories();
  return Response.json(categories, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
