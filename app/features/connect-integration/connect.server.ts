// Connecting a catalogue integration (spec §1, §2.5; issues 6 and 13; docs/decisions/016). A
// marketplace cannot complete another vendor's OAuth flow: the vendor's client id accepts only the
// vendor's own redirect URIs and scopes, and the grant exists only once the vendor has exchanged the
// code. So Connect sends the person to the vendor's own start page (the catalogue's connectUrl, with
// our /applications/{key}/connected address as {return_url}); when they come back, the hub asks the
// platform whether a grant now exists, and says "connected" only if it does.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Auth } from "~/auth/session.server";
import type { Notice } from "~/components/notice";
import { recordConnectConfirmed, recordConnectStarted, findConnection } from "~/features/my-integrations/connections.server";
import { listPlatformGrants } from "~/features/my-integrations/my-integrations.server";
import { absoluteUrl, appConnectedPath } from "~/lib/app-paths";
import { connectCookie as connectCookieOf } from "~/lib/cookies.server";
import { isSessionRefused, PlatformError } from "~/platform/client.server";
import { CONNECT_MESSAGES as M } from "./messages";

/** Where a connectUrl wants our way back (app/models/catalogue-record.ts validates it). */
const CONNECT_RETURN_PLACEHOLDER = "{return_url}";

const pendingSchema = z.object({ appId: z.string().min(1), clientId: z.string().min(1), startedAt: z.string() });
type PendingConnect = z.infer<typeof pendingSchema>;

// Lax (app/lib/cookies.server.ts): the vendor's link back is a top-level GET navigation.
const connectCookie = (request: Request, context: AppLoadContext) => connectCookieOf(request, context.config);

export const returnUrl = (request: Request, appKey: string) => absoluteUrl(request.url, appConnectedPath(appKey));

/** The vendor's connect URL with our way back filled in (URL-encoded) where it asks for it. */
export function vendorConnectLocation(connectUrl: string, back: string): string {
  return connectUrl.split(CONNECT_RETURN_PLACEHOLDER).join(encodeURIComponent(back));
}

/**
 * Whether another site started this navigation (issue 27). A Connect start is recorded, and it
 * clears "This app now asks for more access" and (third-party mode) counts as using the app, so a
 * vendor's page must not be able to send a logged-in visitor here to record one. Browsers say where a
 * navigation came from in Sec-Fetch-Site: "same-origin" (a link on our pages) and "none" (a typed
 * address or a bookmark) are the person's own; anything else asks first. Browsers without it
 * (Safari before 16.4) send a Referer on our own links (our Referrer-Policy keeps it same-origin),
 * so a same-origin Referer stands in; with neither, the person is asked, and Continue on that page
 * carries the Referer.
 */
export function startedElsewhere(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const referer = request.headers.get("Referer");
  try {
    return referer === null || new URL(referer).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/** Records the start (D1), and gives the vendor's address and the cookie that remembers it. */
export async function beginConnect(
  request: Request,
  context: AppLoadContext,
  auth: Auth,
  app: { key: string; id: string; clientId: string; connectUrl: string },
): Promise<{ location: string; setCookie: string }> {
  const now = new Date();
  await recordConnectStarted(context.db, { userId: auth.user.userId, clientId: app.clientId, appId: app.id }, now);
  const pending: PendingConnect = { appId: app.key, clientId: app.clientId, startedAt: now.toISOString() };
  return { location: vendorConnectLocation(app.connectUrl, returnUrl(request, app.key)), setCookie: await connectCookie(request, context).serialize(pending) };
}

/**
 * connected: the platform lists a grant of the client for this person (recorded as confirmed);
 * not-yet: the platform answered and lists none; unknown: the platform will not tell this hub
 * (third-party, not an admin); failed: asking failed; expired: no Connect of this app started here.
 */
export type ConnectOutcome = "connected" | "not-yet" | "unknown" | "failed" | "expired";

/** Where the person lands back: asks the platform; never says "connected" without its word. */
export async function finishConnect(
  request: Request,
  context: AppLoadContext,
  auth: Auth,
  app: { key: string; id: string; clientId: string },
): Promise<{ outcome: ConnectOutcome; detail: string; clear: string }> {
  const cookie = connectCookie(request, context);
  const clear = await cookie.serialize("", { maxAge: 0 });
  const pending = pendingSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  const ours = pending.success && pending.data.appId === app.key && pending.data.clientId === app.clientId;
  // Without this browser's cookie, our record of a start by this person still counts (another tab).
  if (!ours && !(await findConnection(context.db, auth.user.userId, app.clientId))) {
    return { outcome: "expired", detail: "no Connect of this app started here", clear };
  }
  let grants;
  try {
    grants = await listPlatformGrants(context, auth);
  } catch (error) {
    // The one rule for which 401 ends the session (the person's own token): the caller handles it.
    if (!(error instanceof PlatformError) || isSessionRefused(error)) throw error;
    return { outcome: "failed", detail: `platform ${error.status}`, clear };
  }
  if (grants === null) return { outcome: "unknown", detail: "the platform does not list grants to this hub", clear };
  if (!grants.some((grant) => grant.clientId === app.clientId)) return { outcome: "not-yet", detail: "no grant listed", clear };
  await recordConnectConfirmed(context.db, { userId: auth.user.userId, clientId: app.clientId, appId: app.id });
  return { outcome: "connected", detail: "grant listed by the platform", clear };
}

export function connectNotice(outcome: ConnectOutcome, appName: string, product: string): Notice {
  switch (outcome) {
    case "connected":
      return { title: "Connected", message: M.connected(appName), level: "success" };
    case "not-yet":
      return { title: "Not connected yet", message: M.notYet(appName, product), level: "info" };
    case "unknown":
      return { title: "Can't confirm", message: M.unknown(appName, product), level: "info" };
    case "expired":
      return { title: "Not connected", message: M.expired(appName), level: "warning" };
    default:
      return { title: "Can't confirm", message: M.failed(appName), level: "error" };
  }
}
