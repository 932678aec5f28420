// The publisher console (issue 30 item 2; docs/decisions/037): /publisher lists the publishers a
// person belongs to (and their invitations); /publisher/{slug} shows that publisher's apps and
// drafts, submissions, members and API tokens. Every loader and action starts with
// requirePublisherMember (./members.server.ts): a non-member gets the not-found page, whatever the
// address, and every statement is filtered by the member's publisher. Never cached (private,
// no-store); plain forms with the CSRF token (the Worker checks every POST); Post/Redirect/Get.
import type { Actor } from "~/lib/actor";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAuth } from "~/auth/session.server";
import { createMemberToken, listPublisherTokens, revokeToken, tokenLifetimeField, type PublisherToken } from "~/features/publisher-api/tokens.server";
import { listPublisherSubmissions, submissionFields, withdrawSubmission, type Submission, type SubmissionFields } from "~/features/publisher-api/submissions.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { notFound } from "~/lib/http.server";
import type { Db } from "~/models/db.server";
import { freshnessOf, type Freshness } from "~/models/freshness";
import {
  acceptInvitation,
  actorOf,
  addMember,
  listMembers,
  MAX_MEMBERS,
  membershipsOf,
  normaliseEmail,
  removeMember,
  requirePublisherMember,
  revokedTokensNote,
} from "./members.server";
import { consolePath } from "./paths";

/** Live API tokens one publisher may hold at once (a leaked-and-replaced loop cannot grow the table). */
export const MAX_LIVE_TOKENS = 10;

// ---- /publisher: the person's publishers and invitations --------------------------------------

export async function consoleIndexLoader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const memberships = await membershipsOf(context.db, auth.user);
  const active = memberships.filter((m) => m.state === "active");
  // One publisher and nothing to accept: straight to its console (a GET that only reads).
  if (active.length === 1 && memberships.length === 1) throw redirect(consolePath(active[0]!.slug), { headers: PRIVATE_HEADERS });
  return data({ memberships }, { headers: PRIVATE_HEADERS });
}
export type ConsoleIndexData = Awaited<ReturnType<typeof consoleIndexLoader>>["data"];

const acceptForm = z.object({ intent: z.enum(["accept", "decline"]), publisher: z.string().min(1).max(80) });

export async function consoleIndexAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const parsed = acceptForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return redirectWithNotice(request, context, "/publisher", { title: "Nothing changed", message: "That invitation could not be read.", level: "error" });
  const { intent, publisher } = parsed.data;
  const invitation = (await membershipsOf(context.db, auth.user)).find((m) => m.slug === publisher && m.state === "invited");
  if (!invitation) {
    return redirectWithNotice(request, context, "/publisher", {
      title: "Nothing changed",
      message: "That invitation has expired or was withdrawn. Ask a member to invite you again.",
      level: "error",
    });
  }
  if (intent === "decline") {
    const email = await invitedEmail(context.db, publisher, auth.user.emails);
    if (email) await removeMember(context.db, { slug: publisher, email, by: actorOf(auth.user) });
    return redirectWithNotice(request, context, "/publisher", { title: "Invitation declined", message: `You did not join ${invitation.name}.`, level: "success" });
  }
  const joined = await acceptInvitation(context.db, publisher, auth.user);
  if (!joined) return redirectWithNotice(request, context, "/publisher", { title: "Nothing changed", message: "That invitation has expired or was withdrawn.", level: "error" });
  return redirectWithNotice(request, context, consolePath(publisher), {
    title: `Welcome to ${invitation.name}`,
    message: "You are now a member of this publisher.",
    level: "success",
  });
}

/** Which of the person's e-mails an open invitation of this publisher names (to decline it). */
async function invitedEmail(db: Db, slug: string, emails: readonly string[]): Promise<string | null> {
  const normalised = emails.map(normaliseEmail);
  const members = await listMembers(db, slug);
  return members.find((m) => m.state === "invited" && normalised.includes(m.email))?.email ?? null;
}

// ---- /publisher/{slug}: the frame every console page shares -------------------------------------

