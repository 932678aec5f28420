// /publisher/{slug}: the publisher's apps (live state, version, freshness, rating) and its new apps
// waiting for review. The work is in app/features/publisher-console/.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { AppsPage } from "~/features/publisher-console/ConsolePages";

const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleAppsLoader(args);

export default function PublisherConsoleAppsRoute() {
  return <AppsPage slug={useParams().slug ?? ""} data={useLoaderData<typeof loader>()} />;
}
