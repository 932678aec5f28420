// /publisher/{slug}/tokens: the publisher's own API tokens: create (shown once), list, revoke. Hub
// admins keep /admin/publisher-tokens. The work is in app/features/publisher-console/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConsoleTokensPage } from "~/features/publisher-console/ConsolePages";

export const meta: MetaFunction = () => [{ title: "API tokens | Publisher console | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleTokensLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).consoleTokensAction(args);

export default function PublisherConsoleTokensRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  // The post's answer (the token just made, shown once, or the form's problems) wins.
  return <ConsoleTokensPage data={acted && "tokens" in acted ? acted : loaded} />;
}
