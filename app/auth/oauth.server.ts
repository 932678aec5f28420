// OAuth 2.0 authorization code with PKCE (RFC 7636) against the platform (spec §7: /auth?last= starts
// it). The state, the PKCE verifier and the way back live in a short signed cookie between the
// redirect out and the callback, so a forged callback has nothing to match. The cookie also names a
// one-time KV record that the first callback consumes, so a copy of the cookie replayed later is
// refused even though its signature is still good (docs/decisions/012).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { base64url, randomToken } from "~/lib/random-token.server";
import { PENDING_LOGIN_MAX_AGE, pendingLoginCookie } from "~/lib/cookies.server";
import { safeLast } from "~/lib/safe-redirect";

const CALLBACK_PATH = "/auth/callback";

export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

const pendingLoginSchema = z.object({
  state: z.string().min(20),
  verifier: z.string().min(43),
  last: z.string(),
  /** Names the one-time KV record (never shown in a URL, unlike the state). */
  once: z.string().min(20),
});
export type PendingLogin = z.infer<typeof pendingLoginSchema>;

const authCookie = (request: Request, context: AppLoadContext) => pendingLoginCookie(request, context.config);

const onceKey = (once: string) => `pending-login:${once}`;

export const callbackUrl = (request: Request) => new URL(CALLBACK_PATH, request.url).toString();

/** Starts a login: the platform's authorize address and the cookie that remembers it. */
export async function beginLogin(request: Request, context: AppLoadContext, last: string) {
  const pending: PendingLogin = { state: randomToken(), verifier: randomToken(48), last: safeLast(last), once: randomToken() };
  // Lives exactly as long as the cookie; KV removes it by itself if the login is never finished.
  await context.env.KV.put(onceKey(pending.once), "1", { expirationTtl: PENDING_LOGIN_MAX_AGE });
  const url = new URL(`${context.config.platform.apiBase}/authorize`);
  url.searchParams.set("client_id", context.config.oauth.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", callbackUrl(request));
  url.searchParams.set("scope", context.config.oauth.scopes.join(" "));
  url.searchParams.set("state", pending.state);
  url.searchParams.set("code_challenge", await pkceChallenge(pending.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { location: url.toString(), setCookie: await authCookie(request, context).serialize(pending) };
}

export async function readPendingLogin(request: Request, context: AppLoadContext): Promise<PendingLogin | null> {
  const value: unknown = await authCookie(request, context).parse(request.headers.get("Cookie"));
  const parsed = pendingLoginSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Uses up the pending login: true the first time for a cookie, false for any replay. Read, then
 * delete: KV has no compare-and-delete, so two callbacks racing within the same moment could both
 * pass; each still needs its own fresh authorization code, which the platform issues once, bound to
 * this cookie's PKCE verifier. A copy replayed any later finds the record gone.
 */
export async function consumePendingLogin(context: AppLoadContext, pending: PendingLogin): Promise<boolean> {
  const key = onceKey(pending.once);
  const found = await context.env.KV.get(key);
  if (found === null) return false;
  await context.env.KV.delete(key);
  return true;
}

export const clearPendingLogin = (request: Request, context: AppLoadContext) => authCookie(request, context).serialize("", { maxAge: 0 });
