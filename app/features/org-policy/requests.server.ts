// Members' requests and admins' decisions (issue 29; docs/decisions/035): saving them (./store.server.ts),
// rules that decide a request at once, and the updates bot's messages: the request to the admins
// (each by direct message, or the one space they chose), the decision to the requester, and who
// decided to the other admins. A message the platform refuses is logged and never undoes a saved
// request or decision: the admin page shows every pending request whatever the messages did.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { withinLimit } from "~/lib/rate-limit.server";
import { appPath } from "~/lib/app-paths";
import type { AppDetail } from "~/models/types";
import { PlatformError } from "~/platform/client.server";
import { adminsNow, orgKeyOf, personOf } from "./access.server";
import { decidedNotice, decisionMessage, requestMessage, spaceStoppedNotice, type DecisionWord } from "./messages.server";
import { approvingRule, standingOf } from "./policy";
import { checkRequestsSpace } from "./requests-space.server";
import { createRequest, decideApp, denyRequest, readPolicy, readStandingInputs, stopRequestsSpace, type Actor, type OrgRequest } from "./store.server";

export const COMMENT_MAX = 500;

/** Posts as the updates bot; a refusal is logged (the saved request or decision stands). */
async function post(context: AppLoadContext, to: { roomId: string } | { toPersonId: string }, markdown: string): Promise<boolean> {
  try {
    await context.platform.updatesBot().sendMessage({ ...to, markdown });
    return true;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    context.logger.warn("The updates bot could not post an organisation request message", { status: error.status, trackingId: error.trackingId });
    return false;
  }
}

/**
 * Whether the chosen space is still the organisation's own, asked as the updates bot (a member since
 * it was chosen) just before a post. "unknown" when the platform did not say: nothing goes to a
 * space the hub could not check, but the setting stays.
 */
async function spaceStillOurs(context: AppLoadContext, orgId: string, roomId: string): Promise<"ours" | "not-ours" | "unknown"> {
  try {
    return (await checkRequestsSpace(context, context.platform.updatesBot(), roomId, orgId)).ok ? "ours" : "not-ours";
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    context.logger.warn("Could not check the organisation's requests space: direct messages this time", { status: error.status, trackingId: error.trackingId });
    return "unknown";
  }
}

/**
 * To the organisation's admins: the chosen space while it is still the organisation's own, else each
 * admin the hub knows who is one now (but `except`). A space that has become shared with another
 * organisation stops receiving: the setting goes back to direct messages and the admins are told.
 */
export async function tellAdmins(context: AppLoadContext, orgId: string, markdown: string, except: string | null = null): Promise<number> {
  const policy = await readPolicy(context.db, orgId);
  let stopped: string | null = null;
  if (policy?.requestsTo.kind === "space") {
    const { roomId, roomTitle } = policy.requestsTo;
    const check = await spaceStillOurs(context, orgId, roomId);
    if (check === "ours") return (await post(context, { roomId }, markdown)) ? 1 : 0;
    if (check === "not-ours" && (await stopRequestsSpace(context.db, orgId, roomId))) stopped = roomTitle;
  }
  // Every admin hears that the space stopped (the one who acted too); the message itself skips `except`.
  const admins = await adminsNow(context, orgId, stopped === null ? except : null);
  if (stopped !== null) {
    context.logger.warn("The organisation's requests space is shared with another organisation now: back to direct messages", { orgId });
    const told = spaceStoppedNotice({ roomTitle: stopped, portalUrl: context.config.url });
    await Promise.all(admins.map((a) => post(context, { toPersonId: a.personId }, told)));
  }
  const sent = await Promise.all(admins.filter((a) => a.userId !== except).map((a) => post(context, { toPersonId: a.personId }, markdown)));
  return sent.filter(Boolean).length;
}

const tellRequester = (context: AppLoadContext, request: OrgRequest, decision: DecisionWord, reason: string, by: string | null, ruleName: string | null) =>
  post(
    context,
    { toPersonId: request.requester.personId },
    decisionMessage({ appName: request.appName, appPath: `/applications/${encodeURIComponent(request.appId)}`, decision, by, ruleName, reason, portalUrl: context.config.url }),
  );

export type RequestOutcome = { ok: true; kind: "sent" | "already" | "approved-by-rule"; ruleName?: string } | { ok: false; status: 400 | 403 | 409 | 429; message: string };

