// The hub admins' pages (moderation, publisher tokens): logged in, and a hub admin (./hub-admin.ts).
// Everyone else gets the not-found page: such pages are nobody else's business.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireAuth, type Auth } from "~/auth/session.server";
import { notFound } from "~/lib/http.server";
import { isHubAdmin } from "./hub-admin";

export async function requireHubAdmin(request: Request, context: AppLoadContext): Promise<Auth> {
  const auth = await requireAuth(request, context);
  if (!isHubAdmin(auth.user, context.config.hubAdmins)) throw await notFound(request, context);
  return auth;
}
