// The one module that talks to the messaging platform's REST API (production: the real platform;
// locally and in tests: the emulator in workers/platform/). Every call carries a tracking id that
// increments per request, gives up after the configured time-out (spec §9: 45 s), and has its
// answer checked with zod, so the rest of the app sees typed data or a PlatformError.
import type { z } from "zod";
import type { Logger } from "~/lib/logger.server";
import {
  authorizationListSchema,
  membershipListSchema,
  membershipSchema,
  messageSchema,
  personSchema,
  platformErrorSchema,
  platformWebhookListSchema,
  platformWebhookSchema,
  roomListSchema,
  roomSchema,
  tokenResponseSchema,
  type PlatformWebhook,
  type TokenResponse,
} from "./schemas";

export type PlatformErrorKind = "http" | "timeout" | "network" | "invalid-response";

/**
 * Whose credential a client carries: the logged-in person's own session token, or one of the hub's
 * service tokens (a bot's, a webhook owner's stored token). A 401 means "log in again" only for
 * the session: a refused service token is the operator's problem and must not log anyone out.
 */
export type PlatformCredential = "session" | "service";

/** A failed platform call, normalised to `{status, message}` (spec §8). */
export class PlatformError extends Error {
  override name = "PlatformError";
  /** Whose credential the failed call carried (set by the client that made it). */
  credential: PlatformCredential = "session";
  constructor(
    readonly kind: PlatformErrorKind,
    readonly status: number,
    message: string,
    readonly trackingId: string | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** A 401 on the person's own session token: the one platform answer that ends their session. */
export const isSessionRefused = (error: unknown): boolean => error instanceof PlatformError && error.status === 401 && error.credential === "session";

export type PlatformClientOptions = {
  apiBase: string;
  timeoutMs: number;
  /** Identifies the session in tracking ids (`<session>_<sequence>`); never the session id itself. */
  trackingSession: string;
  logger: Logger;
  accessToken?: string;
  /** Whose token `accessToken` is; recorded on every PlatformError this client throws. */
  credential: PlatformCredential;
  /** For tests of the client itself; the Worker's global fetch otherwise. */
  fetch?: typeof fetch;
};

type RequestOptions<T extends z.ZodTypeAny> = {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  schema: T | null;
  /** Token endpoints authenticate with the client secret, not a bearer token. */
  anonymous?: boolean;
  /** A page's `Link: <…>; rel="next"` (RFC 5988), when the answer has one. */
  onNext?: (next: string) => void;
};

/** The `rel="next"` target of a Link header, if any. */
function nextLink(header: string | null): string | null {
  for (const part of header?.split(",") ?? []) {
    const match = /<([^>]+)>\s*;(?:[^,]*;)?\s*rel="?next"?/i.exec(part.trim());
    if (match) return match[1]!;
  }
  return null;
}

// Per isolate: tracking ids keep counting across the requests of one session that land here.
const sequences = new Map<string, number>();
function nextTrackingId(session: string): string {
  const next = (sequences.get(session) ?? 0) + 1;
  if (sequences.size > 10_000) sequences.clear();
  sequences.set(session, next);
  return `${session}_${next}`;
}

function retryAfter(res: Response): number | null {
  const value = res.headers.get("Retry-After");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - Date.now()) / 1000));
}

async function errorFrom(res: Response, trackingId: string): Promise<PlatformError> {
  let message = res.statusText || `The platform answered ${res.status}`;
  let tracking = res.headers.get("TrackingID") ?? res.headers.get("trackingId") ?? trackingId;
  const body = platformErrorSchema.safeParse(await res.json().catch(() => null));
  if (body.success) {
    message = body.data.message || body.data.errors?.[0]?.description || message;
    tracking = body.data.trackingId ?? tracking;
  }
  return new PlatformError("http", res.status, message, tracking, retryAfter(res));
}

