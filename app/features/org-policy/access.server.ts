// Who the organisation is, who may decide for it, and where an app stands for the logged-in person
// (issue 29; docs/decisions/035). The organisation is always the session's own (the platform's
// people/me orgId at login): no form field, address or API parameter ever names it, so nobody can
// read or decide another organisation's policy by naming its id.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { endSessionOn401, requireAuth, type Auth } from "~/auth/session.server";
import { hydraUuid, type User } from "~/auth/user";
import { notFound } from "~/lib/http.server";
import { WEBHOOK_APP_KIND, type WebhookKind } from "~/features/webhooks/webhook-form";
import { FULL_ADMIN_ROLE } from "~/platform/schemas";
import { mayUse, refusalMessage, standingOf, type OrgStanding, type TrustFacts } from "./policy";
import type { OrgAdminOffer, OrgStandingView } from "./standing-view";
import { readStandingInputs, recordAdmin, type Actor } from "./store.server";

/** The hub's key for the person's organisation (the uuid inside the platform's orgId), or null. */
export const orgKeyOf = (user: Pick<User, "orgId">): string | null => hydraUuid(user.orgId) || null;

/** The person as the policy tables remember an admin or a requester. */
export const personOf = (user: User) => ({
  userId: user.userId,
  personId: user.id,
  email: user.emails[0] ?? "",
  name: user.portalDisplayName || user.emails[0] || "An administrator",
});

/**
 * At login: a full administrator is remembered as one of their organisation's admins (requests go
 * to them); a person who is no longer one is forgotten.
 */
export async function noteOrgAdmin(context: AppLoadContext, user: User): Promise<void> {
  const org = orgKeyOf(user);
  if (org) await recordAdmin(context.db, org, personOf(user), user.isOrgAdmin);
}

export type OrgAdminAuth = { auth: Auth; orgId: string; actor: Actor };

/**
 * The organisation's admin pages and decisions: logged in, and a full administrator of their
 * organisation *now*. The session's flag is from the login, so the platform is asked again
 * (people/me) on every admin request: an admin demoted since their login is refused at once (and
 * forgotten as an admin). Everyone else gets the not-found page, as the hub admins' pages do.
 */
export async function requireOrgAdmin(request: Request, context: AppLoadContext): Promise<OrgAdminAuth> {
  const auth = await requireAuth(request, context);
  const orgId = orgKeyOf(auth.user);
  if (!orgId || !auth.user.isOrgAdmin) throw await notFound(request, context);
  let stillAdmin = false;
  try {
    const me = await context.platform.forPerson(auth).getMe();
    stillAdmin = (me.roles ?? []).includes(FULL_ADMIN_ROLE) && hydraUuid(me.orgId) === orgId && me.id === auth.user.id;
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    // Fail closed: without the platform's word nobody decides for an organisation.
    context.logger.warn("Could not confirm an organisation admin's role", { error: String(error) });
    throw new Response("The platform did not confirm your administrator role. Try again in a moment.", { status: 503, headers: { "Cache-Control": "private, no-store" } });
  }
  if (!stillAdmin) {
    await recordAdmin(context.db, orgId, personOf(auth.user), false);
    context.logger.warn("A former organisation admin was refused", { orgId });
    throw await notFound(request, context);
  }
  const person = personOf(auth.user);
  return { auth, orgId, actor: { email: person.email, name: person.name } };
}

/** Where `app` stands for the logged-in person, or null when logged out (anonymous pages show no policy). */
export async function memberStanding(context: AppLoadContext, auth: Auth | null, app: TrustFacts & { id: string }): Promise<OrgStanding | null> {
  if (!auth) return null;
  const orgId = orgKeyOf(auth.user);
  if (!orgId) return { state: "open" };
  const inputs = await readStandingInputs(context.db, orgId, app.id, auth.user.userId);
  return standingOf({ ...inputs, app });
}

