// The detail page's posts about reviews and reports (issue 15): write, change or delete one's review,
// 'Was this helpful?', report a review, report the app. Each is a plain form post to the app's page
// (so it works without JavaScript): success redirects back with a notice (Post/Redirect/Get); a
// form with a problem answers 400 with what was typed and what to fix, so nothing is lost.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Auth } from "~/auth/session.server";
import { APP_REPORT_REASONS, reportApp } from "~/features/moderation/moderation.server";
import { appPath } from "~/lib/app-paths";
import { bumpCommunityVersion } from "~/lib/community-version.server";
import { redirectWithNotice } from "~/lib/flash.server";
import type { AppDetail } from "~/models/types";
import { recordedEligibility } from "./eligibility.server";
import { REVIEW_MESSAGES as M, REVIEW_REPORT_REASONS } from "./messages";
import { deleteOwnReview, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, reportReview, saveReview, voteHelpful } from "./reviews.server";
import { formatCount } from "~/lib/format-number";
import { lazySchema } from "~/lib/lazy-schema";
import type { ReviewFormState } from "./reviews-view";

export const REVIEW_INTENTS = ["save-review", "delete-review", "helpful", "report-review", "report-app"] as const;
export const REPORT_DETAILS_MAX = 1000;

/** Characters as people count them (an emoji is one), not UTF-16 units. */
const chars = (max: number, message: string) => z.string().refine((v) => Array.from(v).length <= max, message);

// Built on first parse, not at the Worker's startup (lib/lazy-schema.ts; docs/decisions/056).
const reviewForm = lazySchema(() =>
  z.object({
    rating: z.coerce
      .number({ invalid_type_error: "Choose a rating from 1 to 5 stars." })
      .int("Choose a rating from 1 to 5 stars.")
      .min(1, "Choose a rating from 1 to 5 stars.")
      .max(5, "Choose a rating from 1 to 5 stars."),
    title: z
      .string()
      .trim()
      .min(1, "Give your review a title.")
      .pipe(chars(REVIEW_TITLE_MAX, `Keep the title to ${REVIEW_TITLE_MAX} characters.`)),
    body: z
      .string()
      .trim()
      .pipe(chars(REVIEW_BODY_MAX, `Keep your review to ${formatCount(REVIEW_BODY_MAX)} characters.`)),
  }),
);
const reviewId = lazySchema(() => z.coerce.number().int().positive());
const reviewReportForm = lazySchema(() =>
  z.object({
    reviewId,
    reason: z.enum(REVIEW_REPORT_REASONS, { errorMap: () => ({ message: "Choose why you are reporting this review." }) }),
    details: z
      .string()
      .trim()
      .pipe(chars(REPORT_DETAILS_MAX, `Keep the details to ${formatCount(REPORT_DETAILS_MAX)} characters.`)),
  }),
);
const appReportForm = lazySchema(() =>
  z.object({
    reason: z.enum(APP_REPORT_REASONS, { errorMap: () => ({ message: "Choose why you are reporting this app." }) }),
    details: z
      .string()
      .trim()
      .pipe(chars(REPORT_DETAILS_MAX, `Keep the details to ${formatCount(REPORT_DETAILS_MAX)} characters.`)),
  }),
);

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** A refused form: 400 with the typed values and one message per field. */
function refused(state: Omit<ReviewFormState, "errors">, error: z.ZodError) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return data({ reviewForm: { ...state, errors } satisfies ReviewFormState }, { status: 400 });
}

export const isReviewIntent = (intent: unknown): intent is (typeof REVIEW_INTENTS)[number] => REVIEW_INTENTS.some((i) => i === intent);

export async function reviewsAction(request: Request, context: AppLoadContext, auth: Auth, app: AppDetail, form: FormData) {
  const intent = text(form, "intent");
  const back = `${appPath(app)}#reviews`;
  const userId = auth.user.userId;
  switch (intent) {
    case "save-review": {
      const values = { rating: text(form, "rating"), title: text(form, "title"), body: text(form, "body") };
      const parsed = reviewForm.safeParse(values);
      if (!parsed.success) return refused({ intent, values }, parsed.error);
      const eligibility = await recordedEligibility(context, auth, app);
      if (eligibility.status !== "eligible")
        return redirectWithNotice(request, context, back, { title: M.notAllowed.title, message: M.notAllowed.message(app.name), level: "error" });
      const outcome = await saveReview(context.db, { appId: app.id, userId, authorName: auth.user.portalDisplayName || "A reviewer", ...parsed.data });
      await bumpCommunityVersion(context);
      const said = outcome === "created" ? M.saved : M.updated;
      return redirectWithNotice(request, context, back, { title: said.title, message: said.message(app.name), level: "success" });
    }
    case "delete-review": {
      const deleted = await deleteOwnReview(context.db, app.id, userId);
      if (deleted) await bumpCommunityVersion(context);
      return redirectWithNotice(request, context, back, { title: M.deleted.title, message: M.deleted.message(app.name), level: "success" });
    }
    case "helpful": {
      const id = reviewId.safeParse(text(form, "reviewId"));
      // A vote that is not taken (one's own review, a second vote) changes nothing, and says so kindly.
      if (id.success) await voteHelpful(context.db, { reviewId: id.data, appId: app.id, userId });
      return redirectWithNotice(request, context, back, { title: M.voted.title, message: M.voted.message, level: "success" });
    }
    case "report-review": {
      const values = { reviewId: text(form, "reviewId"), reason: text(form, "reason"), details: text(form, "details") };
      const parsed = reviewReportForm.safeParse(values);
      if (!parsed.success) return refused({ intent, values, reviewId: Number(values.reviewId) || undefined }, parsed.error);
      // Anyone may tell the moderators; only people who use the app can hide a review (issue 27).
      const counts = (await recordedEligibility(context, auth, app)).status === "eligible";
      const result = await reportReview(context.db, { userId, appId: app.id, ...parsed.data, counts });
      if (result.hidden && result.taken) await bumpCommunityVersion(context);
      const said = result.taken ? M.reported : M.alreadyReported;
      return redirectWithNotice(request, context, back, { title: said.title, message: said.message, level: result.taken ? "success" : "info" });
    }
    case "report-app": {
      const values = { reason: text(form, "reason"), details: text(form, "details") };
      const parsed = appReportForm.safeParse(values);
      if (!parsed.success) return refused({ intent, values }, parsed.error);
      const taken = await reportApp(context.db, { appId: app.id, userId, ...parsed.data });
      const notice = taken ? { title: M.appReported.title, message: M.appReported.message(app.name), level: "success" as const } : { ...M.alreadyReported, level: "info" as const };
      return redirectWithNotice(request, context, appPath(app), notice);
    }
    default:
      return null;
  }
}
