// /publisher/{slug} (issue 30): the publisher console's frame (the publisher, a switch to the
// person's other publishers, the tabs) around its pages. Members only: every page below runs the
// same check in its own loader and action (Remix runs them beside this one, not after it).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ConsoleFrame } from "~/features/publisher-console/ConsolePages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.publisher.name ?? "Publisher"} | Publisher console | App Hub` },
  { name: "robots", content: "noindex" },
];
const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleLayoutLoader(args);

export default function PublisherConsoleRoute() {
  return (
    <ConsoleFrame data={useLoaderData<typeof loader>()}>
      <Outlet />
    </ConsoleFrame>
  );
}
