// GET /applications/{appId}/connected (login required): where the vendor's page sends the person
// back after Connect. The hub asks the platform whether a grant now exists (docs/decisions/016):
// connected → the app's page says so; the platform won't tell this hub (third-party, not an admin)
// → My Integrations, which shows the start and links to the platform's own page. The outcome goes
// to the notification area (a one-time notice, then the page itself).
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { endSessionOn401, getAuth } from "~/auth/session.server";
import { loginPath, MY_INTEGRATIONS_PATH } from "~/components/auth-links";
import { connectNotice, finishConnect } from "~/features/connect-integration/connect.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { appConnectedPath, appKey, appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { installOf } from "~/features/analytics/install";
import { recordAppInsight } from "~/features/insights/record.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = await context.catalogue.app(params.appId ?? "");
  const integration = app ? connectableIntegration(app) : null;
  if (!app || !integration) return redirect(safeRedirectPath(appPath(params.appId ?? "")), { headers: PRIVATE_HEADERS });
  const key = appKey(app);
  const auth = await getAuth(request, context, appConnectedPath(key));
  // Logged out (or the session ended at the vendor's): log in, then come back here to check.
  if (!auth) return redirect(safeRedirectPath(loginPath(appConnectedPath(key))), { headers: PRIVATE_HEADERS });
  let result;
  try {
    result = await finishConnect(request, context, auth, { key, id: app.id, clientId: integration.clientId });
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    throw error;
  }
  const { outcome, detail, clear } = result;
  context.logger[outcome === "connected" ? "info" : "warn"]("Connect integration finished", { appId: app.id, outcome, detail });
  const notice = connectNotice(outcome, app.name, context.config.productName);
  // Spec §9 "installs": only when the platform confirmed the grant; "not yet" or "can't confirm"
  // may never become one, and the hub never says more than it knows.
  const install = outcome === "connected" ? installOf(app, "connect") : undefined;
  if (outcome === "connected") recordAppInsight(context, request, "connects", app.id);
  return redirectWithNotice(request, context, outcome === "unknown" ? MY_INTEGRATIONS_PATH : appPath(key), notice, { cookies: [clear], install });
}
