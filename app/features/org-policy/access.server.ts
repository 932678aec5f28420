// Who the organisation is, who may decide for it, and where an app stands for the logged-in person
// (issue 29; docs/decisions/035). The organisation is always the session's own (the platform's
// people/me orgId at login): no form field, address or API parameter ever names it, so nobody can
// read or decide another organisation's policy by naming its id.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { meWithKeptTokens, seal, unseal } from "~/auth/kept-tokens.server";
import { endSessionOn401, forgetSessionAdminRole, requireAuth, tokensSchema, type Auth, type Tokens } from "~/auth/session.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import type { PortalConfig } from "~/lib/config.server";
import { PlatformError } from "~/platform/client.server";
import { hydraUuid, type User } from "~/auth/user";
import { notFound } from "~/lib/http.server";
import { WEBHOOK_APP_KIND, type WebhookKind } from "~/features/webhooks/webhook-form";
import { FULL_ADMIN_ROLE, type Person } from "~/platform/schemas";
import { mayUse, refusalMessage, standingOf, type OrgStanding, type TrustFacts } from "./policy";
import type { OrgAdminOffer, OrgStandingView } from "./standing-view";
import { forgetAdmin, keepAdminTokens, listKnownAdmins, readStandingInputs, rememberAdmin, type Actor, type OrgAdmin } from "./store.server";

/** The hub's key for the person's organisation (the uuid inside the platform's orgId), or null. */
export const orgKeyOf = (user: Pick<User, "orgId">): string | null => hydraUuid(user.orgId) || null;

/** The person as the policy tables remember an admin or a requester. */
export const personOf = (user: User) => ({
  userId: user.userId,
  personId: user.id,
  email: user.emails[0] ?? "",
  name: user.portalDisplayName || user.emails[0] || "An administrator",
});

/** Whether the platform's answer about `personId` says they are a full administrator of `orgId` (the hub's key). */
const isFullAdminOf = (person: Person, orgId: string, personId: string) =>
  (person.roles ?? []).includes(FULL_ADMIN_ROLE) && hydraUuid(person.orgId) === orgId && person.id === personId;

/**
 * How long an admin's tokens are kept (issue 40 item 11; decision 047): no longer than the login
 * they came with could last (the session's absolute lifetime, SESSION_MAX_AGE_SECONDS), counted
 * from that login; a refresh does not extend it. Older ones are never used, and the Cron deletes them.
 */
export const adminTokensKeptSince = (config: Pick<PortalConfig, "sessions">, now = Date.now()): Date => new Date(now - config.sessions.maxAgeSeconds * 1000);

/**
 * At login: a full administrator is remembered as one of their organisation's admins, with their
 * tokens sealed, so the hub can ask the platform whether they still are before a request reaches
 * them (adminsNow); a person who is no longer one is forgotten.
 */
export async function noteOrgAdmin(context: AppLoadContext, user: User, tokens: Tokens): Promise<void> {
  const org = orgKeyOf(user);
  if (!org) return;
  if (!user.isOrgAdmin) return forgetAdmin(context.db, org, user.userId);
  await rememberAdmin(context.db, org, personOf(user), await seal(context.config.sessionSecrets, "org-admin-tokens", user.userId, JSON.stringify(tokens)));
}

/**
 * The organisation's admins who are full administrators *now*, to send a request to: each admin the
 * hub knows is asked for with their own kept tokens (people/me, the only way the platform tells a
 * third-party app someone's role). One no longer an admin, or whose grant to App Hub is gone, is
 * forgotten; one the platform did not answer for (time-out, 5xx) is left out this time: a request
 * goes to nobody the hub cannot vouch for, and waits on the admin page whatever the messages did.
 */
export async function adminsNow(context: AppLoadContext, orgId: string, except: string | null = null): Promise<OrgAdmin[]> {
  const known = (await listKnownAdmins(context.db, orgId, adminTokensKeptSince(context.config))).filter((a) => a.userId !== except);
  const checked = await Promise.all(
    known.map(async ({ sealedTokens, ...admin }) => {
      const plain = sealedTokens ? await unseal(context.config.sessionSecrets, "org-admin-tokens", admin.userId, sealedTokens) : null;
      const tokens = plain ? tokensSchema.safeParse(JSON.parse(plain)) : null;
      // Remembered before tokens were kept, logged out since, kept too long, or the secrets were
      // rotated away: their next login writes them.
      if (!tokens?.success) return null;
      const me = await meWithKeptTokens(context, "org-admin", tokens.data);
      if (me.outcome !== "revoked" && me.tokens) {
        await keepAdminTokens(context.db, orgId, admin.userId, await seal(context.config.sessionSecrets, "org-admin-tokens", admin.userId, JSON.stringify(me.tokens)));
      }
      if (me.outcome === "revoked" || (me.outcome === "person" && !isFullAdminOf(me.person, orgId, admin.personId))) {
        await forgetAdmin(context.db, orgId, admin.userId);
        context.logger.info("An organisation admin the hub knew is no longer one: forgotten", { orgId });
        return null;
      }
      if (me.outcome === "unknown") context.logger.warn("Could not confirm an organisation admin's role: no request message to them this time", { orgId });
      return me.outcome === "person" ? admin : null;
    }),
  );
  return checked.filter((a): a is OrgAdmin => a !== null);
}

