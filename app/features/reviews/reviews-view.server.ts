// Builds the detail page's ratings and reviews part (./reviews-view.ts): the summary and a page of
// reviews for everyone; for a logged-in person also their own review, their marks and whether they
// may review (our records, or the platform when they asked to check: ./eligibility.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { loginPath } from "~/components/auth-links";
import { appPath } from "~/lib/app-paths";
import { parsePageParam } from "~/lib/pagination";
import type { AppDetail } from "~/models/types";
import { checkedEligibility, recordedEligibility } from "./eligibility.server";
import { findOwnReview, listReviews, ratingSummary, REVIEW_SORTS, REVIEWS_PAGE_SIZE, viewerMarks, type ReviewSort } from "./reviews.server";
import { REVIEW_PARAMS, type ReviewsView } from "./reviews-view";

export const reviewSortOf = (value: string | null): ReviewSort => REVIEW_SORTS.find((s) => s === value) ?? "newest";

export async function loadReviewsView(url: URL, context: AppLoadContext, auth: Auth | null, app: AppDetail): Promise<ReviewsView> {
  const sort = reviewSortOf(url.searchParams.get(REVIEW_PARAMS.sort));
  const page = parsePageParam(url.searchParams.get(REVIEW_PARAMS.page)) ?? 1;
  const [summary, list] = await Promise.all([ratingSummary(context.db, app.id), listReviews(context.db, app.id, sort, page)]);
  const base = {
    appName: app.name,
    summary,
    total: list.total,
    sort,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    loginHref: loginPath(`${appPath(app)}#reviews`),
  };
  const items = list.items.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    createdAt: r.createdAt,
    editedAt: r.updatedAt !== r.createdAt ? r.updatedAt : null,
    helpfulCount: r.helpfulCount,
    mine: false,
    votedHelpful: false,
    reported: false,
  }));
  if (!auth) return { ...base, items, viewer: null };

  const userId = auth.user.userId;
  const wantsCheck = url.searchParams.get(REVIEW_PARAMS.review) === "check";
  const [own, marks, eligibility] = await Promise.all([
    findOwnReview(context.db, app.id, userId),
    viewerMarks(
      context.db,
      userId,
      items.map((i) => i.id),
    ),
    wantsCheck ? checkedEligibility(context, auth, app) : recordedEligibility(context, auth, app),
  ]);
  const mineId = own?.id;
  const report = url.searchParams.get(REVIEW_PARAMS.report);
  const reportingReview = report && /^\d{1,12}$/.test(report) ? Number(report) : null;
  return {
    ...base,
    items: items.map((i) => ({ ...i, mine: i.id === mineId, votedHelpful: marks.helpful.includes(i.id), reported: marks.reported.includes(i.id) })),
    viewer: {
      eligibility: eligibility.status,
      own: own ? { rating: own.rating, title: own.title, body: own.body, state: own.state, createdAt: own.createdAt } : null,
      editing: eligibility.status === "eligible" && (url.searchParams.get(REVIEW_PARAMS.review) === "edit" || !own),
      reportingReview,
      reportingApp: report === "app",
    },
  };
}
