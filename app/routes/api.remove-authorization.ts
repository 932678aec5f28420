// DELETE /api/remove-authorization?applicationId= (spec §7). The id may be the authorization's
// applicationId or the app's client id. By deployment mode (README "Deployment modes"):
// - first-party: revokes each of the person's grants of that client (DELETE /authorizations/{id});
//   204, also when none is left (a repeat is not an error).
// - third-party: the hub cannot revoke anything, and does not pretend to. With our record of that
//   client: the record is forgotten → 200 {removed: "record", message, manageUrl}. Without one:
//   409 {message, manageUrl} — manage the grant on the platform's own page.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { MY_INTEGRATIONS_MESSAGES as M } from "~/features/my-integrations/integration";
import { disconnectIntegration, forgetIntegration, listPlatformGrants } from "~/features/my-integrations/my-integrations.server";
import { jsonError } from "~/lib/http.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const query = z.object({ applicationId: lastValue(z.string().min(1, "is required").max(200)) });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Use DELETE.", {}, { Allow: "DELETE" });
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const { applicationId } = parseSearchParams(new URL(request.url), query);
  const product = context.config.productName;
  const manageUrl = context.config.platformTokensPageUrl;
  if (context.config.deploymentMode === "third-party") {
    if (await forgetIntegration(context, auth, applicationId)) {
      const name = (await context.catalogue.appsByClientIds([applicationId])).get(applicationId)?.name ?? "The integration";
      return Response.json({ removed: "record", message: M.removedFromList(name, product), manageUrl }, { headers: PRIVATE_HEADERS });
    }
    return jsonError(409, M.cannotRevoke(product), { manageUrl });
  }
  try {
    const match = (await listPlatformGrants(context, auth))?.find((a) => a.applicationId === applicationId || a.clientId === applicationId);
    if (match) await disconnectIntegration(context, auth, match.clientId);
    return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
  } catch (error) {
    return apiPlatformError(request, context, error, "Remove authorization");
  }
}

export const loader = () => jsonError(405, "Use DELETE.", {}, { Allow: "DELETE" });
