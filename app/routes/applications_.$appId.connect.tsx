// GET /applications/{appId}/connect (login required): starts connecting a published catalogue
// integration at the vendor's own start page (the catalogue's connectUrl; issue 13). Records the
// start, sets the signed pending cookie, and redirects there with our /connected address as
// {return_url}. A link, not a form: the page's CSP (form-action 'self') would stop a form post from
// being redirected off-site. Because a GET that records something must not be another site's to
// trigger (issue 27), a navigation another site started only asks first (ConnectConfirmPage).
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getAuth } from "~/auth/session.server";
import { loginPath } from "~/components/auth-links";
import { beginConnect, startedElsewhere } from "~/features/connect-integration/connect.server";
import { ConnectConfirmPage, type ConnectConfirmData } from "~/features/connect-integration/ConnectConfirmPage";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { appConnectPath, appKey, appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { redirectWithNotice } from "~/lib/flash.server";
import { policyRefusal } from "~/features/org-policy/access.server";
import { recordAppInsight } from "~/features/insights/record.server";

export const headers = routeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = await context.catalogue.app(params.appId ?? "");
  const integration = app ? connectableIntegration(app) : null;
  // Nothing to connect here: the app's own page says what it is (or that it does not exist, with
  // the full not-found page this route does not render).
  if (!app || !integration) return redirect(safeRedirectPath(appPath(params.appId ?? "")), { headers: PRIVATE_HEADERS });
  const key = appKey(app);
  const auth = await getAuth(request, context, appPath(key));
  // Logged out: log in first, then back to the app's page (where Connect is offered).
  if (!auth) return redirect(safeRedirectPath(loginPath(appPath(key))), { headers: PRIVATE_HEADERS });
  // The person's organisation may require approval (issue 29): back to the page, which says why.
  const refusal = await policyRefusal(context, auth, app);
  if (refusal) return redirectWithNotice(request, context, appPath(key), { title: "Not connected", message: refusal.message, level: "error" });
  if (startedElsewhere(request)) {
    const page: ConnectConfirmData = {
      app: { name: app.name, companyName: app.companyName, path: appPath(key), connectPath: appConnectPath(app) },
      productName: context.config.productName,
    };
    return data(page, { headers: PRIVATE_HEADERS });
  }
  const { location, setCookie } = await beginConnect(request, context, auth, { key, id: app.id, ...integration });
  context.logger.info("Connect integration started", { appId: app.id });
  recordAppInsight(context, request, "connect_starts", app.id);
  // Off-site on purpose (the vendor's page, from our own catalogue): not a safeRedirectPath.
  return redirect(location, { headers: { "Set-Cookie": setCookie, ...PRIVATE_HEADERS } });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Connect ${data.app.name} | App Hub` : "Connect | App Hub" },
  { name: "robots", content: "noindex" },
];

export default function ConnectRoute() {
  return <ConnectConfirmPage data={useLoaderData<typeof loader>()} />;
}
