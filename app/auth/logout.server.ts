// Logging out (/logout, docs/decisions/006): ends the session and forgets what the hub kept to act
// for the person while they are away — an organisation admin's sealed platform tokens (decision 047,
// issue 40 item 11). The tokens are forgotten first, but the session always ends: a logout that D1
// cannot serve must not leave the person logged in (a shared computer; issue 40 review L4). If the
// forgetting fails, it is tried again after the answer (waitUntil) and logged; the Cron's age cap
// (SESSION_MAX_AGE_SECONDS) is the backstop for tokens that still cannot be forgotten. (A webhook
// owner's kept grant stays: their webhooks keep working after they log out, decision 010, and it is
// checked with the platform before each use.)
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { forgetKeptAdminTokens } from "~/features/org-policy/store.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { clearCsrfToken } from "./csrf.server";
import { destroyUserSession, hasSessionCookie, sessionUserId } from "./session.server";

/** The later tries after a failed forget, in ms after the answer: a D1 blip usually passes within seconds. */
export const FORGET_RETRY_DELAYS_MS = [1_000, 5_000] as const;

export async function logout(request: Request, context: AppLoadContext, last: string): Promise<ReturnType<typeof redirect>> {
  const headers = new Headers(PRIVATE_HEADERS);
  if (hasSessionCookie(request, context)) {
    const userId = await sessionUserId(request, context);
    if (userId) {
      try {
        await forgetKeptAdminTokens(context.db, userId);
      } catch (error) {
        context.logger.error("Logout could not forget the kept admin tokens: the session ends anyway, retrying after the answer", { error: String(error) });
        context.waitUntil(retryForget(context, userId));
      }
    }
    headers.append("Set-Cookie", await destroyUserSession(request, context));
  }
  headers.append("Set-Cookie", await clearCsrfToken(request, context.config));
  return redirect(last, { headers });
}

async function retryForget(context: AppLoadContext, userId: string): Promise<void> {
  for (const delay of FORGET_RETRY_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      await forgetKeptAdminTokens(context.db, userId);
      context.logger.info("Logout's kept admin tokens forgotten on a later try", { delay });
      return;
    } catch (error) {
      context.logger.warn("Logout's kept admin tokens still not forgotten", { delay, error: String(error) });
    }
  }
  // Left to the Cron: tokens older than a login can last are never used and are deleted (decision 047).
  context.logger.error("Logout's kept admin tokens were not forgotten: the Cron's age cap will delete them");
}
