// /admin/insights (issue 30 item 4): the marketplace team's insights. app/features/insights/.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "~/features/insights/InsightsPage";

export const meta: MetaFunction = () => [{ title: "Marketplace insights | App Hub" }, { name: "robots", content: "noindex" }];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).adminMarketLoader(args);

export default function MarketplaceInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
