// GET /api/my-integrations (spec §7): the person's integrations as My Integrations shows them:
// {mode, source ("platform" | "records"), manageUrl, items} (README "Deployment modes"). Each item's
// moreAccess is null or {addedPermissions: [{key, label, group}], connectedVersion, currentVersion,
// reconnectPath}: "This app now asks for more access" (docs/decisions/027).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { MY_INTEGRATIONS_MESSAGES } from "~/features/my-integrations/integration";
import { loadMyIntegrations } from "~/features/my-integrations/my-integrations.server";
import { PlatformError } from "~/platform/client.server";
import { jsonError } from "~/lib/http.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  try {
    return Response.json(await loadMyIntegrations(context, auth), { headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof PlatformError && error.status !== 401) {
      context.logger.error("Unable to fetch my integrations", { status: error.status, trackingId: error.trackingId });
      return jsonError(error.kind === "timeout" ? 504 : 502, MY_INTEGRATIONS_MESSAGES.loadFailed);
    }
    return apiPlatformError(request, context, error, "Fetch my integrations");
  }
}
