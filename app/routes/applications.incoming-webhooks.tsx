// The Incoming Webhooks app's page: the app detail page's loader and meta for this one app,
// with My Webhooks (see app/features/app-detail/WebhookAppPage.tsx); its forms (create and delete
// a webhook) post to My Webhooks' action directly.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appDetailLoader } from "~/features/app-detail/app-detail.server";
import { appDetailMeta } from "~/features/app-detail/app-detail-meta";
import { WebhookAppPage } from "~/features/app-detail/WebhookAppPage";
import { webhookPageAction } from "~/features/webhooks/webhooks-page.server";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const meta = appDetailMeta;
export const loader = (args: LoaderFunctionArgs) => appDetailLoader(args, "incoming-webhooks");
export const action = (args: ActionFunctionArgs) => webhookPageAction(args, "incoming");
export default WebhookAppPage;
