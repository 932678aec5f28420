// /auth/callback: the platform sends the browser back here after consent. The state must match the
// one this browser was given, the code is exchanged once with the PKCE verifier, and only then is a
// session created from people/me. Anything off sends the person to /login with a reason.
import { redirect, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { callbackUrl, clearPendingLogin, consumePendingLogin, readPendingLogin } from "~/auth/oauth.server";
import { rotateCsrfToken } from "~/auth/csrf.server";
import { createUserSession, newTrackingSession, tokensFrom, type Tokens } from "~/auth/session.server";
import { userFromPerson, type User } from "~/auth/user";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { sameToken } from "~/lib/constant-time.server";
import { recordLogin } from "~/models/users.server";
import { noteOrgAdmin } from "~/features/org-policy/access.server";
import { bindMemberships } from "~/features/publisher-console/members.server";
import { PlatformError } from "~/platform/client.server";
import { loginErrorPath, type LoginError } from "~/features/login/login-errors";
import { safeLast } from "~/lib/safe-redirect";

/** Spec §4: after a login the count goes up and a login-success event is recorded. */
async function loginSucceeded(context: AppLoadContext, user: User, tokens: Tokens) {
  const loginCount = await recordLogin(context.db, user);
  // Requests for apps go to the organisation's admins the hub has seen (issue 29; decision 035).
  await noteOrgAdmin(context, user, tokens);
  // Publisher memberships linked to the person's e-mail become theirs (issue 30; decision 037).
  await bindMemberships(context.db, user);
  context.logger.info("AppHub_Login", { loginCount, emailDomain: user.emailDomain });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pending = await readPendingLogin(request, context);
  const headers = new Headers(PRIVATE_HEADERS);
  headers.append("Set-Cookie", await clearPendingLogin(request, context));
  const fail = (reason: LoginError, detail: string) => {
    context.logger.warn("Login failed", { reason, detail });
    return redirect(loginErrorPath(reason, safeLast(pending?.last)), { headers });
  };

  // A pending login is used up by the first callback that brings its cookie, whatever comes of it.
  const fresh = pending ? await consumePendingLogin(context, pending) : false;
  const state = url.searchParams.get("state");
  if (!pending || !state || !sameToken(state, pending.state)) return fail("state", "missing or mismatched state");
  if (!fresh) return fail("state", "pending login already used (replayed cookie)");
  if (url.searchParams.get("error")) return fail(url.searchParams.get("error") === "access_denied" ? "denied" : "failed", url.searchParams.get("error")!);
  const code = url.searchParams.get("code");
  if (!code) return fail("failed", "no code");

  const trackingSession = newTrackingSession();
  let user: User;
  let tokens: Tokens;
  try {
    tokens = tokensFrom(
      await context.platform.forPerson({ trackingSession }).exchangeCode({
        clientId: context.config.oauth.clientId,
        clientSecret: context.config.oauth.clientSecret,
        code,
        redirectUri: callbackUrl(request),
        codeVerifier: pending.verifier,
      }),
    );
    const person = await context.platform.forPerson({ trackingSession, tokens }).getMe();
    user = userFromPerson(person);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const reason: LoginError = error.kind === "http" && error.status < 500 && error.status !== 429 ? "failed" : "unavailable";
    return fail(reason, `${error.status} ${error.message}`);
  }

  await loginSucceeded(context, user, tokens);
  const session = await createUserSession(request, context, user, tokens, trackingSession);
  headers.append("Set-Cookie", session.setCookie);
  headers.append("Set-Cookie", await rotateCsrfToken(request, context.config, session.id));
  // Checked again on the way out: a pending-login cookie signed before a fix of the rule is still
  // valid for ten minutes, and must not carry an address the current rule refuses.
  return redirect(safeLast(pending.last), { headers });
}
