// GET /api/subscriptions (spec §7): the person's authorizations as the platform lists them.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiAuth, apiPlatformError, PRIVATE_JSON } from "~/features/api/session-api.server";
import { listSubscriptions } from "~/features/my-integrations/my-integrations.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  try {
    return Response.json({ items: await listSubscriptions(context, auth) }, { headers: PRIVATE_JSON });
  } catch (error) {
    return apiPlatformError(request, context, error, "Fetch subscriptions");
  }
}
