// /admin/organisation (issue 29; docs/decisions/035): an organisation's full administrators set the
// mode, where requests go and the rules; keep the pre-approved and restricted lists; and decide the
// pending requests. Only for the admins of the person's own organisation, confirmed with the
// platform on every request (./access.server.ts requireOrgAdmin); everyone else gets the not-found
// page. Never cached; plain forms with CSRF tokens (the Worker checks every POST), Post/Redirect/Get.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { actorTextAtStart } from "~/lib/actor";
import { lazySchema } from "~/lib/lazy-schema";
import { updatesBotIdentity } from "~/features/followers/updates-bot.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { groupPermissions } from "~/models/permissions";
import { isPermissionKey } from "~/models/permissions";
import { CERTIFICATIONS, DATA_REGIONS, aiUseOf } from "~/models/security-facts";
import type { AppDetail } from "~/models/types";
import { PlatformError } from "~/platform/client.server";
import { requireOrgAdmin, type OrgAdminAuth } from "./access.server";
import { auditAppIds, auditLine } from "./audit-view.server";
import { latestAuditEntries } from "./audit-page.server";
import { freeText } from "./forms";
import { ORG_ADMIN_PATH } from "./paths";
import { describeRule, lapsedRuleOf, OPEN_POLICY, ruleConditionsSchema, type OrgDecision, type OrgRule } from "./policy";
import { decideAppFor, denyRequestFor } from "./requests.server";
import { checkRequestsSpace, listOrgGroupSpaces } from "./requests-space.server";
import { addRule, clearDecision, deleteRule, findRequest, listDecisions, listRequests, listRules, readPolicy, savePolicy, type OrgRequest } from "./store.server";

type AppFacts = Pick<AppDetail, "id" | "name" | "friendlyId" | "publisherVerified" | "permissions" | "security" | "companyName">;

async function appsById(context: LoaderFunctionArgs["context"], ids: readonly string[]): Promise<Map<string, AppFacts>> {
  const unique = [...new Set(ids)];
  const apps = await Promise.all(unique.map((id) => context.catalogue.app(id)));
  return new Map(apps.filter((a): a is AppDetail => a !== null).map((a) => [a.id, a]));
}

const factsView = (app: AppFacts | undefined) =>
  app
    ? {
        path: appPath(app),
        publisherVerified: app.publisherVerified,
        permissionGroups: groupPermissions(app.permissions.filter(isPermissionKey)),
        certifications: app.security.certifications,
        dataRegions: app.security.dataRegions,
        aiUse: aiUseOf(app.security),
      }
    : null;

const requestView = (r: OrgRequest, apps: Map<string, AppFacts>) => ({ ...r, app: factsView(apps.get(r.appId)) });
const decisionView = (d: OrgDecision, apps: Map<string, AppFacts>, rules: readonly OrgRule[]) => {
  const app = apps.get(d.appId);
  return {
    ...d,
    appName: app?.name ?? d.appId,
    path: app ? appPath(app) : null,
    // A rule's approval of an app that changed since (issue 40 item 10): the admins see it here.
    lapsedRule: app ? lapsedRuleOf(d, rules, app) : null,
  };
};

