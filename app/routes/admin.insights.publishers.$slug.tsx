// /admin/insights/publishers/{slug}: any publisher's insights, for hub admins (issue 30 item 3). app/features/insights/.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InsightsPage } from "~/features/insights/InsightsPage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Insights"} | App Hub` }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/insights/insights-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).adminPublisherLoader(args);

export default function AdminPublisherInsightsRoute() {
  return <InsightsPage data={useLoaderData<typeof loader>()} />;
}