export type OrgAdminAuth = { auth: Auth; orgId: string; actor: Actor };

/**
 * The platform could not say (time-out, 5xx, network): nobody is let in on the session's word. A
 * time-out is the spec's time-out page (504, spec §8), anything else the error page (503). Never
 * stored by anyone.
 */
function roleUnconfirmed(error: unknown): Response {
  const timedOut = error instanceof PlatformError && error.kind === "timeout";
  return new Response("The platform did not confirm your administrator role. Try again in a moment.", {
    status: timedOut ? 504 : 503,
    headers: PRIVATE_HEADERS,
  });
}

/**
 * Whether the logged-in person is a full administrator of `orgId` (the hub's key of their own
 * organisation) *now*: the session's flag is from the login, so the platform is asked again
 * (people/me with the person's own token) — the one check behind both the organisation admin page
 * (requireOrgAdmin) and the hub admins' pages (moderation/require-hub-admin.server.ts). No cache: a
 * demotion counts from the next request, as the organisation page has always done.
 *
 * - Still an administrator: true.
 * - No longer one: false; they are forgotten as the organisation's admin (no more request messages,
 *   and their kept tokens go with the row) and the session forgets the role (the header follows).
 * - The platform refused the person's token (401): the session ends (spec §6, §8); that redirect is thrown.
 * - The platform did not answer: fails closed, the error or time-out page is thrown (roleUnconfirmed).
 */
export async function stillFullAdmin(request: Request, context: AppLoadContext, auth: Auth, orgId: string): Promise<boolean> {
  let stillAdmin = false;
  try {
    stillAdmin = isFullAdminOf(await context.platform.forPerson(auth).getMe(), orgId, auth.user.id);
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    context.logger.warn("Could not confirm an administrator's role", { error: String(error) });
    throw roleUnconfirmed(error);
  }
  if (!stillAdmin) {
    await Promise.all([forgetAdmin(context.db, orgId, auth.user.userId), forgetSessionAdminRole(request, context, auth)]);
    context.logger.warn("A former administrator was refused", { orgId });
  }
  return stillAdmin;
}

/**
 * The organisation's admin pages and decisions: logged in, and a full administrator of their
 * organisation *now* (stillFullAdmin, on every admin request): an admin demoted since their login
 * is refused at once. Everyone else gets the not-found page, as the hub admins' pages do.
 */
export async function requireOrgAdmin(request: Request, context: AppLoadContext): Promise<OrgAdminAuth> {
  const auth = await requireAuth(request, context);
  const orgId = orgKeyOf(auth.user);
  // Not an admin by the session: refused without asking the platform (a promotion counts from the next login).
  if (!orgId || !auth.user.isOrgAdmin) throw await notFound(request, context);
  if (!(await stillFullAdmin(request, context, auth, orgId))) throw await notFound(request, context);
  // The name as the platform gives it, or none (the address then stands alone; issue 40 item 15).
  return { auth, orgId, actor: { email: personOf(auth.user).email, name: auth.user.portalDisplayName.trim() || null } };
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
      reason: null,
      requestHref: null,
    };
  }
  // The reason apart from the sentence: pages show it as its own "Reason: …" line (issue 40 item 13).
  if (standing.state === "restricted")
    return { state: "restricted", message: refusalMessage(app.name, { state: "restricted", reason: "" }), reason: standing.reason.trim() || null, requestHref: null };
  const pending = standing.request?.status === "pending";
  const denied = standing.request?.status === "denied" ? standing.request : null;
  const message = denied ? `Your request was denied${denied.reason ? `: ${denied.reason}` : "."} You may ask again.` : refusalMessage(app.name, standing);
  return { state: "needs-approval", message, reason: null, requestHref: pending ? null : app.requestPath };
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
