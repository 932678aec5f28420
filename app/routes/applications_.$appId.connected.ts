// GET /applications/{appId}/connected: where the platform sends the person back after the consent
// started at ./connect. The outcome goes to the notification area of the app's page (Post/Redirect/Get
// style: a one-time notice, then the page itself).
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appPath, connectNotice, finishConnect } from "~/features/connect-integration/connect.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { redirectWithNotice } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { getAppDetail } from "~/models/catalogue.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const app = await getAppDetail(context.env.DB, params.appId ?? "");
  if (!app || !connectableIntegration(app)) return redirect(safeRedirectPath(appPath(params.appId ?? "")), { headers: { "Cache-Control": "private, no-store" } });
  const key = app.friendlyId ?? app.id;
  const { outcome, detail, clear } = await finishConnect(request, context, key);
  const log = outcome === "connected" ? "info" : "warn";
  context.logger[log]("Connect integration finished", { appId: app.id, outcome, detail });
  return redirectWithNotice(request, appPath(key), connectNotice(outcome, app.name), [clear]);
}
