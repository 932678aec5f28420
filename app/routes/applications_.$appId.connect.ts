// GET /applications/{appId}/connect: starts connecting a published catalogue integration (issue 6)
// at the platform's OAuth consent. A link, not a form: the page's CSP (form-action 'self') would
// stop a form post from being redirected to the platform, and starting a consent changes nothing
// until the person accepts there, against a state only this browser holds.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAuth } from "~/auth/session.server";
import { loginPath } from "~/components/auth-links";
import { appPath, beginConnect } from "~/features/connect-integration/connect.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getAppDetail } from "~/models/catalogue.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = await getAppDetail(context.env.DB, params.appId ?? "");
  const integration = app ? connectableIntegration(app) : null;
  // Nothing to connect: the app's own page says what it is (or that it does not exist, with the
  // full not-found page this resource route cannot render).
  if (!app || !integration) return redirect(safeRedirectPath(appPath(params.appId ?? "")), { headers: { "Cache-Control": "private, no-store" } });
  const key = app.friendlyId ?? app.id;
  const auth = await getAuth(request, context, appPath(key));
  // Logged out: log in first, then back to the app's page (where Connect is offered).
  if (!auth) return redirect(safeRedirectPath(loginPath(appPath(key))), { headers: { "Cache-Control": "private, no-store" } });
  const { location, setCookie } = await beginConnect(request, context, { key, clientId: integration.clientId }, auth.user.emails[0]);
  context.logger.info("Connect integration started", { appId: app.id });
  return redirect(location, { headers: { "Set-Cookie": setCookie, "Cache-Control": "private, no-store" } });
}
