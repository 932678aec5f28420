// /publisher/{slug}/members: the publisher's members and invitations; invite and remove. The work is
// in app/features/publisher-console/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MembersPage } from "~/features/publisher-console/ConsolePages";

export const meta: MetaFunction = () => [{ title: "Members | Publisher console | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/publisher-console/console.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).consoleMembersLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).consoleMembersAction(args);

export default function PublisherConsoleMembersRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return <MembersPage data={acted && "members" in acted ? acted : loaded} />;
}
