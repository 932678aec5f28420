// Server-side sessions in Workers KV (docs/decisions/005): the cookie holds only a signed id; the
// platform tokens and the user record stay in KV and never reach the browser. Access tokens are
// refreshed shortly before they expire; a refresh the platform refuses ends the session.
import {
  createCookie,
  createWorkersKVSessionStorage,
  redirect,
  type AppLoadContext,
  type Session,
  type SessionStorage,
} from "@remix-run/cloudflare";
import { z } from "zod";
import { createPlatformClient, PlatformError, type PlatformClient } from "~/platform/client.server";
import type { TokenResponse } from "~/platform/schemas";
import { loginPath } from "~/components/auth-links";
import { readCookie } from "~/lib/cookies.server";
import { sessionExpiredFlash, setFlash } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { User } from "./user";

/** Refresh this long before the access token expires, so a request never starts with a dead one. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;
/** The session cookie and its KV entry outlive neither the refresh token nor 30 days. */
const MAX_SESSION_SECONDS = 30 * 24 * 3600;

const userSchema = z.object({
  id: z.string(),
  userId: z.string(),
  orgId: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string(),
  emails: z.array(z.string()),
  emailDomain: z.string(),
  avatar: z.string().nullable(),
  portalDisplayName: z.string(),
});

const tokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessExpiresAt: z.number(),
  refreshExpiresAt: z.number(),
});
export type Tokens = z.infer<typeof tokensSchema>;