export async function consoleLayoutLoader({ request, params, context }: LoaderFunctionArgs) {
  const { publisher, auth } = await requirePublisherMember(request, context, params.slug);
  const memberships = (await membershipsOf(context.db, auth.user)).filter((m) => m.state === "active");
  return data(
    { publisher: { slug: publisher.slug, name: publisher.name, verified: publisher.verifiedAt !== null }, others: memberships.filter((m) => m.slug !== publisher.slug) },
    { headers: PRIVATE_HEADERS },
  );
}
export type ConsoleLayoutData = Awaited<ReturnType<typeof consoleLayoutLoader>>["data"];

// ---- apps and drafts ----------------------------------------------------------------------------

export type ConsoleApp = {
  id: string;
  name: string;
  path: string;
  /** Listed, deprecated (lists show it only when asked) or removed by a moderator. */
  live: "listed" | "coming-soon" | "deprecated" | "removed";
  version: string | null;
  freshness: Freshness;
  lastReleaseAt: string;
  ratingAverage: number | null;
  ratingCount: number;
  pending: number;
};

type AppRow = {
  id: string;
  friendly_id: string | null;
  name: string;
  status: string;
  listing: number;
  deprecated: number;
  current_version: string | null;
  last_release_at: string;
  rating_avg: number | null;
  rating_count: number;
  pending: number;
};

