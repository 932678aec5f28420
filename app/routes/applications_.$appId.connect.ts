// GET /applications/{appId}/connect (login required): starts connecting a published catalogue
// integration at the vendor's own start page (the catalogue's connectUrl; issue 13). Records the
// start, sets the signed pending cookie, and redirects there with our /connected address as
// {return_url}. A link, not a form: the page's CSP (form-action 'self') would stop a form post from
// being redirected off-site, and starting changes nothing until the person accepts at the platform.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getAuth } from "~/auth/session.server";
import { loginPath } from "~/components/auth-links";
import { beginConnect } from "~/features/connect-integration/connect.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { appKey, appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithNotice } from "~/lib/flash.server";
import { policyRefusal } from "~/features/org-policy/access.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = await context.catalogue.app(params.appId ?? "");
  const integration = app ? connectableIntegration(app) : null;
  // Nothing to connect here: the app's own page says what it is (or that it does not exist, with
  // the full not-found page this resource route cannot render).
  if (!app || !integration) return redirect(safeRedirectPath(appPath(params.appId ?? "")), { headers: PRIVATE_HEADERS });
  const key = appKey(app);
  const auth = await getAuth(request, context, appPath(key));
  // Logged out: log in first, then back to the app's page (where Connect is offered).
  if (!auth) return redirect(safeRedirectPath(loginPath(appPath(key))), { headers: PRIVATE_HEADERS });
  // The person's organisation may require approval (issue 29): back to the page, which says why.
  const refusal = await policyRefusal(context, auth, app);
  if (refusal) return redirectWithNotice(request, context, appPath(key), { title: "Not connected", message: refusal.message, level: "error" });
  const { location, setCookie } = await beginConnect(request, context, auth, { key, id: app.id, ...integration });
  context.logger.info("Connect integration started", { appId: app.id });
  // Off-site on purpose (the vendor's page, from our own catalogue): not a safeRedirectPath.
  return redirect(location, { headers: { "Set-Cookie": setCookie, ...PRIVATE_HEADERS } });
}
