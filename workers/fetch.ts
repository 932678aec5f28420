// Every request's way through the Worker: config, security headers, the unsupported-browser and
// time-out rules, the edge cache around Remix and the abuse limits. Static files are served by Workers
// Static Assets before this. Both Workers run it (docs/decisions/057): ./app.ts, the whole app (the
// back office in production), and ./front.ts, which forwards back-office routes first.
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "@remix-run/dev/server-build";
import { ConfigError, portalConfigFor } from "../app/lib/config.server";
import { createLogger, type LogLevel } from "../app/lib/logger.server";
import type { AppContext } from "../app/load-context";
import { isUnsupportedBrowser } from "../app/lib/browser-support";
import { verifyCsrf } from "../app/auth/csrf.server";
import { rateLimitResponse } from "../app/lib/rate-limit.server";
import { CACHE_CONTROL } from "../app/lib/cache-policy.server";
import { catalogueVersion, DATA_VERSION_HEADER, forgetCatalogueVersion } from "./catalogue-version";
import { cacheableRequest, edgeCache, edgeCacheKey, hasAnyCookie, isCacheable } from "./edge-cache";
import { FLASH_COOKIE } from "../app/lib/flash.server";
import { withSecurityHeaders } from "./security-headers";
import { notModified, wantsEtag, withEtag } from "./conditional-get";
import { isLoopbackHost } from "./loopback";
import { newerBookmark, type SessionStart } from "../app/models/db.server";
import { bookmarkSetCookie, readBookmark } from "../app/models/d1-bookmark.server";
import { createRequestServices } from "../app/request-services.server";
import { cookieNameFor } from "../app/lib/cookie-names";
import { DocumentOnly, rendersDocument } from "../app/lib/document-only.server";

const handleRemix = createRequestHandler(build, "production");
/** The build's route ids: the only ones a single-fetch `_routes=` may name in a cache key. */
const ROUTE_IDS: ReadonlySet<string> = new Set(Object.keys(build.routes));

/** Spec §9: the server gives a request 50 s before it answers with the time-out page. */
const SERVER_TIMEOUT_MS = 50_000;
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "DELETE"]);
/** Headers only the Worker may set; a client sending them is ignored. */
const INTERNAL_HEADERS = ["x-apphub-replaced-route"];

function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function isDocumentRequest(request: Request, url: URL): boolean {
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !url.pathname.startsWith("/api/") &&
    rendersDocument(url) &&
    (request.headers.get("Accept") ?? "text/html").includes("text/html")
  );
}

function replaceRoute(request: Request, path: string): Request {
  const url = new URL(request.url);
  url.pathname = path;
  url.search = "";
  return new Request(url, { method: "GET", headers: request.headers });
}

/**
 * Endpoints called by machines (incoming webhook posts, the platform's outgoing-webhook events):
 * no browser session carries a bookmark for them, and what they read was usually written moments
 * ago by someone else (a webhook just created), so their D1 session starts at the primary.
 */
const isMachineEndpoint = (url: URL) => url.pathname.startsWith("/api/hooks/");

/**
 * Where the request's D1 session starts (docs/decisions/017): at the person's bookmark when they
 * wrote recently (read-your-writes), at the primary for machine endpoints, else anywhere (the
 * nearest replica).
 */
function sessionStart(url: URL, bookmark: string | null): SessionStart {
  if (isMachineEndpoint(url)) return "first-primary";
  return bookmark ? { bookmark } : "first-unconstrained";
}

