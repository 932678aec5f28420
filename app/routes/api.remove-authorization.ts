// DELETE /api/remove-authorization?applicationId= (spec §7): disconnects an integration. The id may be
// the authorization's applicationId or the app's client id; removing one already gone is a success.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiAuth, apiError, apiPlatformError } from "~/features/api/session-api.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { disconnectIntegration, listSubscriptions } from "~/features/my-integrations/my-integrations.server";

const query = z.object({ applicationId: lastValue(z.string().min(1, "is required").max(200)) });

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiError(405, "Use DELETE.", {}, { Allow: "DELETE" });
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const { applicationId } = parseSearchParams(new URL(request.url), query);
  try {
    const match = (await listSubscriptions(context, auth)).find((a) => a.applicationId === applicationId || a.clientId === applicationId);
    if (match) await disconnectIntegration(context, auth, match.clientId);
    return new Response(null, { status: 204, headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiPlatformError(request, context, error, "Remove authorization");
  }
}

export const loader = () => apiError(405, "Use DELETE.", {}, { Allow: "DELETE" });
