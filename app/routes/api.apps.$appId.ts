// GET /api/apps/{appId} (spec §7 "app detail by friendlyId", its path not shown there; issue 15): one
// app by friendlyId, else id, with everything its page shows a visitor: permissions (in plain
// words), security and compliance facts (null where not provided), publisher, versions, freshness
// and the rating summary. Public and the same for everyone, so the edge cache may share it.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ratingSummary } from "~/features/reviews/reviews.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";
import { groupPermissions } from "~/models/permissions";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const app = await context.catalogue.app(params.appId ?? "");
  if (!app) return jsonError(404, "No results found");
  const rating = await ratingSummary(context.db, app.id);
  return Response.json({ ...app, permissionGroups: groupPermissions(app.permissions), rating }, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