const sessionDataSchema = z.object({
  user: userSchema,
  tokens: tokensSchema,
  /** Random, per session: the `<session>` part of platform tracking ids. */
  trackingSession: z.string(),
  createdAt: z.number(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export type Auth = SessionData & { session: Session<SessionData> };

function sessionCookie(request: Request, context: AppLoadContext) {
  const { config } = context;
  return createCookie(config.cookies.session, {
    secrets: config.sessionSecrets,
    httpOnly: true,
    sameSite: "lax",
    // Secure everywhere except plain-http local development (spec: "Secure outside local http").
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge: MAX_SESSION_SECONDS,
  });
}

function sessionStorage(request: Request, context: AppLoadContext): SessionStorage<SessionData> {
  return createWorkersKVSessionStorage<SessionData>({ kv: context.env.KV, cookie: sessionCookie(request, context) });
}

export function tokensFrom(response: TokenResponse, now = Date.now()): Tokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    accessExpiresAt: now + response.expires_in * 1000,
    refreshExpiresAt: now + response.refresh_token_expires_in * 1000,
  };
}

export const hasSessionCookie = (request: Request, context: AppLoadContext): boolean =>
  readCookie(request, context.config.cookies.session) !== null;

/** Creates the session after a login; returns the Set-Cookie value. */
export async function createUserSession(
  request: Request,
  context: AppLoadContext,
  user: User,
  tokens: Tokens,
  trackingSession = newTrackingSession(),
): Promise<string> {
  const storage = sessionStorage(request, context);
  const session = await storage.getSession();
  session.set("user", user);
  session.set("tokens", tokens);
  session.set("trackingSession", trackingSession);
  session.set("createdAt", Date.now());
  const maxAge = Math.max(60, Math.min(MAX_SESSION_SECONDS, Math.floor((tokens.refreshExpiresAt - Date.now()) / 1000)));
  return storage.commitSession(session, { maxAge });
}

/** Ends the session (KV entry and cookie); returns the Set-Cookie value that clears the cookie. */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorage(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  // A cookie that is not ours (unsigned, an old secret) has no id and nothing in KV: just clear it.
  if (!session.id) return sessionCookie(request, context).serialize("", { maxAge: 0 });
  return storage.destroySession(session);
}

export class SessionExpired extends Error {
  override name = "SessionExpired";
}

async function refresh(context: AppLoadContext, data: SessionData): Promise<Tokens> {
  const client = platformClientFor(context, { trackingSession: data.trackingSession });
  const response = await client.refreshTokens({
    clientId: context.config.oauth.clientId,
    clientSecret: context.config.oauth.clientSecret,
    refreshToken: data.tokens.refreshToken,
  });
  return tokensFrom(response);
}

/**
 * The request's session, with fresh tokens, or null when logged out. Throws SessionExpired when a
 * session existed but can no longer be used (refresh token expired or refused).
 */
export async function readAuth(request: Request, context: AppLoadContext): Promise<Auth | null> {
  if (!hasSessionCookie(request, context)) return null;
  const storage = sessionStorage(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = sessionDataSchema.safeParse(session.data);
  // An unknown id (expired in KV, or a forged/rotated-out cookie) is simply no session, but the
  // visitor had one, so they are told they were logged out.
  if (!parsed.success) throw new SessionExpired("No stored session for this cookie");
  let data = parsed.data;
  const now = Date.now();
  if (data.tokens.refreshExpiresAt <= now) throw new SessionExpired("The refresh token has expired");
  if (data.tokens.accessExpiresAt - now < REFRESH_MARGIN_MS) {
    try {
      data = { ...data, tokens: await refresh(context, data) };
    } catch (error) {
      if (error instanceof PlatformError && (error.status === 400 || error.status === 401)) {
        throw new SessionExpired(`The platform refused the refresh: ${error.message}`);
      }
      // The platform is unreachable: keep going with the old token while it still lives.
      if (data.tokens.accessExpiresAt <= now) throw error;
    }
    if (data !== parsed.data) {
      session.set("tokens", data.tokens);
      await storage.commitSession(session);
    }
  }
  return { ...data, session };
}

/**
 * For loaders and actions: the session, or — when it has just expired — a redirect that ends it
 * and tells the person ('You were logged out.', spec §8) on the page they land on.
 */
export async function getAuth(request: Request, context: AppLoadContext, expiredTo = "/"): Promise<Auth | null> {
  try {
    return await readAuth(request, context);
  } catch (error) {
    if (error instanceof SessionExpired) throw await sessionExpiredRedirect(request, context, expiredTo, error.message);
    throw error;
  }
}

export async function sessionExpiredRedirect(request: Request, context: AppLoadContext, to: string, reason: string): Promise<Response> {
  context.logger.info("Session ended", { reason });
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyUserSession(request, context));
  headers.append("Set-Cookie", setFlash(request, sessionExpiredFlash()));
  // `to` is usually the request's own path, which can be anything ("//evil.example/x"): it passes
  // the redirect rule like every other target.
  return redirect(safeRedirectPath(to), { headers });
}

/** Routes that need login (spec §2.1): logged-out visitors go to log in and come back here. */
export async function requireAuth(request: Request, context: AppLoadContext): Promise<Auth> {
  const url = new URL(request.url);
  const toLogin = safeRedirectPath(loginPath(url.pathname + url.search));
  const auth = await getAuth(request, context, toLogin);
  if (!auth) throw redirect(toLogin);
  return auth;
}

/**
 * The one way the app makes a platform client: with the session's token, or without one for the
 * token endpoint (login, refresh).
 */
export function platformClientFor(context: AppLoadContext, auth: { trackingSession: string; tokens?: Pick<Tokens, "accessToken"> }): PlatformClient {
  return createPlatformClient({
    apiBase: context.config.platform.apiBase,
    timeoutMs: context.config.platform.timeoutMs,
    trackingSession: auth.trackingSession,
    logger: context.logger,
    accessToken: auth.tokens?.accessToken,
  });
}

/** A fresh `<session>` part for tracking ids, before a session exists. */
export const newTrackingSession = () => crypto.randomUUID().slice(0, 8);

/**
 * Spec §6/§8: a 401 from the platform ends the session and sends the browser to the site root.
 * Returns the redirect to throw, or null when the error is something else.
 */
export async function endSessionOn401(request: Request, context: AppLoadContext, error: unknown): Promise<Response | null> {
  if (error instanceof PlatformError && error.status === 401) {
    return sessionExpiredRedirect(request, context, "/", `The platform answered 401: ${error.message}`);
  }
  return null;
}