/** Whether the response logs someone in (sets our session cookie with a value). */
const setsSessionCookie = (response: Response, name: string) => response.headers.getSetCookie().some((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The fetch handler over this build's routes (`@remix-run/dev/server-build`: the full build, or the front's). */
export const handleFetch: ExportedHandlerFetchHandler<Env> = async (request, env, ctx) => {
  const started = Date.now();
  const logger = createLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "info");
  const url = new URL(request.url);
  const requestNonce = nonce();
  const secure = (res: Response) => withSecurityHeaders(res, { nonce: requestNonce, https: url.protocol === "https:" });
  try {
    const config = portalConfigFor(env);
    // Fail closed: the relaxed local-development settings never serve a public host, so a deploy
    // that forgot `--env production` (or copied the development vars) answers 500 naming the
    // problem instead of running with demo secrets.
    if (config.localDevelopment && !isLoopbackHost(url.hostname)) {
      throw new ConfigError(`Invalid portal config in wrangler.toml vars: SERVER_ENVIRONMENT: "development" serves only 127.0.0.1 and localhost, not ${url.hostname}`);
    }

    if (!ALLOWED_METHODS.has(request.method)) {
      return secure(new Response("Method not allowed", { status: 405, headers: { Allow: [...ALLOWED_METHODS].join(", ") } }));
    }
    // Static Assets answered every existing build file before the Worker ran: a miss here is a
    // stale chunk (an old deploy's hash) or a typo. A short plain 404 beats rendering the HTML
    // not-found page for a script tag, and no-store lets the next deploy's file through at once.
    if (url.pathname.startsWith("/build/")) {
      const res = plain(404, "Not found");
      res.headers.set("Cache-Control", CACHE_CONTROL.noStore);
      return secure(res);
    }
    // Cross-site writes are refused here, before Remix (which would answer them with a 500).
    if (request.method === "POST" || request.method === "DELETE") {
      const origin = request.headers.get("Origin");
      const site = request.headers.get("Sec-Fetch-Site");
      if ((origin && origin !== url.origin) || site === "cross-site") {
        return secure(plain(403, "Cross-site requests are not allowed."));
      }
      const csrf = await verifyCsrf(request, config);
      if (!csrf.ok) {
        logger.warn("CSRF check failed", { url: request.url, reason: csrf.reason });
        const res = plain(403, "This form is out of date or did not come from App Hub. Reload the page and try again.");
        res.headers.set("Cache-Control", CACHE_CONTROL.private);
        return secure(res);
      }
    }

    const headers = new Headers(request.headers);
    for (const h of INTERNAL_HEADERS) headers.delete(h);
    // Remix compares an action's Origin with Host. We checked Origin against the URL above; local
    // runtimes (Miniflare's dispatchFetch) can hand over a Host other than the URL's.
    headers.set("Host", url.host);
    let incoming = new Request(request, { headers });
    let replacedRoute: AppContext["replacedRoute"] = null;
    if (isDocumentRequest(incoming, url) && isUnsupportedBrowser(incoming.headers.get("User-Agent"))) {
      replacedRoute = "unsupported-browser";
      incoming = replaceRoute(incoming, "/unsupported-browser");
    }

    // Without KV there is no version to key the cache by: serve uncached rather than fail, so
    // pages (and /healthz, which then reports KV down) still answer.
    const version = await catalogueVersion(env.KV).catch((error: unknown) => {
      logger.error("Reading the catalogue version failed", { error: String(error) });
      return null;
    });
    const privateCookies = [config.cookies.session, FLASH_COOKIE];
    const personal = hasAnyCookie(incoming, privateCookies);
    const cacheable = replacedRoute || personal || version === null ? null : cacheableRequest(incoming, ROUTE_IDS);
    // Remix renders the canonical address the key is made of, so every address sharing a key gets
    // the same page, and a parameter outside the route's table (?x=, utm_*) changes nothing.
    if (cacheable) incoming = cacheable;
    const cacheKey = cacheable && version !== null ? edgeCacheKey(cacheable, version) : null;
    const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
    if (cacheKey) {
      const hit = await edgeCache.match(incoming, cacheKey, waitUntil);
      if (hit) {
        const unchanged = notModified(incoming, hit);
        return unchanged ? secure(unchanged) : hit;
      }
    }

    // Abuse limits, per client address, for what gets past the edge cache: before Remix runs, so a
    // flood is refused without reading a body, touching D1 or rendering (docs/decisions/013).
    const limited = await rateLimitResponse(incoming, env);
    if (limited) return secure(limited);

    // The request's services, built once and shared by every loader and action (and by the
    // time-out page, should it replace the route). A bookmark counts only with the session cookie:
    // it is the logged-in person's, and ends with their session (docs/decisions/017).
    const loggedIn = hasAnyCookie(incoming, [config.cookies.session]);
    const carried = loggedIn ? await readBookmark(incoming, config) : null;
    const catalogueVersionKey = version ?? "unavailable";
    const { requestDb, context: services } = createRequestServices({
      database: env.DB,
      start: sessionStart(url, carried),
      config,
      logger,
      catalogueVersion: catalogueVersionKey,
      shared: { kv: env.KV, waitUntil },
    });
    // Whether this request wrote a new data version (the answer then says so: ./catalogue-version.ts).
    let movedVersion = false;
    const context = (route: AppContext["replacedRoute"]): AppContext => ({
      env,
      config,
      waitUntil,
      nonce: requestNonce,
      logger,
      catalogueVersion: catalogueVersionKey,
      forgetDataVersion: () => {
        forgetCatalogueVersion();
        movedVersion = true;
      },
      replacedRoute: route,
      documentOnly: new DocumentOnly(route !== null || rendersDocument(url)),
      ...services,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), SERVER_TIMEOUT_MS);
    });
    let response = await Promise.race([handleRemix(incoming, context(replacedRoute)), timedOut]);
    clearTimeout(timer);
    if (response === "timeout") {
      logger.error("Request timed out", { url: request.url, ms: SERVER_TIMEOUT_MS });
      response = await handleRemix(replaceRoute(incoming, "/time-out"), context("time-out"));
    }

    let final = secure(response);
    if (movedVersion) final.headers.set(DATA_VERSION_HEADER, "moved");
    // Feeds and the public API: an ETag, stored with the answer, for conditional GET (./conditional-get.ts).
    if (wantsEtag(incoming, final)) final = await withEtag(final);
    // Read-your-writes: a person whose request wrote carries the session's bookmark (at least as
    // new as the write) to their next requests. Anonymous writes (analytics beacons, webhook posts)
    // carry none: nobody reads those back in the same browsing session.
    const sessionStartKind = typeof requestDb.start === "string" ? requestDb.start : "bookmark";
    if (requestDb.wrote() && (loggedIn || setsSessionCookie(final, cookieNameFor(incoming, config.cookies.session)))) {
      const bookmark = newerBookmark(requestDb.bookmark(), carried);
      if (bookmark) final.headers.append("Set-Cookie", await bookmarkSetCookie(incoming, config, bookmark));
    }
    logger.debug("D1 session", { start: sessionStartKind, wrote: requestDb.wrote() });
    // Error pages are never shared: a transient failure must not be kept by browsers or proxies.
    // Nor is anything answered to a logged-in browser (its header shows the person).
    if (final.status >= 400 || personal) final.headers.set("Cache-Control", CACHE_CONTROL.private);
    if (cacheKey && isCacheable(final)) edgeCache.put(cacheKey, final, waitUntil);
    logger.debug("request", { method: request.method, url: request.url, status: final.status, ms: Date.now() - started });
    const unchanged = notModified(incoming, final);
    return unchanged ? secure(unchanged) : final;
  } catch (error) {
    if (error instanceof ConfigError) {
      logger.error(error.message);
      return secure(plain(500, error.message));
    }
    logger.error("Unhandled error in the Worker", { url: request.url, error: String(error) });
    return secure(plain(500, "Internal Server Error"));
  }
};
