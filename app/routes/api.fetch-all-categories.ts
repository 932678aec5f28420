// GET /api/fetch-all-categories (spec §7): the full category list, as stored.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";
import { listCategories } from "~/models/catalogue.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const categories = await listCategories(context.env.DB, context.catalogueVersion);
  return Response.json(categories, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