/** The publisher's apps straight from D1 (removed ones too: the publisher should know), by name. */
async function publisherApps(db: Db, slug: string, now: Date): Promise<ConsoleApp[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.friendly_id, a.name, a.status, a.listing, a.deprecated, a.current_version, a.last_release_at, a.rating_avg, a.rating_count,
              (SELECT count(*) FROM submissions s WHERE s.app_id = a.id AND s.publisher_slug = ?1 AND s.state = 'pending') AS pending
       FROM apps a WHERE a.publisher_slug = ?1 ORDER BY a.name COLLATE NOCASE, a.seq LIMIT 500`,
    )
    .bind(slug)
    .all<AppRow>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    path: appPath({ id: r.id, friendlyId: r.friendly_id }),
    live: r.listing === 2 ? "removed" : r.listing === 1 || r.deprecated ? "deprecated" : r.status === "coming_soon" ? "coming-soon" : "listed",
    version: r.current_version,
    freshness: freshnessOf({ lastReleaseAt: r.last_release_at, deprecated: r.listing === 1 || r.deprecated === 1 }, now),
    lastReleaseAt: r.last_release_at,
    ratingAverage: r.rating_avg === null ? null : Math.round(r.rating_avg * 10) / 10,
    ratingCount: r.rating_count,
    pending: r.pending,
  }));
}

export type SubmissionView = SubmissionFields & {
  version: string | null;
  /** The member who sent it (~/lib/actor.ts); null when an API token did. */
  by: Actor | null;
  /** The live app's page once approved (a draft's app is nowhere before). */
  appPath: string | null;
};

const submissionView = (s: Submission): SubmissionView => {
  const payload = s.payload as { version?: unknown };
  return {
    ...submissionFields(s),
    version: s.kind === "version" && typeof payload.version === "string" ? payload.version : null,
    by: s.submittedBy,
    appPath: s.state === "approved" || s.kind !== "draft" ? appPath(s.appId) : null,
  };
};

export async function consoleAppsLoader({ request, params, context }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  const [apps, submissions] = await Promise.all([publisherApps(context.db, publisher.slug, new Date()), listPublisherSubmissions(context.db, publisher.slug, 200)]);
  const drafts = submissions.filter((s) => s.kind === "draft" && s.state === "pending").map(submissionView);
  return data({ apps, drafts }, { headers: PRIVATE_HEADERS });
}
export type ConsoleAppsData = Awaited<ReturnType<typeof consoleAppsLoader>>["data"];

// ---- submissions --------------------------------------------------------------------------------

export async function consoleSubmissionsLoader({ request, params, context }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  const submissions = await listPublisherSubmissions(context.db, publisher.slug, 200);
  return data({ submissions: submissions.map(submissionView) }, { headers: PRIVATE_HEADERS });
}
export type ConsoleSubmissionsData = Awaited<ReturnType<typeof consoleSubmissionsLoader>>["data"];

const withdrawForm = z.object({ intent: z.literal("withdraw"), submission: z.coerce.number().int().positive().max(1e12) });

export async function consoleSubmissionsAction({ request, params, context }: ActionFunctionArgs) {
  const { publisher, actor } = await requirePublisherMember(request, context, params.slug);
  const path = consolePath(publisher.slug, "submissions");
  const parsed = withdrawForm.safeParse(Object.fromEntries(await request.formData()));
  // Another publisher's id is refused exactly as a missing one: the statement is filtered by this publisher.
  const withdrawn = parsed.success ? await withdrawSubmission(context.db, publisher.slug, parsed.data.submission, actor) : false;
  return redirectWithNotice(
    request,
    context,
    path,
    withdrawn
      ? { title: "Submission withdrawn", message: "It is no longer in the review queue.", level: "success" }
      : { title: "Nothing changed", message: "Only a submission that still waits for review can be withdrawn.", level: "error" },
  );
}

// ---- members ------------------------------------------------------------------------------------

export async function consoleMembersLoader({ request, params, context }: LoaderFunctionArgs) {
  const { publisher, member } = await requirePublisherMember(request, context, params.slug);
  const members = await listMembers(context.db, publisher.slug);
  return data({ members, me: member.email, now: new Date().toISOString(), form: null as MemberForm | null }, { headers: PRIVATE_HEADERS });
}
export type MemberForm = { values: { email: string }; errors: { email?: string } };
export type ConsoleMembersData = Awaited<ReturnType<typeof consoleMembersLoader>>["data"];

export const emailField = z
  .string()
  .trim()
  .min(1, "Enter the person's platform e-mail address.")
  .max(254, "That address is too long.")
  .email("Enter an e-mail address, e.g. name@example.com.");
const inviteForm = z.object({ intent: z.literal("invite"), email: emailField });
const removeForm = z.object({ intent: z.literal("remove"), email: z.string().min(1).max(254) });

export async function consoleMembersAction({ request, params, context }: ActionFunctionArgs) {
  const { publisher, member, actor } = await requirePublisherMember(request, context, params.slug);
  const path = consolePath(publisher.slug, "members");
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "remove") {
    const parsed = removeForm.safeParse(fields);
    const email = parsed.success ? normaliseEmail(parsed.data.email) : "";
    const members = await listMembers(context.db, publisher.slug);
    const active = members.filter((m) => m.state === "active");
    // The last active member cannot leave the publisher without anyone (a hub admin can still unlink).
    if (email && active.length === 1 && active[0]!.email === email) {
      return redirectWithNotice(request, context, path, {
        title: "Nothing changed",
        message: "You are the only member. Invite someone first, or ask a hub admin.",
        level: "error",
      });
    }
    const result = email ? await removeMember(context.db, { slug: publisher.slug, email, by: actor }) : null;
    const note = revokedTokensNote(result?.revokedTokens ?? 0);
    if (result?.removed && email === member.email)
      return redirectWithNotice(request, context, "/publisher", {
        title: "You left",
        message: `You are no longer a member of ${publisher.name}.${revokedTokensNote(result.revokedTokens, "you")}`,
        level: "success",
      });
    return redirectWithNotice(
      request,
      context,
      path,
      result?.removed
        ? { title: "Member removed", message: `${email} is no longer a member.${note}`, level: "success" }
        : { title: "Nothing changed", message: "That person is not a member.", level: "error" },
    );
  }
  const parsed = inviteForm.safeParse(fields);
  const typed = typeof fields.email === "string" ? fields.email : "";
  const refuse = async (message: string, status = 400) =>
    data(
      {
        members: await listMembers(context.db, publisher.slug),
        me: member.email,
        now: new Date().toISOString(),
        form: { values: { email: typed }, errors: { email: message } } as MemberForm | null,
      },
      { status, headers: PRIVATE_HEADERS },
    );
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Enter an e-mail address.");
  const result = await addMember(context.db, { slug: publisher.slug, email: parsed.data.email, by: actor, as: "invite" });
  if (result === "exists") return refuse("That person is already a member or has an open invitation.");
  if (result === "full") return refuse(`A publisher has at most ${MAX_MEMBERS} members and invitations. Remove one first.`, 409);
  return redirectWithNotice(request, context, path, {
    title: "Invitation sent",
    message: `${normaliseEmail(parsed.data.email)} can accept it at /publisher after signing in, within 14 days.`,
    level: "success",
  });
}

// ---- API tokens ---------------------------------------------------------------------------------

export type ConsoleTokensData = {
  tokens: PublisherToken[];
  /** The server's time of the answer (which tokens have expired). */
  now: string;
  created: { secret: string; token: PublisherToken } | null;
  form: { values: { name: string; expiresInDays: string }; errors: { name?: string; expiresInDays?: string } } | null;
};

export async function consoleTokensLoader({ request, params, context }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  return data<ConsoleTokensData>(
    { tokens: await listPublisherTokens(context.db, publisher.slug), now: new Date().toISOString(), created: null, form: null },
    { headers: PRIVATE_HEADERS },
  );
}

const tokenName = z.string().trim().min(1, "Name the token, e.g. the system that will use it.").max(80, "Keep the name to 80 characters.");
const revokeTokenForm = z.object({ intent: z.literal("revoke"), tokenId: z.coerce.number().int().positive().max(1e12) });

export async function consoleTokensAction({ request, params, context }: ActionFunctionArgs) {
  const { publisher, member, actor } = await requirePublisherMember(request, context, params.slug);
  const path = consolePath(publisher.slug, "tokens");
  const fields = Object.fromEntries(await request.formData());
  if (fields.intent === "revoke") {
    const parsed = revokeTokenForm.safeParse(fields);
    // Scoped to this publisher: another publisher's token id changes nothing.
    const revoked = parsed.success ? await revokeToken(context.db, parsed.data.tokenId, actor, new Date(), publisher.slug) : null;
    return redirectWithNotice(
      request,
      context,
      path,
      revoked
        ? { title: "Token revoked", message: `“${revoked.name}” (${revoked.prefix}…) no longer works.`, level: "success" }
        : { title: "Nothing changed", message: "That token does not exist or is already revoked.", level: "error" },
    );
  }
  const name = tokenName.safeParse(fields.name ?? "");
  const lifetime = tokenLifetimeField.safeParse(typeof fields.expiresInDays === "string" ? fields.expiresInDays : undefined);
  const values = { name: typeof fields.name === "string" ? fields.name : "", expiresInDays: typeof fields.expiresInDays === "string" ? fields.expiresInDays : "" };
  const refuse = async (errors: NonNullable<ConsoleTokensData["form"]>["errors"], status = 400) =>
    data<ConsoleTokensData>(
      { tokens: await listPublisherTokens(context.db, publisher.slug), now: new Date().toISOString(), created: null, form: { values, errors } },
      { status, headers: PRIVATE_HEADERS },
    );
  if (!name.success || !lifetime.success) {
    return refuse({
      ...(name.success ? {} : { name: name.error.issues[0]?.message ?? "Name the token." }),
      ...(lifetime.success ? {} : { expiresInDays: lifetime.error.issues[0]?.message ?? "Choose 30, 90 or 365 days." }),
    });
  }
  // The member's own row names the token's maker: removing the member revokes it (decision 025).
  // The insert re-checks membership and the cap itself: the check above may be stale by now (L1).
  const made = await createMemberToken(context.db, {
    publisherSlug: publisher.slug,
    name: name.data,
    createdBy: actor,
    expiresInDays: lifetime.data,
    memberEmail: member.email,
    liveCap: MAX_LIVE_TOKENS,
  });
  if (made === "full") return refuse({ name: `A publisher has at most ${MAX_LIVE_TOKENS} live tokens. Revoke one you no longer use first.` }, 409);
  // Removed while the post was on its way: the same answer requirePublisherMember gives them now.
  if (made === "member-gone") throw await notFound(request, context);
  const { secret, token } = made;
  // The one time the secret is shown: this answer only (private, no-store; never in a redirect or cookie).
  return data<ConsoleTokensData>(
    { tokens: await listPublisherTokens(context.db, publisher.slug), now: new Date().toISOString(), created: { secret, token }, form: null },
    { headers: PRIVATE_HEADERS },
  );
}
