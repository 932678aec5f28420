// /admin/organisation (issue 29): an organisation's administrators decide which apps their people
// use. The work is in app/features/org-policy/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { orgAdminAction, orgAdminLoader, type OrgAdminRefusal } from "~/features/org-policy/admin-page.server";
import { OrgAdminPage } from "~/features/org-policy/OrgAdminPage";

export const meta: MetaFunction = () => [{ title: "Your organisation's apps | App Hub" }, { name: "robots", content: "noindex" }];
export const loader = orgAdminLoader;
export const action = orgAdminAction;

export default function OrgAdminRoute() {
  // A decision refused for its reason comes back as the action's data (the form again, as typed).
  return <OrgAdminPage data={useLoaderData<typeof loader>()} refused={useActionData<OrgAdminRefusal>() ?? null} />;
}
