// POST /api/publisher/v1/apps (issue 16): a publisher submits a new app. The draft is checked with
// the catalogue's own record schema (./draft-record.ts) plus the rules that need the catalogue, and
// waits for a hub admin's review (./submit.server.ts). Its id is given now, so the publisher can
// follow it; the app is in no list, search or page until it is approved.
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";
import { base64url } from "~/lib/random-token.server";
import { requirePublisherToken } from "./auth.server";
import { appDraftSchema, draftRecord } from "./draft-record";
import { categoryProblems } from "./listing-submission.server";
import { type Problem, type SubmissionSpec, submitForReview } from "./submit.server";
import { identityClashes, identityProblems } from "./identity.server";
import { countPendingDrafts, pendingDraftWithFriendlyId } from "./submissions.server";

/** New apps one publisher may have waiting for review at once. */
export const PENDING_DRAFTS_MAX = 5;

/** A new app's id, shaped as the platform's application ids are. */
export const newAppId = () => base64url(new TextEncoder().encode(`ciscospark://us/APPLICATION/${crypto.randomUUID()}`));

/**
 * A new app's draft for the publisher `publisherSlug`: the schema and the checks the API and the
 * console both run. `id` is the new app's id, given now so the publisher can follow it.
 */
export async function draftSpec(context: AppLoadContext, publisherSlug: string, id = newAppId()): Promise<SubmissionSpec<typeof appDraftSchema>> {
  const publisher = await context.catalogue.publisher(publisherSlug);
  const companyName = publisher?.name ?? publisherSlug;
  return {
    kind: "draft",
    schema: appDraftSchema,
    app: null,
    target: (draft) => ({ appId: id, appName: draft.name }),
    check: async (draft) => {
      const built = draftRecord(draft, { id, publisherSlug, companyName, now: new Date() });
      const problems: Problem[] = "problems" in built ? built.problems : [];
      problems.push(...(await categoryProblems(context, draft.categoryIds)));
      if (draft.friendlyId && ((await context.catalogue.app(draft.friendlyId)) || (await pendingDraftWithFriendlyId(context.db, publisherSlug, draft.friendlyId)))) {
        problems.push({ path: "friendlyId", message: `"${draft.friendlyId}" is already taken; choose another` });
      }
      problems.push(...identityProblems(await identityClashes(context.db, draft), publisherSlug));
      return problems;
    },
    // A cap, since pending drafts cost a reviewer's time and nothing else bounds them (issue 27).
    admit: async () => {
      const pending = await countPendingDrafts(context.db, publisherSlug);
      if (pending < PENDING_DRAFTS_MAX) return null;
      return jsonError(
        409,
        `${pending} of your new apps already wait for review, the most one publisher may have. Wait for a hub admin's decision on one (GET /api/publisher/v1/submissions), then send this again.`,
        { error: "too_many_pending_drafts", limit: PENDING_DRAFTS_MAX },
      );
    },
  };
}

export async function draftSubmissionAction({ request, context }: ActionFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  return submitForReview(request, context, token, await draftSpec(context, token.publisherSlug));
}
