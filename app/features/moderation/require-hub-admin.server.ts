// The one guard of every hub-admin loader and action (review queue, moderation, insights, publisher
// member linking, publisher token minting): logged in, and a hub admin (./hub-admin.ts) *now*.
// Everyone else gets the not-found page: such pages are nobody else's business.
// - An admin by address (HUB_ADMIN_EMAILS) is configuration: the platform is not asked.
// - An admin by role (a full administrator of HUB_ADMIN_ORG_ID) is one only while the platform says
//   so: the session's flag is from the login, so people/me is asked again on every hub-admin request,
//   as the organisation admin page does (issue 40 item 3; docs/decisions/047). Demoted: not found,
//   and the session forgets the role. The platform not answering fails closed (error or time-out page).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireAuth, type Auth } from "~/auth/session.server";
import { orgKeyOf, stillFullAdmin } from "~/features/org-policy/access.server";
import { notFound } from "~/lib/http.server";
import { isHubAdmin, isHubAdminByEmail } from "./hub-admin";

export async function requireHubAdmin(request: Request, context: AppLoadContext): Promise<Auth> {
  const auth = await requireAuth(request, context);
  const admins = context.config.hubAdmins;
  if (isHubAdminByEmail(auth.user, admins)) return auth;
  // Not an admin by the session either: refused without asking the platform.
  const orgId = orgKeyOf(auth.user);
  if (!orgId || !isHubAdmin(auth.user, admins)) throw await notFound(request, context);
  if (!(await stillFullAdmin(request, context, auth, orgId))) throw await notFound(request, context);
  return auth;
}
