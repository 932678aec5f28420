// /publisher/{slug}/insights (issue 30 item 3): the publisher's apps together, for its members, in
// the console's frame (its "Insights" tab). app/features/insights/.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "~/features/insights/InsightsPage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Insights"} | App Hub` }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).publisherLoader(args);

export default function PublisherInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