export function createPlatformClient(options: PlatformClientOptions) {
  const doFetch = options.fetch ?? fetch;

  async function request<T extends z.ZodTypeAny>(method: string, path: string, opts: RequestOptions<T>): Promise<z.infer<T>> {
    try {
      return await send(method, path, opts);
    } catch (error) {
      if (error instanceof PlatformError) error.credential = options.credential;
      throw error;
    }
  }

  async function send<T extends z.ZodTypeAny>(method: string, path: string, opts: RequestOptions<T>): Promise<z.infer<T>> {
    const url = new URL(options.apiBase + path);
    for (const [key, value] of Object.entries(opts.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    const trackingId = nextTrackingId(options.trackingSession);
    const headers = new Headers({ Accept: "application/json", trackingid: trackingId });
    if (!opts.anonymous) {
      if (!options.accessToken) throw new PlatformError("http", 401, "Not logged in", trackingId);
      headers.set("Authorization", `Bearer ${options.accessToken}`);
    }
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = new URLSearchParams(opts.form);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const started = Date.now();
    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body, signal: controller.signal, redirect: "manual" });
    } catch (error) {
      clearTimeout(timer);
      const timedOut = controller.signal.aborted;
      options.logger.error("Platform call failed", { method, path, trackingId, timedOut, error: String(error) });
      throw timedOut
        ? new PlatformError("timeout", 504, "The platform did not answer in time", trackingId)
        : new PlatformError("network", 502, "The platform could not be reached", trackingId);
    }
    try {
      if (!res.ok) {
        const error = await errorFrom(res, trackingId);
        const level = res.status >= 500 || res.status === 429 ? "error" : "warn";
        options.logger[level]("Platform call refused", { method, path, status: res.status, trackingId: error.trackingId, message: error.message });
        throw error;
      }
      if (opts.schema === null) {
        await res.body?.cancel();
        return undefined;
      }
      const next = nextLink(res.headers.get("Link"));
      if (next && opts.onNext) opts.onNext(next);
      const parsed = opts.schema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) {
        options.logger.error("Platform answer did not match its schema", { method, path, trackingId, issue: parsed.error.issues[0] });
        throw new PlatformError("invalid-response", 502, "The platform sent an answer we could not read", trackingId);
      }
      options.logger.debug("Platform call", { method, path, status: res.status, ms: Date.now() - started, trackingId });
      return parsed.data;
    } catch (error) {
      // A body cut off by the time-out is a time-out too.
      if (controller.signal.aborted && !(error instanceof PlatformError)) {
        throw new PlatformError("timeout", 504, "The platform did not answer in time", trackingId);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Every item of a paged list: follows `Link: <…>; rel="next"` (RFC 5988) for at most `maxPages`
   * pages, and only to the same path on the platform's own origin (a Link elsewhere ends the list).
   */
  async function allPages<T extends z.ZodType<{ items: unknown[] }>>(
    path: string,
    first: Record<string, string | number | undefined>,
    schema: T,
    maxPages: number,
  ): Promise<z.infer<T>["items"]> {
    const items: z.infer<T>["items"] = [];
    const own = new URL(`${options.apiBase}${path}`).href;
    let query = first;
    for (let page = 0; page < maxPages; page++) {
      let next: string | null = null;
      const list = await request("GET", path, { query, schema, onNext: (link) => (next = link) });
      items.push(...list.items);
      const url: URL | null = next ? new URL(next, options.apiBase) : null;
      if (!url || url.origin + url.pathname !== own) break;
      query = Object.fromEntries(url.searchParams);
    }
    return items;
  }

  return {
    exchangeCode(args: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string }): Promise<TokenResponse> {
      return request("POST", "/access_token", {
        anonymous: true,
        schema: tokenResponseSchema,
        form: {
          grant_type: "authorization_code",
          client_id: args.clientId,
          client_secret: args.clientSecret,
          code: args.code,
          redirect_uri: args.redirectUri,
          code_verifier: args.codeVerifier,
        },
      });
    },
    refreshTokens(args: { clientId: string; clientSecret: string; refreshToken: string }): Promise<TokenResponse> {
      return request("POST", "/access_token", {
        anonymous: true,
        schema: tokenResponseSchema,
        form: { grant_type: "refresh_token", client_id: args.clientId, client_secret: args.clientSecret, refresh_token: args.refreshToken },
      });
    },
    getMe: () => request("GET", "/people/me", { schema: personSchema }),
    listRooms: (query: { type?: "direct" | "group"; sortBy?: "id" | "lastactivity" | "created"; max?: number }) => request("GET", "/rooms", { query, schema: roomListSchema }),
    getRoom: (roomId: string) => request("GET", `/rooms/${encodeURIComponent(roomId)}`, { schema: roomSchema }),
    /** One page of a room's memberships (filtered by person), or without roomId the caller's own. */
    listMemberships: (query: { roomId?: string; personId?: string; personEmail?: string; max?: number }) => request("GET", "/memberships", { query, schema: membershipListSchema }),
    /**
     * Every page of them: the platform sends at most `max` (≤ 1000) a page and the rest by Link
     * header, so a person in more spaces than one page holds is not cut short.
     */
    listAllMemberships: (query: { roomId?: string; personId?: string; personEmail?: string; max?: number }, maxPages = 20) =>
      allPages("/memberships", { max: 1000, ...query }, membershipListSchema, maxPages),
    createMembership: (json: { roomId: string; personId?: string; personEmail?: string }) => request("POST", "/memberships", { json, schema: membershipSchema }),
    sendMessage: (json: { roomId?: string; toPersonId?: string; toPersonEmail?: string; text?: string; markdown?: string }) =>
      request("POST", "/messages", { json, schema: messageSchema }),
    getMessage: (messageId: string) => request("GET", `/messages/${encodeURIComponent(messageId)}`, { schema: messageSchema }),
    createWebhook: (json: { name: string; targetUrl: string; resource: string; event: string; filter?: string; secret?: string }) =>
      request("POST", "/webhooks", { json, schema: platformWebhookSchema }),
    /**
     * The caller's platform webhooks, every page (the platform sends at most 100 a page and the
     * rest by Link header; at most `maxPages` pages are read).
     */
    listWebhooks: (opts: { pageSize?: number; maxPages?: number } = {}): Promise<PlatformWebhook[]> =>
      allPages("/webhooks", { max: opts.pageSize ?? 100 }, platformWebhookListSchema, opts.maxPages ?? 20),
    /** Changes a platform webhook; `status: "active"` revives one the platform set inactive. */
    updateWebhook: (webhookId: string, json: { name: string; targetUrl: string; secret?: string; status?: "active" }) =>
      request("PUT", `/webhooks/${encodeURIComponent(webhookId)}`, { json, schema: platformWebhookSchema }),
    deleteWebhook: (webhookId: string) => request("DELETE", `/webhooks/${encodeURIComponent(webhookId)}`, { schema: null }),
    /** An admin API (identity:tokens_read), or a first-party client's token for its own person. */
    listAuthorizations: (personId: string) => request("GET", "/authorizations", { query: { personId }, schema: authorizationListSchema }),
    /**
     * Revokes ONE grant (identity:tokens_write). There is deliberately no `?clientId=` form here: the
     * platform's `DELETE /authorizations?clientId=` revokes that client for the whole organisation.
     */
    deleteAuthorization: (authorizationId: string) => request("DELETE", `/authorizations/${encodeURIComponent(authorizationId)}`, { schema: null }),
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
