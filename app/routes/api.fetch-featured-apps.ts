// GET /api/fetch-featured-apps (spec §7): up to 8 featured apps (spec §3), newest first.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";
import { DEFAULT_SORT } from "~/lib/sort";

export const FEATURED_APPS_MAX = 8;

export async function loader({ context }: LoaderFunctionArgs) {
  const items = await context.catalogue.listItems({ isFeatured: true, sort: DEFAULT_SORT }, { offset: 0, limit: FEATURED_APPS_MAX });
  return Response.json({ items }, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
