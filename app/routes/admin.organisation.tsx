// /admin/organisation (issue 29): an organisation's administrators decide which apps their people
// use. The work is in app/features/org-policy/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { orgAdminAction, orgAdminLoader } from "~/features/org-policy/admin-page.server";
import { OrgAdminPage } from "~/features/org-policy/OrgAdminPage";

export const meta: MetaFunction = () => [{ title: "Your organisation's apps | App Hub" }, { name: "robots", content: "noindex" }];
export const loader = orgAdminLoader;
export const action = orgAdminAction;

export default function OrgAdminRoute() {
  return <OrgAdminPage data={useLoaderData<typeof loader>()} />;
}
