// Server-side sessions in Workers KV (docs/decisions/006, 012): the cookie holds only a signed id;
// the platform tokens and the user record stay in KV and never reach the browser. Access tokens are
// refreshed shortly before they expire; a refresh the platform refuses ends the session. A session
// also ends at its absolute lifetime (from the login, never extended) and after an idle timeout.
import { createWorkersKVSessionStorage, redirect, type AppLoadContext, type Session, type SessionStorage } from "@remix-run/cloudflare";
import { z } from "zod";
import { isSessionRefused, PlatformError } from "~/platform/client.server";
import type { TokenResponse } from "~/platform/schemas";
import { loginPath } from "~/components/auth-links";
import { readCookie, sessionCookie } from "~/lib/cookies.server";
import { sessionExpiredFlash, setFlash } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { PortalConfig } from "~/lib/config.server";
import type { User } from "./user";

/** Refresh this long before the access token expires, so a request never starts with a dead one. */
const REFRESH_MARGIN_MS = 10 * 60 * 1000;
/**
 * Last activity is rewritten only when the stored time is older than this (or a tenth of the idle
 * timeout, if shorter): a busy person costs one KV write per few minutes, not one per request, and
 * the idle timeout is exact to within that margin.
 */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
/** KV refuses an expiration sooner than a minute away. */
const KV_MIN_TTL_MS = 60 * 1000;

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
  // Absent in sessions written before issue 15: not an administrator until the next login.
  isOrgAdmin: z.boolean().default(false),
});

