// What the detail page's ratings and reviews part shows (./ReviewsSection.tsx), as the loader
// builds it (./reviews-view.server.ts). Browser-safe types and the address rules. Nothing personal
// is in an anonymous view, which the edge cache shares; a logged-in view is never shared.
import type { Eligibility } from "./eligibility.server";

export const REVIEW_SORTS = ["newest", "helpful", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { newest: "Newest", helpful: "Most helpful", lowest: "Lowest rating" };

export type ReviewItem = {
  id: number;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: string;
  /** Set when the author changed it after posting. */
  editedAt: string | null;
  helpfulCount: number;
  /** The viewer's own review, which they found helpful, which they reported (logged in only). */
  mine: boolean;
  votedHelpful: boolean;
  reported: boolean;
};

export type OwnReview = { rating: number; title: string; body: string; state: "visible" | "reported" | "removed"; createdAt: string };

export type ReviewsView = {
  appName: string;
  summary: { average: number | null; count: number; distribution: number[] };
  items: ReviewItem[];
  total: number;
  sort: ReviewSort;
  page: number;
  pageSize: number;
  /** Null for anonymous visitors: the page is the same for all of them. */
  viewer: null | {
    eligibility: Eligibility["status"];
    own: OwnReview | null;
    /** ?review=edit (or no review yet and eligible): the form is open. */
    editing: boolean;
    /** ?report=<review id>: that review's report form is open. */
    reportingReview: number | null;
    /** ?report=app: the app's report form is open. */
    reportingApp: boolean;
  };
  loginHref: string;
};

/** The detail page's GET parameters of this part. */
export const REVIEW_PARAMS = { sort: "reviewSort", page: "reviewPage", review: "review", report: "report" } as const;

/** A form's values and problems after a refused post, so nothing typed is lost. */
export type ReviewFormState = {
  intent: "save-review" | "report-review" | "report-app";
  values: Record<string, string>;
  errors: Record<string, string>;
  reviewId?: number;
};
