// /admin/publisher-members (issue 30): hub admins link people to publishers by their platform e-mail.
// The work is in app/features/publisher-console/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminMembersPage } from "~/features/publisher-console/AdminMembersPage";

export const meta: MetaFunction = () => [{ title: "Publisher members | App Hub" }, { name: "robots", content: "noindex" }];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
const page = () => import("~/features/publisher-console/admin-members.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).adminMembersLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).adminMembersAction(args);

export default function AdminPublisherMembersRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  // A refused link (the form's problems) wins over the page's own data; success redirects.
  return <AdminMembersPage data={acted && "members" in acted ? acted : loaded} />;
}
