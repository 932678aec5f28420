// GET /api/fetch-featured-apps (spec §7): up to 8 featured apps (spec §3), newest first.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { hiddenAppTypes } from "~/features/list-page/list-page.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { DEFAULT_SORT } from "~/lib/sort";
import { listAppItems } from "~/models/catalogue.server";

export const FEATURED_APPS_MAX = 8;

export async function loader({ context }: LoaderFunctionArgs) {
  const items = await listAppItems(
    context.env.DB,
    { isFeatured: true, sort: DEFAULT_SORT, excludeTypes: hiddenAppTypes(context.config) },
    { offset: 0, limit: FEATURED_APPS_MAX },
  );
  return Response.json({ items }, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
