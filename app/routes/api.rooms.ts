// GET /api/rooms (spec §7): the person's group spaces, most recently active first, at most 500.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listGroupSpaces } from "~/features/add-app/add-bot.server";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  try {
    return Response.json({ items: await listGroupSpaces(context, auth) }, { headers: PRIVATE_HEADERS });
  } catch (error) {
    return apiPlatformError(request, context, error, "Fetch rooms");
  }
}
