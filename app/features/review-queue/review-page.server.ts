// /admin/review (issue 16): hub admins (as for moderation) review publishers' submissions: the queue,
// and one submission against the live listing with its new permissions called out; approve (one D1
// batch, ./publish.server.ts; the catalogue version moves; followers hear of it) or reject with a
// reason the publisher reads through the API. Everyone else gets the not-found page. Never cached;
// plain forms and Post/Redirect/Get, so it works without JavaScript.
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireHubAdmin } from "~/features/moderation/require-hub-admin.server";
import { appDraftSchema, draftRecord } from "~/features/publisher-api/draft-record";
import { listingUpdateSchema } from "~/features/publisher-api/listing-submission.server";
import { findSubmission, listDecidedSubmissions, listPendingSubmissions, type Submission } from "~/features/publisher-api/submissions.server";
import { identityClashes, identityRefusal } from "~/features/publisher-api/identity.server";
import { releaseDateProblem, versionSubmissionSchema } from "~/features/publisher-api/version-submission.server";
import type { AppUpdate } from "~/features/followers/app-update";
import { announceAppUpdate } from "~/features/followers/announce.server";
import { tellOrgsOfMoreAccess } from "~/features/org-policy/more-access.server";
import { appPath } from "~/lib/app-paths";
import { type ActorRecord, actorRecordOf } from "~/lib/actor";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { bumpCatalogueVersion } from "~/lib/catalogue-version.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { notFound } from "~/lib/http.server";
import { renderMarkdown } from "~/lib/markdown.server";
import type { AppDetail } from "~/models/types";
import { draftStatements, listingStatements, rejectSubmission, runApproval, versionStatements } from "./publish.server";
import { addedPermissionKeys, draftFields, listingFields, permissionDiff, versionFields } from "./review-diff";

export const REVIEW_PATH = "/admin/review";
const REASON_MAX = 1000;

const summary = (s: Submission) => ({
  id: s.id,
  kind: s.kind,
  appName: s.appName,
  publisherSlug: s.publisherSlug,
  createdAt: s.createdAt,
  state: s.state,
  reason: s.reason,
  decidedBy: s.decidedBy,
  /** The console member who sent it; null when an API token did. */
  submittedBy: s.submittedBy,
  decidedAt: s.decidedAt,
  version: s.kind === "version" ? versionSubmissionSchema.parse(s.payload).version : null,
});
export type SubmissionSummary = ReturnType<typeof summary>;

export async function reviewQueueLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const [pending, decided] = await Promise.all([listPendingSubmissions(context.db), listDecidedSubmissions(context.db)]);
  return data({ pending: pending.map(summary), decided: decided.map(summary) }, { headers: PRIVATE_HEADERS });
}
export type ReviewQueueData = Awaited<ReturnType<typeof reviewQueueLoader>>["data"];

const submissionId = (raw: string | undefined) => (/^\d{1,12}$/.test(raw ?? "") ? Number(raw) : null);

/**
 * What a submission changes against the live app, its permissions against the live ones, and its
 * release notes rendered. The review queue shows it for a submission; the publisher console shows
 * the same for a form before it is sent (issue 30), so the publisher sees what the reviewer will.
 */
export async function reviewOfPayload(context: AppLoadContext, kind: Submission["kind"], payload: unknown, appId: string) {
  const categories = await context.catalogue.categories();
  const live = kind === "draft" ? null : await context.catalogue.app(appId);
  const base = { live: live ? { name: live.name, path: appPath(live) } : null };
  if (kind === "draft") {
    const draft = appDraftSchema.parse(payload);
    return {
      ...base,
      fields: draftFields(draft, categories),
      permissions: permissionDiff([], draft.permissions),
      releaseNotesHtml: draft.version ? renderMarkdown(draft.version.releaseNotes) : null,
    };
  }
  if (!live) return { ...base, fields: [], permissions: null, releaseNotesHtml: null };
  if (kind === "listing") {
    return { ...base, fields: listingFields(live, listingUpdateSchema.parse(payload), categories), permissions: null, releaseNotesHtml: null };
  }
  const v = versionSubmissionSchema.parse(payload);
  return {
    ...base,
    fields: versionFields(live, v),
    permissions: permissionDiff(live.permissions, v.permissions ?? live.permissions),
    releaseNotesHtml: renderMarkdown(v.releaseNotes),
  };
}
export type PayloadReview = Awaited<ReturnType<typeof reviewOfPayload>>;

