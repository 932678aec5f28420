// An organisation's app policy (issue 29; docs/decisions/035): the vocabulary, the rules on an app's
// trust facts, and the one decision of where an app stands for a member. Pure (unit-tested on its
// own) and used by the server only: it holds zod, which pages keep out of the browser; what views
// need is in ./standing-view.ts.
import { addedPermissions } from "~/features/my-integrations/more-access";
import { PERMISSIONS, type PermissionKey } from "~/models/permissions";
import { aiUseOf, CERTIFICATION_LABELS, CERTIFICATIONS, DATA_REGION_LABELS, DATA_REGIONS, type Certification, type DataRegion, type SecurityFacts } from "~/models/security-facts";
import { z } from "zod";
import type { Actor } from "~/lib/actor";

export const ORG_MODES = ["open", "approval"] as const;
export type OrgMode = (typeof ORG_MODES)[number];

export type OrgPolicy = {
  orgId: string;
  mode: OrgMode;
  requestsTo: { kind: "admins" } | { kind: "space"; roomId: string; roomTitle: string };
  /** Who changed the settings last (~/lib/actor.ts); null before anyone did. */
  updatedBy: Actor | null;
  updatedAt: string;
};

export const OPEN_POLICY = (orgId: string): OrgPolicy => ({ orgId, mode: "open", requestsTo: { kind: "admins" }, updatedBy: null, updatedAt: "" });

export type OrgDecision = {
  appId: string;
  status: "approved" | "restricted";
  /** What the app asked for when it was approved. */
  permissions: string[];
  reason: string;
  /** The admin, or the rule, that decided (~/lib/actor.ts). */
  decidedBy: Actor | null;
  decidedAt: string;
};

/** A rule's conditions: each one given must hold; a fact the publisher did not give never holds. */
export const ruleConditionsSchema = z
  .object({
    verifiedPublisher: z.boolean().default(false),
    /** The app holds every one of these. */
    certifications: z.array(z.enum(CERTIFICATIONS)).max(CERTIFICATIONS.length).default([]),
    /** The app keeps data only in these regions (empty: no condition). */
    dataRegions: z.array(z.enum(DATA_REGIONS)).max(DATA_REGIONS.length).default([]),
    /** The app asks for no administrator permission. */
    noAdminPermissions: z.boolean().default(false),
    /** The app uses no AI on message content, or does not train models on it. */
    noAiTraining: z.boolean().default(false),
  })
  .strict();
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;
export type OrgRule = { id: number; name: string; conditions: RuleConditions; createdBy: Actor | null; createdAt: string };

/** The facts a rule reads: what the catalogue says about the app. */
export type TrustFacts = {
  publisherVerified: boolean;
  permissions: readonly string[];
  security: Pick<SecurityFacts, "certifications" | "dataRegions" | "aiUsesMessageContent" | "aiTrainsModels">;
};

const isAdminPermission = (key: string) => Object.hasOwn(PERMISSIONS, key) && PERMISSIONS[key as PermissionKey].group === "admin";

/** True when every condition of the rule holds for the app; a rule with no condition approves nothing. */
export function ruleMatches(conditions: RuleConditions, facts: TrustFacts): boolean {
  if (!hasAnyCondition(conditions)) return false;
  if (conditions.verifiedPublisher && !facts.publisherVerified) return false;
  const certs = facts.security.certifications ?? [];
  if (conditions.certifications.some((c) => !certs.includes(c))) return false;
  if (conditions.dataRegions.length > 0) {
    const regions = facts.security.dataRegions;
    if (!regions || regions.length === 0 || regions.some((r) => !conditions.dataRegions.includes(r))) return false;
  }
  if (conditions.noAdminPermissions && facts.permissions.some(isAdminPermission)) return false;
  if (conditions.noAiTraining) {
    const use = aiUseOf(facts.security);
    if (use !== "none" && use !== "no-training") return false;
  }
  return true;
}

export const hasAnyCondition = (c: RuleConditions) => c.verifiedPublisher || c.certifications.length > 0 || c.dataRegions.length > 0 || c.noAdminPermissions || c.noAiTraining;

/** The first rule that approves the app, or null. */
export const approvingRule = (rules: readonly OrgRule[], facts: TrustFacts): OrgRule | null => rules.find((r) => ruleMatches(r.conditions, facts)) ?? null;

/** A rule in words: "Verified publisher; holds SOC 2 Type II; keeps data in European Union; …". */
export function describeRule(c: RuleConditions): string {
  const parts: string[] = [];
  if (c.verifiedPublisher) parts.push("the publisher is verified");
  if (c.certifications.length) parts.push(`it holds ${c.certifications.map((x: Certification) => CERTIFICATION_LABELS[x]).join(" and ")}`);
  if (c.dataRegions.length) parts.push(`it keeps data only in ${c.dataRegions.map((r: DataRegion) => DATA_REGION_LABELS[r]).join(" or ")}`);
  if (c.noAdminPermissions) parts.push("it asks for no administrator permission");
  if (c.noAiTraining) parts.push("it does not train AI models on your messages");
  return parts.length ? `Approve when ${parts.join(", ")}.` : "No conditions (approves nothing).";
}