export async function orgAdminLoader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireOrgAdmin(request, context);
  const { orgId, auth } = admin;
  const [policy, decisions, rules, pending, history, audit] = await Promise.all([
    readPolicy(context.db, orgId),
    listDecisions(context.db, orgId),
    listRules(context.db, orgId),
    listRequests(context.db, orgId, "pending"),
    listRequests(context.db, orgId, "decided", 50),
    latestAuditEntries(context, orgId),
  ]);
  const requests = new Map([...pending, ...history].map((r) => [r.id, r]));
  const apps = await appsById(context, [...decisions.map((d) => d.appId), ...pending.map((r) => r.appId), ...auditAppIds(audit), ...history.map((r) => r.appId)]);
  // The audit log names apps and rules in words (./audit-view.server.ts); a listed app is a link.
  const auditLookups = {
    app: (appId: string) => {
      const app = apps.get(appId);
      return app ? { name: app.name, path: appPath(app) } : null;
    },
    request: (id: number) => {
      const r = requests.get(id);
      return r ? { appId: r.appId, appName: r.appName } : null;
    },
  };
  // The spaces requests may go to: the admin's group spaces that their organisation owns (issue 40
  // item 9: a space shared with another organisation would show outsiders the requests). The
  // updates bot is added when one is chosen.
  let spaces: { id: string; title: string }[] = [];
  let spacesError: string | null = null;
  try {
    spaces = (await listOrgGroupSpaces(context, auth, orgId)).map((s) => ({ id: s.id, title: s.title }));
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status === 401) throw error;
    spacesError = "Your spaces could not be listed just now; reload the page to choose one.";
  }
  return data(
    {
      policy: policy ?? OPEN_POLICY(orgId),
      approved: decisions.filter((d) => d.status === "approved").map((d) => decisionView(d, apps, rules)),
      restricted: decisions.filter((d) => d.status === "restricted").map((d) => decisionView(d, apps, rules)),
      rules: rules.map((r) => ({ ...r, description: describeRule(r.conditions) })),
      pending: pending.map((r) => requestView(r, apps)),
      history,
      audit: audit.map((entry) => auditLine(entry, auditLookups)),
      spaces,
      spacesError,
      productName: context.config.productName,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export type OrgAdminData = Awaited<ReturnType<typeof orgAdminLoader>>["data"];

/** A decision refused for its reason: the page shows the form again with what was typed and why. */
export type OrgAdminRefusal =
  | { form: "app"; intent: "approve" | "restrict"; appId: string; appName: string; returnTo: string; reason: string; problem: string }
  | { form: "request"; requestId: number; reason: string; problem: string };

// Built on the first post, not at the Worker's startup (lib/lazy-schema.ts; docs/decisions/056).
const reason = () => freeText("The reason", 500).default("");
const appIdField = () => z.string().min(1).max(200);
const checkbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "1" || v === "true");

const settingsForm = lazySchema(() => z.object({ intent: z.literal("settings"), mode: z.enum(["open", "approval"]), requestsTo: z.string().min(1).max(300) }));
const appDecisionForm = lazySchema(() =>
  z.object({ intent: z.enum(["approve", "restrict", "clear"]), appId: appIdField(), reason: reason(), returnTo: z.string().max(500).optional() }),
);
const requestDecisionForm = lazySchema(() =>
  z.object({ intent: z.enum(["approve-request", "restrict-request", "deny-request"]), requestId: z.coerce.number().int().positive(), reason: reason() }),
);
const ruleForm = lazySchema(() =>
  z.object({
    intent: z.literal("add-rule"),
    name: freeText("The rule's name", 80).pipe(z.string().min(1, "Give the rule a name.")),
    verifiedPublisher: checkbox(),
    noAdminPermissions: checkbox(),
    noAiTraining: checkbox(),
  }),
);
const deleteRuleForm = lazySchema(() => z.object({ intent: z.literal("delete-rule"), ruleId: z.coerce.number().int().positive() }));

export async function orgAdminAction({ request, context }: ActionFunctionArgs) {
  const admin = await requireOrgAdmin(request, context);
  const form = await request.formData();
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const back = (path = ORG_ADMIN_PATH) => path;
  const done = (title: string, message: string, level: "success" | "error" | "info" = "success", path = back()) =>
    redirectWithNotice(request, context, path, { title, message, level });
  const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? "That change could not be read. Try again from the page.";
  const by = { orgId: admin.orgId, actor: admin.actor, userId: admin.auth.user.userId };

  switch (fields.intent) {
    case "settings":
      return saveSettings(request, context, admin, fields, done);
    case "approve":
    case "restrict":
    case "clear": {
      const parsed = appDecisionForm.safeParse(fields);
      if (!parsed.success) {
        // A refused reason comes back with what was typed and the problem (issue 40 item 13), so
        // the admin fixes it instead of typing it again; other problems are the notice as before.
        const forReason = parsed.error.issues.some((i) => i.path[0] === "reason") && (fields.intent === "approve" || fields.intent === "restrict");
        const app = forReason && fields.appId ? await context.catalogue.app(fields.appId) : null;
        if (!app) return done("Nothing changed", firstIssue(parsed.error), "error");
        const refused: OrgAdminRefusal = {
          form: "app",
          intent: fields.intent === "approve" ? "approve" : "restrict",
          appId: app.id,
          appName: app.name,
          returnTo: safeRedirectPath(fields.returnTo ?? ORG_ADMIN_PATH),
          reason: fields.reason ?? "",
          problem: firstIssue(parsed.error),
        };
        return data(refused, { status: 400, headers: PRIVATE_HEADERS });
      }
      const returnTo = parsed.data.returnTo ? safeRedirectPath(parsed.data.returnTo) : ORG_ADMIN_PATH;
      const app = await context.catalogue.app(parsed.data.appId);
      if (!app) return done("Nothing changed", "That app is not in the App Hub.", "error");
      if (parsed.data.intent === "clear") {
        await clearDecision(context.db, admin.orgId, admin.actor, app.id);
        return done("Taken off the list", `${app.name} is neither pre-approved nor restricted now.`, "success", returnTo);
      }
      const status = parsed.data.intent === "approve" ? "approved" : "restricted";
      const decided = await decideAppFor(context, by, app, status, parsed.data.reason);
      const told = decided.length ? ` ${decided.length} pending request${decided.length === 1 ? " was" : "s were"} decided with it; the requesters were told.` : "";
      return status === "approved"
        ? done("Pre-approved", `${app.name} is approved for your organisation.${told}`, "success", returnTo)
        : done("Restricted", `${app.name} is restricted in your organisation.${told}`, "success", returnTo);
    }
    case "approve-request":
    case "restrict-request":
    case "deny-request": {
      const parsed = requestDecisionForm.safeParse(fields);
      if (!parsed.success) {
        // As above: a refused reason is shown again under that request, with what was typed.
        const requestId = Number(fields.requestId);
        if (parsed.error.issues.some((i) => i.path[0] === "reason") && Number.isSafeInteger(requestId) && requestId > 0) {
          const refused: OrgAdminRefusal = { form: "request", requestId, reason: fields.reason ?? "", problem: firstIssue(parsed.error) };
          return data(refused, { status: 400, headers: PRIVATE_HEADERS });
        }
        return done("Nothing changed", firstIssue(parsed.error), "error");
      }
      // Only this organisation's requests: another's id is "not found", as a missing one.
      const found = await findRequest(context.db, admin.orgId, parsed.data.requestId);
      if (!found) return done("Nothing changed", "That request was not found.", "error");
      if (found.status !== "pending") return done("Already decided", `${actorTextAtStart(found.decidedBy)} already decided this request (${found.status}).`, "info");
      if (parsed.data.intent === "deny-request") {
        const denied = await denyRequestFor(context, by, found.id, parsed.data.reason);
        return denied ? done("Request denied", `${found.requester.name} was told.`) : done("Already decided", "Someone decided this request a moment ago.", "info");
      }
      const app = await context.catalogue.app(found.appId);
      if (!app) return done("Nothing changed", "That app is no longer in the App Hub.", "error");
      const status = parsed.data.intent === "approve-request" ? "approved" : "restricted";
      await decideAppFor(context, by, app, status, parsed.data.reason);
      return done(status === "approved" ? "Request approved" : "App restricted", `${app.name}: ${found.requester.name} was told.`);
    }
    case "add-rule": {
      const parsed = ruleForm.safeParse(fields);
      const conditions = ruleConditionsSchema.safeParse({
        verifiedPublisher: parsed.success ? parsed.data.verifiedPublisher : false,
        noAdminPermissions: parsed.success ? parsed.data.noAdminPermissions : false,
        noAiTraining: parsed.success ? parsed.data.noAiTraining : false,
        certifications: form.getAll("certifications").filter((v) => (CERTIFICATIONS as readonly unknown[]).includes(v)),
        dataRegions: form.getAll("dataRegions").filter((v) => (DATA_REGIONS as readonly unknown[]).includes(v)),
      });
      if (!parsed.success) return done("Rule not added", firstIssue(parsed.error), "error");
      if (!conditions.success) return done("Rule not added", "The conditions could not be read.", "error");
      const c = conditions.data;
      if (!(c.verifiedPublisher || c.noAdminPermissions || c.noAiTraining || c.certifications.length || c.dataRegions.length)) {
        return done("Rule not added", "Choose at least one condition: a rule without one would approve nothing.", "error");
      }
      await addRule(context.db, admin.orgId, admin.actor, { name: parsed.data.name, conditions: c });
      return done("Rule added", `“${parsed.data.name}”: ${describeRule(c)}`);
    }
    case "delete-rule": {
      const parsed = deleteRuleForm.safeParse(fields);
      if (!parsed.success) return done("Nothing changed", firstIssue(parsed.error), "error");
      const deleted = await deleteRule(context.db, admin.orgId, admin.actor, parsed.data.ruleId);
      return deleted ? done("Rule deleted", "Requests it would have approved now wait for an administrator.") : done("Nothing changed", "That rule was not found.", "error");
    }
    default:
      return done("Nothing changed", "That change could not be read. Try again from the page.", "error");
  }
}

/** Mode and where requests go; a space gets the updates bot, added with the admin's own token. */
async function saveSettings(
  _request: Request,
  context: ActionFunctionArgs["context"],
  admin: OrgAdminAuth,
  fields: Record<string, string>,
  done: (title: string, message: string, level?: "success" | "error" | "info") => Promise<Response>,
) {
  const parsed = settingsForm.safeParse(fields);
  if (!parsed.success) return done("Settings not saved", "Choose a mode and where requests go.", "error");
  let requestsTo: { kind: "admins" } | { kind: "space"; roomId: string; roomTitle: string } = { kind: "admins" };
  if (parsed.data.requestsTo !== "admins") {
    const spaces = await listOrgGroupSpaces(context, admin.auth, admin.orgId);
    const space = spaces.find((s) => s.id === parsed.data.requestsTo);
    if (!space) return done("Settings not saved", "Choose one of your organisation's group spaces for requests.", "error");
    // Its members too, before the bot joins it: an outsider in it would read every request.
    try {
      const check = await checkRequestsSpace(context, context.platform.forPerson(admin.auth), space.id, admin.orgId);
      if (!check.ok) {
        return done(
          "Settings not saved",
          `“${space.title}” has people from outside your organisation, who would read every request. Choose a space only your organisation's people are in, or direct messages.`,
          "error",
        );
      }
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status === 401) throw error;
      return done("Settings not saved", `Who is in “${space.title}” could not be checked just now. Try again in a moment.`, "error");
    }
    try {
      const bot = await updatesBotIdentity(context);
      await context.platform.forPerson(admin.auth).createMembership({ roomId: space.id, personEmail: bot.email });
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status === 401) throw error;
      if (error.status !== 409) {
        return done(
          "Settings not saved",
          `The App Hub bot could not join “${space.title}”${space.isLocked ? " (a locked space: only its moderators can add it)" : ""}. Choose another space, or direct messages.`,
          "error",
        );
      }
    }
    requestsTo = { kind: "space", roomId: space.id, roomTitle: space.title };
  }
  await savePolicy(context.db, admin.orgId, admin.actor, { mode: parsed.data.mode, requestsTo });
  return done(
    "Settings saved",
    parsed.data.mode === "approval" ? "Your people now need approval for apps that are not pre-approved." : "Your people choose their apps themselves (open).",
  );
}
