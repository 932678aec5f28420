// /admin/organisation/audit (issue 40 item 14): an organisation's audit log, paged and filtered by
// app and person. Not nested in /admin/organisation's page (the trailing underscore). The work is
// in app/features/org-policy/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { orgAuditLoader } from "~/features/org-policy/audit-page.server";
import { AuditLogPage } from "~/features/org-policy/AuditLogPage";

export const meta: MetaFunction = () => [{ title: "Audit log | Your organisation's apps | App Hub" }, { name: "robots", content: "noindex" }];
export const loader = orgAuditLoader;

export default function OrgAuditRoute() {
  return <AuditLogPage data={useLoaderData<typeof loader>()} />;
}
