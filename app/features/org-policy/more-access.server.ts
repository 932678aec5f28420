// An approval that stops standing is asked for again (issue 29 item 6, issue 40 item 10;
// docs/decisions/035). A member's standing already compares an approved app with its approval
// (./policy.ts standingOf): the app is "Needs approval" again the moment its new version is live
// when it asks for more access than was approved (unless a rule approves it), or when the rule that
// approved it no longer does (the version trains AI models on messages, keeps data outside the
// rule's regions, …). This module only tells each such organisation's admins, after the review
// queue published the version.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppUpdate } from "~/features/followers/app-update";
import { addedPermissions } from "~/features/my-integrations/more-access";
import { moreAccessNotice, ruleLapsedNotice } from "./messages.server";
import { approvingRule, lapsedRuleOf } from "./policy";
import { tellAdmins } from "./requests.server";
import { approvalsOf, listRules } from "./store.server";

export async function tellOrgsOfMoreAccess(context: AppLoadContext, update: AppUpdate): Promise<void> {
  if (update.kind !== "version") return;
  const app = await context.catalogue.app(update.appId);
  if (!app) return;
  const current = [...new Set([...app.permissions, ...update.addedPermissions])];
  const facts = { ...app, permissions: current };
  for (const { orgId, decision } of await approvalsOf(context.db, update.appId)) {
    const added = addedPermissions(decision.permissions, current);
    const byRule = decision.decidedBy?.kind === "rule";
    if (added.length === 0 && !byRule) continue;
    const rules = await listRules(context.db, orgId);
    const lapsed = lapsedRuleOf(decision, rules, facts);
    if (lapsed !== null) {
      await tellAdmins(context, orgId, ruleLapsedNotice({ appName: update.appName, appPath: update.path, ruleName: lapsed, portalUrl: context.config.url }));
      continue;
    }
    if (added.length === 0 || approvingRule(rules, facts)) continue;
    await tellAdmins(context, orgId, moreAccessNotice({ appName: update.appName, appPath: update.path, added, portalUrl: context.config.url }));
  }
}
