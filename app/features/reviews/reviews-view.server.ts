// Builds the detail page's ratings and reviews part (./reviews-view.ts): the summary and a page of
// reviews for everyone; for a logged-in person also their own review, their marks and whether they
// may review (our records, or the platform when they asked to check: ./eligibility.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { loginPath } from "~/components/auth-links";
import { appPath } from "~/lib/app-paths";
import { parsePageParam } from "~/lib/pagination";
import type { AppDetail } from "~/models/types";
import { checkedEligibility, connectsCount, recordedEligibility } from "./eligibility.server";
import { loadReviewsPage, REVIEW_SORTS, REVIEWS_PAGE_SIZE, type ReviewSort } from "./reviews.server";
import { REVIEW_PARAMS, type ReviewsView } from "./reviews-view";

export const reviewSortOf = (value: string | null): ReviewSort => REVIEW_SORTS.find((s) => s === value) ?? "newest";

export async function loadReviewsView(url: URL, context: AppLoadContext, auth: Auth | null, app: AppDetail): Promise<ReviewsView> {
  const sort = reviewSortOf(url.searchParams.get(REVIEW_PARAMS.sort));
  const page = parsePageParam(url.searchParams.get(REVIEW_PARAMS.page)) ?? 1;
  const userId = auth?.user.userId ?? null;
  const data = await loadReviewsPage(context.db, { appId: app.id, clientId: app.clientId, sort, page, userId, connects: connectsCount(context, app) });
  const mineId = data.viewer?.own?.id;
  const items = data.items.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    createdAt: r.createdAt,
    editedAt: r.updatedAt !== r.createdAt ? r.updatedAt : null,
    helpfulCount: r.helpfulCount,
    mine: r.id === mineId,
    votedHelpful: data.viewer?.helpful.includes(r.id) ?? false,
    reported: data.viewer?.reported.includes(r.id) ?? false,
  }));
  const view = {
    appName: app.name,
    summary: data.summary,
    items,
    total: data.total,
    sort,
    page,
    pageSize: REVIEWS_PAGE_SIZE,
    loginHref: loginPath(`${appPath(app)}#reviews`),
  };
  if (!auth || !data.viewer) return { ...view, viewer: null };

  // Only when the person asked us to check does the platform hear of it (./eligibility.server.ts).
  const eligibility =
    url.searchParams.get(REVIEW_PARAMS.review) === "check" ? await checkedEligibility(context, auth, app) : await recordedEligibility(context, auth, app, data.viewer.use);
  const own = data.viewer.own;
  const report = url.searchParams.get(REVIEW_PARAMS.report);
  return {
    ...view,
    viewer: {
      eligibility: eligibility.status,
      own: own ? { rating: own.rating, title: own.title, body: own.body, state: own.state, createdAt: own.createdAt } : null,
      editing: eligibility.status === "eligible" && (url.searchParams.get(REVIEW_PARAMS.review) === "edit" || !own),
      reportingReview: report && /^\d{1,12}$/.test(report) ? Number(report) : null,
      reportingApp: report === "app",
    },
  };
}
