// GET /api/rooms (spec §7): the person's group spaces, most recently active first, at most 500.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listGroupSpaces } from "~/features/add-app/add-bot.server";
import { apiAuth, apiPlatformError, PRIVATE_JSON } from "~/features/api/session-api.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  try {
    return Response.json({ items: await listGroupSpaces(context, auth) }, { headers: PRIVATE_JSON });
  } catch (error) {
    return apiPlatformError(request, context, error, "Fetch rooms");
  }
}
