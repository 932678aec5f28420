// GET /api/subscriptions (spec §7): the person's authorizations as the platform lists them, when it
// lists them to this hub: first-party mode, or third-party with identity:tokens_read for an admin
// → {source: "platform", items}. Otherwise the platform will not tell an ordinary integration, and
// the answer says so instead of an empty list that would read as "none":
// {source: "unavailable", items: [], message, manageUrl} (README "Deployment modes").
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { MY_INTEGRATIONS_MESSAGES } from "~/features/my-integrations/integration";
import { listPlatformGrants } from "~/features/my-integrations/my-integrations.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  try {
    const items = await listPlatformGrants(context, auth);
    if (items) return Response.json({ source: "platform", items }, { headers: PRIVATE_HEADERS });
    return Response.json(
      {
        source: "unavailable",
        items: [],
        message: MY_INTEGRATIONS_MESSAGES.grantsUnavailable(context.config.productName),
        manageUrl: context.config.platformTokensPageUrl,
      },
      { headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return apiPlatformError(request, context, error, "Fetch subscriptions");
  }
}
