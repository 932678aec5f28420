// GET /api/people/me (spec §7): the logged-in user (spec §3), from the session.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiAuth, PRIVATE_JSON } from "~/features/api/session-api.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  return Response.json(auth.user, { headers: PRIVATE_JSON });
}