export const tokensSchema = z.object({
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
  /** The login: the absolute lifetime counts from here, and nothing moves it. */
  createdAt: z.number(),
  /** The last request, to within LAST_SEEN_RESOLUTION_MS (absent in entries written before it existed). */
  lastSeenAt: z.number().optional(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export type Auth = SessionData & { session: Session<SessionData> };

/**
 * The session id the request's cookie carries (signature checked), or null. It says nothing about
 * whether the session is still alive; the CSRF check binds tokens to it (app/auth/csrf.server.ts).
 */
export async function sessionIdOf(request: Request, config: PortalConfig): Promise<string | null> {
  const id: unknown = await sessionCookie(request, config).parse(request.headers.get("Cookie"));
  return typeof id === "string" && id ? id : null;
}

/**
 * When the KV entry may go: at the absolute end or after the idle timeout from now, whichever comes
 * first, so KV forgets abandoned sessions by itself. readAuth enforces both limits exactly; this
 * only saves storage (and is never sooner than KV allows).
 */
function storedUntil(context: AppLoadContext, data: Pick<SessionData, "createdAt">, now: number): Date {
  const { maxAgeSeconds, idleTimeoutSeconds } = context.config.sessions;
  const end = Math.min(data.createdAt + maxAgeSeconds * 1000, now + idleTimeoutSeconds * 1000);
  return new Date(Math.max(end, now + KV_MIN_TTL_MS));
}

function sessionStorage(request: Request, context: AppLoadContext): SessionStorage<SessionData> {
  return createWorkersKVSessionStorage<SessionData>({ kv: context.env.KV, cookie: sessionCookie(request, context.config) });
}

export function tokensFrom(response: TokenResponse, now = Date.now()): Tokens {
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token,
    accessExpiresAt: now + response.expires_in * 1000,
    refreshExpiresAt: now + response.refresh_token_expires_in * 1000,
  };
}

export const hasSessionCookie = (request: Request, context: AppLoadContext): boolean => readCookie(request, context.config.cookies.session) !== null;

/** Creates the session after a login; returns its id and the Set-Cookie value. */
export async function createUserSession(
  request: Request,
  context: AppLoadContext,
  user: User,
  tokens: Tokens,
  trackingSession = newTrackingSession(),
): Promise<{ id: string; setCookie: string }> {
  const storage = sessionStorage(request, context);
  const session = await storage.getSession();
  const now = Date.now();
  session.set("user", user);
  session.set("tokens", tokens);
  session.set("trackingSession", trackingSession);
  session.set("createdAt", now);
  session.set("lastSeenAt", now);
  // The cookie lasts the absolute lifetime (or the refresh token, if that ends sooner) and is never
  // re-sent, so nothing extends it; the KV entry may go sooner (storedUntil).
  const maxAge = Math.max(60, Math.min(context.config.sessions.maxAgeSeconds, Math.floor((tokens.refreshExpiresAt - now) / 1000)));
  const cookie = sessionCookie(request, context.config);
  // commitSession creates the KV entry (with its own expiry) and names the new id only in the cookie
  // it returns; the browser gets a cookie with the browser's lifetime instead.
  const created = await storage.commitSession(session, { expires: storedUntil(context, { createdAt: now }, now) });
  const id: unknown = await cookie.parse(created);
  if (typeof id !== "string" || !id) throw new Error("The new session has no id");
  return { id, setCookie: await cookie.serialize(id, { maxAge }) };
}

/** Ends the session (KV entry and cookie); returns the Set-Cookie value that clears the cookie. */
export async function destroyUserSession(request: Request, context: AppLoadContext): Promise<string> {
  const storage = sessionStorage(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  // A cookie that is not ours (unsigned, an old secret) has no id and nothing in KV: just clear it.
  if (!session.id) return sessionCookie(request, context.config).serialize("", { maxAge: 0 });
  return storage.destroySession(session);
}

/**
 * The platform said this person is no longer a full administrator (a hub or organisation admin
 * page asked it): the session forgets the role from the login, so the header stops offering the
 * admin pages from the next page on, without the header ever asking the platform itself. Only the
 * KV entry changes; the cookie (its id) stays.
 */
export async function forgetSessionAdminRole(request: Request, context: AppLoadContext, auth: Auth): Promise<void> {
  if (!auth.user.isOrgAdmin) return;
  auth.session.set("user", { ...auth.user, isOrgAdmin: false });
  // The same expiry readAuth gives the entry: forgetting the role must not extend the session.
  await sessionStorage(request, context).commitSession(auth.session, { expires: storedUntil(context, auth, Date.now()) });
}

/**
 * Whose session the cookie names (the decoded person id), read without refreshing or extending it,
 * or null when there is none: logging out forgets what the hub kept for that person.
 */
export async function sessionUserId(request: Request, context: AppLoadContext): Promise<string | null> {
  const session = await sessionStorage(request, context).getSession(request.headers.get("Cookie"));
  if (!session.id) return null;
  const user = userSchema.pick({ userId: true }).safeParse(session.get("user"));
  return user.success ? user.data.userId : null;
}

export class SessionExpired extends Error {
  override name = "SessionExpired";
}

async function refresh(context: AppLoadContext, data: SessionData): Promise<Tokens> {
  const client = context.platform.forPerson({ trackingSession: data.trackingSession });
  const response = await client.refreshTokens({
    clientId: context.config.oauth.clientId,
    clientSecret: context.config.oauth.clientSecret,
    refreshToken: data.tokens.refreshToken,
  });
  return tokensFrom(response);
}

/**
 * One read per request: the root loader and the route's own loader both ask for the session, and
 * should neither read KV twice nor both record the same activity or refresh the same token. The
 * Worker builds one load context per request, so it is the key.
 */
const authPerRequest = new WeakMap<AppLoadContext, Promise<Auth | null>>();

/**
 * The request's session, with fresh tokens, or null when logged out. Throws SessionExpired when a
 * session existed but can no longer be used (absolute or idle lifetime over, refresh token expired
 * or refused).
 */
export function readAuth(request: Request, context: AppLoadContext): Promise<Auth | null> {
  let auth = authPerRequest.get(context);
  if (!auth) {
    auth = loadAuth(request, context);
    authPerRequest.set(context, auth);
  }
  return auth;
}

async function loadAuth(request: Request, context: AppLoadContext): Promise<Auth | null> {
  if (!hasSessionCookie(request, context)) return null;
  const storage = sessionStorage(request, context);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = sessionDataSchema.safeParse(session.data);
  // An unknown id (expired in KV, or a forged/rotated-out cookie) is simply no session, but the
  // visitor had one, so they are told they were logged out.
  if (!parsed.success) throw new SessionExpired("No stored session for this cookie");
  let data = parsed.data;
  const now = Date.now();
  const { maxAgeSeconds, idleTimeoutSeconds } = context.config.sessions;
  if (now >= data.createdAt + maxAgeSeconds * 1000) throw new SessionExpired("The session reached its absolute lifetime");
  const lastSeenAt = data.lastSeenAt ?? data.createdAt;
  if (now >= lastSeenAt + idleTimeoutSeconds * 1000) throw new SessionExpired("The session was idle too long");
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
  }
  // Record activity, but only when the stored time is getting old (one KV write per few minutes).
  const resolution = Math.min(LAST_SEEN_RESOLUTION_MS, (idleTimeoutSeconds * 1000) / 10);
  if (data !== parsed.data || now - lastSeenAt >= resolution) {
    data = { ...data, lastSeenAt: now };
    session.set("tokens", data.tokens);
    session.set("lastSeenAt", now);
    // An explicit expiry: without one, commitSession would give the entry the cookie's full
    // lifetime from now, and every refresh would extend the session.
    await storage.commitSession(session, { expires: storedUntil(context, data, now) });
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
  headers.append("Set-Cookie", await setFlash(request, context.config, sessionExpiredFlash()));
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

/** A fresh `<session>` part for tracking ids, before a session exists. */
export const newTrackingSession = () => crypto.randomUUID().slice(0, 8);

/**
 * Spec §6/§8: a 401 from the platform on the person's own token ends the session and sends the
 * browser to the site root. A 401 on one of the hub's service tokens (a bot's) says nothing about
 * the person (issue 13): it is logged as the operator's problem and the session stays.
 * Returns the redirect to throw, or null when the error is something else.
 */
export async function endSessionOn401(request: Request, context: AppLoadContext, error: unknown): Promise<Response | null> {
  if (error instanceof PlatformError && error.status === 401 && !isSessionRefused(error)) {
    context.logger.error("A service token was refused (401): check the hub's bot tokens", { trackingId: error.trackingId, message: error.message });
    return null;
  }
  if (error instanceof PlatformError && isSessionRefused(error)) {
    return sessionExpiredRedirect(request, context, "/", `The platform answered 401: ${error.message}`);
  }
  return null;
}
