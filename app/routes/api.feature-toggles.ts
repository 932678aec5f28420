// GET /api/feature-toggles?userId= (spec §7): the toggles that apply to the logged-in user.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiAuth } from "~/features/api/session-api.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { featureTogglesFor } from "~/models/users.server";
import { jsonError } from "~/lib/http.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const query = z.object({ userId: lastValue(z.string().max(200)).optional() });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const { userId } = parseSearchParams(new URL(request.url), query);
  // Toggles are per person: nobody reads another person's.
  if (userId !== undefined && userId !== auth.user.userId && userId !== auth.user.id) {
    return jsonError(403, "You can only read your own feature toggles.");
  }
  const featureToggles = await featureTogglesFor(context.db, auth.user.userId);
  return Response.json({ featureToggles }, { headers: PRIVATE_HEADERS });
}
