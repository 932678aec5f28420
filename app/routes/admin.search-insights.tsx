// /admin/search-insights (issue 28 item 8): what people search for, for hub admins. app/features/insights/.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "~/features/insights/InsightsPage";

export const meta: MetaFunction = () => [{ title: "Search insights | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).adminSearchLoader(args);

export default function SearchInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
