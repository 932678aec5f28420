// App detail (spec §2.1 APP_DETAILS): {appId} is an app's friendlyId, else its id. The work is in
// app/features/app-detail/app-detail.server.ts, shared with the webhook apps' own routes.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { appDetailAction, appDetailLoader } from "~/features/app-detail/app-detail.server";
import { appDetailMeta } from "~/features/app-detail/app-detail-meta";
import { AppDetailView } from "~/features/app-detail/AppDetailView";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const meta = appDetailMeta;
export const loader = (args: LoaderFunctionArgs) => appDetailLoader(args, args.params.appId ?? "");
/** Adding a bot (spec §2.5): the outcome, in the spec's words, in the notification area. */
export const action = (args: ActionFunctionArgs) => appDetailAction(args, args.params.appId ?? "");

export default function AppDetailRoute() {
  const { page } = useLoaderData<typeof loader>();
  return <AppDetailView page={page} />;
}