/** A submission's review: what it changes against the live app, its permissions, its notes. */
async function reviewOf(context: AppLoadContext, s: Submission) {
  return { submission: summary(s), ...(await reviewOfPayload(context, s.kind, s.payload, s.appId)) };
}

export async function submissionReviewLoader({ request, params, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const id = submissionId(params.id);
  const s = id === null ? null : await findSubmission(context.db, id);
  if (!s) throw await notFound(request, context);
  return data(await reviewOf(context, s), { headers: PRIVATE_HEADERS });
}
export type SubmissionReviewData = Awaited<ReturnType<typeof submissionReviewLoader>>["data"];

const decisionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({
    intent: z.literal("reject"),
    reason: z.string().trim().max(REASON_MAX, `Keep the reason under ${REASON_MAX} characters.`).min(1, "Give the publisher a reason, so they know what to fix."),
  }),
]);

type Approval = { statements: Parameters<typeof runApproval>[1]; published: string; update: Omit<AppUpdate, "id" | "at"> | null } | { refused: string };

/** What approving this submission writes, and what its followers are told; or why it cannot be published. */
async function approvalOf(context: AppLoadContext, s: Submission, decision: { submissionId: number; admin: ActorRecord; now: Date }, decisionId: string): Promise<Approval> {
  const categories = await context.catalogue.categories();
  if (s.kind === "draft") {
    const publisher = await context.catalogue.publisher(s.publisherSlug);
    const built = draftRecord(appDraftSchema.parse(s.payload), { id: s.appId, publisherSlug: s.publisherSlug, companyName: publisher?.name ?? s.publisherSlug, now: decision.now });
    if ("problems" in built) return { refused: `The draft no longer fits the catalogue: ${built.problems[0]!.path} ${built.problems[0]!.message}.` };
    if (built.record.friendlyId && (await context.catalogue.app(built.record.friendlyId)))
      return { refused: `The address “${built.record.friendlyId}” was taken meanwhile. Reject the draft and ask for another.` };
    // Another app may have got this client id or bot address since the draft arrived (issue 27).
    const [clash] = await identityClashes(context.db, built.record);
    if (clash) return { refused: identityRefusal(clash) };
    return {
      statements: draftStatements(decision, decisionId, built.record, categories, Boolean(publisher?.verifiedAt)),
      published: `${built.record.name} is now listed.`,
      update: null,
    };
  }
  const live: AppDetail | null = await context.catalogue.app(s.appId);
  if (!live) return { refused: "The app is no longer in the catalogue (removed, or its type is hidden). Reject the submission." };
  const base = { appId: live.id, appName: live.name, path: appPath(live) };
  if (s.kind === "version") {
    const v = versionSubmissionSchema.parse(s.payload);
    if (live.versions.some((x) => x.version === v.version)) return { refused: `${live.name} already has version ${v.version}. Reject the submission.` };
    const date = releaseDateProblem(v.releasedAt, live, decision.now);
    if (date) return { refused: `The release date ${v.releasedAt} ${date}. Reject the submission.` };
    return {
      statements: versionStatements(decision, decisionId, live, v),
      published: `${live.name} ${v.version} is live.`,
      update: {
        ...base,
        kind: "version",
        version: v.version,
        releaseNotes: v.releaseNotes,
        addedPermissions: addedPermissionKeys(live.permissions, v.permissions ?? live.permissions),
        replacement: null,
      },
    };
  }
  const l = listingUpdateSchema.parse(s.payload);
  const newlyDeprecated = l.deprecation !== undefined && live.freshness !== "deprecated";
  const replacement = l.deprecation?.replacement ? await context.catalogue.app(l.deprecation.replacement) : null;
  return {
    statements: listingStatements(decision, decisionId, live, l, categories),
    published: `${l.name ?? live.name}'s listing is updated.`,
    update: newlyDeprecated
      ? {
          ...base,
          kind: "deprecated",
          version: null,
          releaseNotes: null,
          addedPermissions: [],
          replacement: replacement ? { name: replacement.name, path: appPath(replacement) } : null,
        }
      : null,
  };
}

