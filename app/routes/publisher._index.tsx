// /publisher (issue 30): the publishers the person belongs to, and invitations to accept. With one
// publisher and nothing to accept, straight to its console. The work is in app/features/publisher-console/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConsoleIndexPage } from "~/features/publisher-console/ConsolePages";

export const meta: MetaFunction = () => [{ title: "Publisher console | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleIndexLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).consoleIndexAction(args);

export default function PublisherConsoleIndexRoute() {
  return <ConsoleIndexPage data={useLoaderData<typeof loader>()} />;
}