/** A member asks for `app` with an optional comment. */
export async function requestApp(context: AppLoadContext, auth: Auth, app: AppDetail, comment: string): Promise<RequestOutcome> {
  const orgId = orgKeyOf(auth.user);
  if (!orgId) return { ok: false, status: 409, message: "Your account belongs to no organisation, so there is nobody to ask." };
  const inputs = await readStandingInputs(context.db, orgId, app.id, auth.user.userId);
  const standing = standingOf({ ...inputs, app });
  if (standing.state === "open" || standing.state === "approved") return { ok: false, status: 409, message: `You can already use ${app.name}: there is nothing to request.` };
  if (standing.state === "restricted") return { ok: false, status: 403, message: `Your organisation has restricted ${app.name}. It cannot be requested.` };
  // Per person, whatever their address (RATE_LIMIT_APP_REQUESTS in wrangler.toml; decision 035).
  if (!(await withinLimit(context.env, "RATE_LIMIT_APP_REQUESTS", auth.user.userId))) {
    return { ok: false, status: 429, message: "You have sent many requests in a short time. Wait a minute, then try again." };
  }
  const requester = personOf(auth.user);
  const saved = await createRequest(context.db, orgId, { appId: app.id, appName: app.name, requester, comment, permissions: app.permissions });
  if (!saved.created) return { ok: true, kind: "already" };

  const rule = approvingRule(inputs.rules, app);
  if (rule) {
    const decided = await decideApp(
      context.db,
      orgId,
      { email: `rule:${rule.id}`, name: rule.name },
      { appId: app.id, appName: app.name, status: "approved", permissions: app.permissions, reason: "", ruleName: rule.name },
    );
    await Promise.all(decided.map((r) => tellRequester(context, r, "approved", "", null, rule.name)));
    await tellAdmins(context, orgId, decidedNotice({ appName: app.name, requesterName: requester.name, decision: "approved", by: null, ruleName: rule.name }));
    return { ok: true, kind: "approved-by-rule", ruleName: rule.name };
  }
  await tellAdmins(
    context,
    orgId,
    requestMessage({
      app: { name: app.name, path: appPath(app), publisherVerified: app.publisherVerified, permissions: app.permissions, security: app.security },
      requester,
      comment,
      requestId: saved.request.id,
      moreAccess: standing.moreAccess.length > 0,
      portalUrl: context.config.url,
    }),
  );
  return { ok: true, kind: "sent" };
}

/** An admin approves or restricts an app; its pending requests are decided with it and their requesters told. */
export async function decideAppFor(
  context: AppLoadContext,
  admin: { orgId: string; actor: Actor; userId: string },
  app: Pick<AppDetail, "id" | "name" | "permissions">,
  status: "approved" | "restricted",
  reason: string,
): Promise<OrgRequest[]> {
  const decided = await decideApp(context.db, admin.orgId, admin.actor, { appId: app.id, appName: app.name, status, permissions: app.permissions, reason });
  await Promise.all(decided.map((r) => tellRequester(context, r, status, reason, admin.actor.name ?? admin.actor.email, null)));
  await Promise.all(
    decided.map((r) =>
      tellAdmins(
        context,
        admin.orgId,
        decidedNotice({ appName: app.name, requesterName: r.requester.name, decision: status, by: admin.actor.name ?? admin.actor.email, ruleName: null }),
        admin.userId,
      ),
    ),
  );
  return decided;
}

/** An admin denies one request (the app stays as it was). Null when it is no pending request of this organisation. */
export async function denyRequestFor(
  context: AppLoadContext,
  admin: { orgId: string; actor: Actor; userId: string },
  requestId: number,
  reason: string,
): Promise<OrgRequest | null> {
  const denied = await denyRequest(context.db, admin.orgId, admin.actor, requestId, reason);
  if (!denied) return null;
  await tellRequester(context, denied, "denied", reason, admin.actor.name ?? admin.actor.email, null);
  await tellAdmins(
    context,
    admin.orgId,
    decidedNotice({ appName: denied.appName, requesterName: denied.requester.name, decision: "denied", by: admin.actor.name ?? admin.actor.email, ruleName: null }),
    admin.userId,
  );
  return denied;
}
