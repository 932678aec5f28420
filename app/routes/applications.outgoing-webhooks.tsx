// The Outgoing Webhooks app's page: the app detail page's loader, action and meta for this
// one app, with My Webhooks (see app/features/webhooks/WebhookAppRoute.tsx).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appDetailAction, appDetailLoader } from "~/features/app-detail/app-detail.server";
import { appDetailMeta } from "~/features/app-detail/app-detail-meta";
import { WebhookAppRoute } from "~/features/webhooks/WebhookAppRoute";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const meta = appDetailMeta;
export const loader = (args: LoaderFunctionArgs) => appDetailLoader(args, "outgoing-webhooks");
export const action = (args: ActionFunctionArgs) => appDetailAction(args, "outgoing-webhooks");
export default WebhookAppRoute;
