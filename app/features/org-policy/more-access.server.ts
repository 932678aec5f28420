// More access means asking again (issue 29 item 6; docs/decisions/035). A member's standing already
// compares an approved app's permissions with what was approved (./policy.ts standingOf), so the
// app is "Needs approval" again the moment its new version is live, unless a rule approves it. This
// module only tells each such organisation's admins, after the review queue published the version.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppUpdate } from "~/features/followers/app-update";
import { addedPermissions } from "~/features/my-integrations/more-access";
import { moreAccessNotice } from "./messages.server";
import { approvingRule } from "./policy";
import { tellAdmins } from "./requests.server";
import { approvalsOf, listRules } from "./store.server";

export async function tellOrgsOfMoreAccess(context: AppLoadContext, update: AppUpdate): Promise<void> {
  if (update.kind !== "version" || update.addedPermissions.length === 0) return;
  const app = await context.catalogue.app(update.appId);
  if (!app) return;
  for (const approval of await approvalsOf(context.db, update.appId)) {
    const current = [...new Set([...app.permissions, ...update.addedPermissions])];
    const added = addedPermissions(approval.permissions, current);
    if (added.length === 0) continue;
    const rules = await listRules(context.db, approval.orgId);
    if (approvingRule(rules, { ...app, permissions: current })) continue;
    await tellAdmins(context, approval.orgId, moreAccessNotice({ appName: update.appName, appPath: update.path, added, portalUrl: context.config.url }));
  }
}