/** The latest request a member made for an app, as they see it. */
export type MemberRequest = { id: number; status: "pending" | "approved" | "denied" | "restricted"; reason: string; createdAt: string; decidedAt: string | null };

/**
 * Where an app stands for a member:
 * - open: the organisation does not require approval (or the person has none): today's behaviour;
 * - approved: an admin approved it (or a rule approves its current permissions);
 * - restricted: an admin restricted it; it cannot be requested;
 * - needs-approval: not approved, or approved before it asked for more (`moreAccess`).
 */
export type OrgStanding =
  | { state: "open" }
  | { state: "approved"; byRule: string | null }
  | { state: "restricted"; reason: string }
  | {
      state: "needs-approval";
      moreAccess: PermissionKey[];
      request: MemberRequest | null;
      /** The rule that approved the app, which no longer does: the app changed since (issue 40 item 10). */
      lapsedRule?: string;
    };

/**
 * The name of the rule that approved `decision` when that rule no longer approves the app as it is
 * now and no other rule does; null otherwise (an admin's approval, a rule deleted since, a rule that
 * still matches). The members' standing and the admin page's list read it (issue 40 item 10).
 */
export function lapsedRuleOf(decision: OrgDecision, rules: readonly OrgRule[], app: TrustFacts): string | null {
  const by = decision.decidedBy;
  if (decision.status !== "approved" || by?.kind !== "rule") return null;
  const deciding = rules.find((r) => r.name === by.name);
  if (!deciding || ruleMatches(deciding.conditions, app) || approvingRule(rules, app)) return null;
  return deciding.name;
}

export function standingOf(args: {
  policy: OrgPolicy | null;
  decision: OrgDecision | null;
  rules: readonly OrgRule[];
  app: TrustFacts;
  request?: MemberRequest | null;
}): OrgStanding {
  const { policy, decision, rules, app } = args;
  if (!policy || policy.mode === "open") return { state: "open" };
  if (decision?.status === "restricted") return { state: "restricted", reason: decision.reason };
  const request = args.request && args.request.status !== "approved" ? args.request : null;
  if (decision?.status === "approved") {
    // Approved by a rule: only while a rule approves the app as it is now (issue 40 item 10). A new
    // version that starts training AI models or keeps data outside the rule's regions is not
    // approved by that rule any more, and its approval lapses unless another rule approves it.
    // (A rule the admins deleted since leaves its approvals standing, as an admin's own do: taking
    // an app off the list is their decision.)
    const lapsed = lapsedRuleOf(decision, rules, app);
    if (lapsed !== null) return { state: "needs-approval", moreAccess: [], request: request && request.createdAt > decision.decidedAt ? request : null, lapsedRule: lapsed };
    const added = addedPermissions(decision.permissions, app.permissions);
    if (added.length === 0) return { state: "approved", byRule: null };
    // More access since it was approved (issue 29 item 6): approved again only by a rule.
    const rule = approvingRule(rules, app);
    if (rule) return { state: "approved", byRule: rule.name };
    return { state: "needs-approval", moreAccess: added, request: request && request.createdAt > decision.decidedAt ? request : null };
  }
  return { state: "needs-approval", moreAccess: [], request };
}

/** Whether the member may add, connect, follow or make webhooks with the app. */
export const mayUse = (s: OrgStanding) => s.state === "open" || s.state === "approved";

/** The refusal's words (pages and the APIs' 403 `message`), for an app the member may not use. */
export function refusalMessage(appName: string, s: OrgStanding): string {
  // The reason last, after the house's "Reason: " (as the bot's messages and the review queue say
  // it), so a reason that ends without a full stop still reads as its own part (issue 40 item 13).
  if (s.state === "restricted") return `Your organisation has restricted ${appName}. It cannot be requested.${s.reason ? ` Reason: ${s.reason}` : ""}`;
  if (s.state === "needs-approval") {
    if (s.request?.status === "pending") return `Your organisation requires approval for ${appName}. Your request is waiting for an administrator.`;
    if (s.lapsedRule) return `${appName} changed since your organisation's rule “${s.lapsedRule}” approved it. Request it again to use it.`;
    if (s.moreAccess.length) return `${appName} now asks for more access than your organisation approved. Request it again to use it.`;
    return `Your organisation requires approval for ${appName}. Request this app, and an administrator will decide.`;
  }
  return "";
}

/** Ids as the hub keys organisations: the uuid in the platform's encoded orgId. */
export const ORG_ID_PATTERN = /^[0-9a-zA-Z-]{1,64}$/;
