// /publisher/{slug}/submissions: where each submission stands (the reviewer's reason when
// rejected), and withdraw while it waits. The work is in app/features/publisher-console/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { SubmissionsPage } from "~/features/publisher-console/ConsolePages";

export const meta: MetaFunction = () => [{ title: "Submissions | Publisher console | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleSubmissionsLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).consoleSubmissionsAction(args);

export default function PublisherConsoleSubmissionsRoute() {
  return <SubmissionsPage slug={useParams().slug ?? ""} data={useLoaderData<typeof loader>()} />;
}