/** The refusal when the person's organisation does not let them use `app`, else null. */
export async function policyRefusal(
  context: AppLoadContext,
  auth: Auth,
  app: TrustFacts & { id: string; name: string },
): Promise<{ standing: OrgStanding; message: string } | null> {
  const standing = await memberStanding(context, auth, app);
  if (!standing || mayUse(standing)) return null;
  return { standing, message: refusalMessage(app.name, standing) };
}

/** The APIs' answer to a refusal: 403 with the reason (issue 29 item 2). */
export const policyRefusalJson = (refusal: { standing: OrgStanding; message: string }): Response =>
  Response.json({ error: "org_policy", state: refusal.standing.state, message: refusal.message }, { status: 403, headers: { "Cache-Control": "private, no-store" } });

/** The app page's policy part: null when logged out or the organisation is open. */
export function standingView(standing: OrgStanding | null, app: { name: string; requestPath: string }): OrgStandingView | null {
  if (!standing || standing.state === "open") return null;
  if (standing.state === "approved") {
    return {
      state: "approved",
      message: standing.byRule ? `Approved by your organisation's rule “${standing.byRule}”.` : `Your organisation approved ${app.name}.`,
      requestHref: null,
    };
  }
  if (standing.state === "restricted") return { state: "restricted", message: refusalMessage(app.name, standing), requestHref: null };
  const pending = standing.request?.status === "pending";
  const denied = standing.request?.status === "denied" ? standing.request : null;
  const message = denied ? `Your request was denied${denied.reason ? `: ${denied.reason}` : "."} You may ask again.` : refusalMessage(app.name, standing);
  return { state: "needs-approval", message, requestHref: pending ? null : app.requestPath };
}

/**
 * An app page's policy parts for the logged-in person, from one D1 batch: where the app stands (and
 * whether the page may offer add/connect/follow), the badge and sentence, and an organisation
 * admin's quick decisions. Logged out: nothing (the anonymous page is the shared, cached one).
 */
export async function detailPolicy(
  context: AppLoadContext,
  auth: Auth | null,
  app: TrustFacts & { id: string; name: string; status: string },
  paths: { page: string; request: string },
): Promise<{ allowed: boolean; view: OrgStandingView | null; admin: OrgAdminOffer | null }> {
  const orgId = auth ? orgKeyOf(auth.user) : null;
  if (!auth || !orgId) return { allowed: true, view: null, admin: null };
  const inputs = await readStandingInputs(context.db, orgId, app.id, auth.user.userId);
  const standing = standingOf({ ...inputs, app });
  return {
    allowed: mayUse(standing),
    view: standingView(standing, { name: app.name, requestPath: paths.request }),
    // The session's role only decides whether the buttons show; their post checks with the platform.
    admin: auth.user.isOrgAdmin && app.status === "published" ? { appId: app.id, current: inputs.decision?.status ?? null, returnTo: paths.page } : null,
  };
}

/**
 * The APIs' check by app id: the 403 answer when the person's organisation does not let them use
 * the app, else null. An app the catalogue cannot find has nothing to refuse (the caller's own
 * not-found answer stands).
 */
export async function apiPolicyRefusal(context: AppLoadContext, auth: Auth, appId: string): Promise<Response | null> {
  const org = orgKeyOf(auth.user);
  if (!org) return null;
  const app = await context.catalogue.app(appId);
  if (!app) return null;
  const refusal = await policyRefusal(context, auth, app);
  return refusal ? policyRefusalJson(refusal) : null;
}

/** Creating a webhook uses the hub's Incoming or Outgoing Webhooks app: its standing decides. */
export async function webhookPolicyRefusal(context: AppLoadContext, auth: Auth, kind: WebhookKind): Promise<{ standing: OrgStanding; message: string } | null> {
  if (!orgKeyOf(auth.user)) return null;
  const key = Object.keys(WEBHOOK_APP_KIND).find((friendlyId) => WEBHOOK_APP_KIND[friendlyId] === kind);
  const app = key ? await context.catalogue.app(key) : null;
  return app ? policyRefusal(context, auth, app) : null;
}
