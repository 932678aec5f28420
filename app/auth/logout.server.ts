// Logging out (/logout, docs/decisions/006): ends the session and forgets what the hub kept to act
// for the person while they are away — an organisation admin's sealed platform tokens (decision 047,
// issue 40 item 11). The tokens go first: if D1 cannot forget them the logout fails (the error page)
// and the session stays, so the person can try again; a logout never ends the session and leaves
// the tokens behind. (A webhook owner's kept grant stays: their webhooks keep working after they log
// out, decision 010, and it is checked with the platform before each use.)
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { forgetKeptAdminTokens } from "~/features/org-policy/store.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { clearCsrfToken } from "./csrf.server";
import { destroyUserSession, hasSessionCookie, sessionUserId } from "./session.server";

export async function logout(request: Request, context: AppLoadContext, last: string): Promise<ReturnType<typeof redirect>> {
  const headers = new Headers(PRIVATE_HEADERS);
  if (hasSessionCookie(request, context)) {
    const userId = await sessionUserId(request, context);
    if (userId) await forgetKeptAdminTokens(context.db, userId);
    headers.append("Set-Cookie", await destroyUserSession(request, context));
  }
  headers.append("Set-Cookie", await clearCsrfToken(request, context.config));
  return redirect(last, { headers });
}
