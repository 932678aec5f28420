// /publisher/{slug}/apps/{appId}/insights (issue 30 item 3): one of the publisher's apps, for its members.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "~/features/insights/InsightsPage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Insights"} | App Hub` }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).publisherAppLoader(args);

export default function PublisherAppInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
