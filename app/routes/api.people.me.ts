// GET /api/people/me (spec §7): the logged-in user (spec §3), from the session.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiAuth } from "~/features/api/session-api.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  return Response.json(auth.user, { headers: PRIVATE_HEADERS });
}