/** What a constraint that failed the batch means, in a reviewer's words (the unique keys of apps). */
function refusedBecause(error: string): string {
  if (/UNIQUE constraint failed: apps\.client_id/.test(error)) return "another app took this draft's OAuth client id meanwhile.";
  if (/UNIQUE constraint failed: apps\.bot_email/.test(error) || /apps_bot_email/.test(error)) return "another app took this draft's bot address meanwhile.";
  if (/UNIQUE constraint failed: apps\.friendly_id/.test(error)) return "another app took this draft's address meanwhile.";
  return "the catalogue refused the change.";
}

export async function submissionReviewAction({ request, params, context }: ActionFunctionArgs) {
  const auth = await requireHubAdmin(request, context);
  const id = submissionId(params.id);
  const s = id === null ? null : await findSubmission(context.db, id);
  if (!s) throw await notFound(request, context);
  const done = (title: string, message: string, level: "success" | "error" = "success") => redirectWithNotice(request, context, REVIEW_PATH, { title, message, level });
  if (s.state !== "pending") return done("Nothing changed", `This submission was already ${s.state}.`, "error");

  const form = Object.fromEntries(await request.formData());
  const parsed = decisionForm.safeParse(form);
  if (!parsed.success) {
    // A refused reject keeps what was typed, with the reason's problem under the field.
    const review = await reviewOf(context, s);
    const message = parsed.error.issues[0]?.message ?? "That decision could not be read.";
    return data({ ...review, rejectError: message, reason: typeof form.reason === "string" ? form.reason : "" }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const decision = { submissionId: s.id, admin: actorRecordOf(auth.user), now: new Date() };
  if (parsed.data.intent === "reject") {
    const rejected = await rejectSubmission(context.db, decision, parsed.data.reason, s.appId);
    if (!rejected) return done("Nothing changed", "This submission was already decided.", "error");
    return done("Submission rejected", "The publisher reads your reason in their console and through the API.");
  }

  const decisionId = crypto.randomUUID();
  const approval = await approvalOf(context, s, decision, decisionId);
  if ("refused" in approval) return done("Not published", approval.refused, "error");
  let approved: boolean;
  try {
    approved = await runApproval(context.db, approval.statements);
  } catch (error) {
    // The batch is one transaction: a constraint that failed (an id or address taken meanwhile) left everything as it was.
    context.logger.error("Publishing a submission failed", { submission: s.id, error: String(error) });
    return done("Not published", `Nothing changed: ${refusedBecause(String(error))} Reload the submission and try again, or reject it.`, "error");
  }
  if (!approved) return done("Nothing changed", "This submission was already decided.", "error");
  await bumpCatalogueVersion(context, String(s.id));
  // After the commit: followers hear of a new version or a deprecation once (the id is the
  // submission's, and deliveries are unique per update and follower; decision 026).
  if (approval.update) await announceAppUpdate(context, { ...approval.update, id: `submission:${s.id}`, at: decision.now.toISOString() });
  // Organisations that approved the app hear that it now asks for more (issue 29), after answering.
  if (approval.update) {
    const update = { ...approval.update, id: `submission:${s.id}`, at: decision.now.toISOString() };
    context.waitUntil(tellOrgsOfMoreAccess(context, update).catch((error) => context.logger.error("Telling organisations of more access failed", { error: String(error) })));
  }
  return done("Published", approval.published);
}
