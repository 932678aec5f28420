// Ratings and reviews on the detail page (issue 15): the average, the count and a five-bar
// distribution; the reviews, sorted and paged by GET links; and for a logged-in person their own
// review (write, edit, delete), 'Was this helpful?', 'Report' and 'Report this app'. Every step is a
// link or a plain form, so all of it works without JavaScript; with it, the same forms post through
// Remix and a refused one shows its problems in place with what was typed.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { FieldError } from "~/components/FieldError";
import * as f from "~/components/FormField.css";
import { ratingWords } from "~/components/RatingStars";
import { APP_REPORT_REASON_LABELS, APP_REPORT_REASONS } from "~/features/moderation/report-reasons";
import { REVIEW_MESSAGES as M, REVIEW_REPORT_REASON_LABELS, REVIEW_REPORT_REASONS } from "./messages";
import { REVIEW_PARAMS, REVIEW_SORT_LABELS, type ReviewFormState, type ReviewItem, type ReviewsView } from "./reviews-view";
import * as s from "./ReviewsSection.css";
import { visuallyHidden } from "../../../styles/global.css";
import { formatDate } from "~/lib/format-date";

const RATING_LABELS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;
const TITLE_MAX = 120;
const BODY_MAX = 2000;
const DETAILS_MAX = 1000;

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/** A link within this part: the reviews' sort and page kept, and the one parameter changed. */
function hrefWith(view: ReviewsView, changes: Record<string, string | null>, hash = "reviews"): string {
  const params = new URLSearchParams();
  if (view.sort !== "newest") params.set(REVIEW_PARAMS.sort, view.sort);
  if (view.page > 1) params.set(REVIEW_PARAMS.page, String(view.page));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return `${search ? `?${search}` : "?"}#${hash}`;
}

function useFormState(intent: ReviewFormState["intent"], reviewId?: number): ReviewFormState | null {
  const action = useActionData<{ reviewForm?: ReviewFormState }>();
  const state = action?.reviewForm;
  return state && state.intent === intent && (reviewId === undefined || state.reviewId === reviewId) ? state : null;
}

function Summary({ view }: { view: ReviewsView }) {
  const { average, count, distribution } = view.summary;
  return (
    <div className={s.summary}>
      <p className={s.average}>
        {average === null ? (
          <span className={s.none}>No ratings yet</span>
        ) : (
          <>
            <span className={s.big} aria-hidden="true">
              {average.toFixed(1)}
            </span>
            <span className={s.stars} aria-hidden="true">
              {stars(Math.round(average))}
            </span>
            <span className={visuallyHidden}>{ratingWords(average, count)}</span>
            <span aria-hidden="true" className={s.countLine}>
              {count} {count === 1 ? "rating" : "ratings"}
            </span>
          </>
        )}
      </p>
      <ul className={s.bars} aria-label="Ratings by stars">
        {[5, 4, 3, 2, 1].map((n) => {
          const c = distribution[n - 1] ?? 0;
          const pct = count ? Math.round((c / count) * 100) : 0;
          return (
            <li key={n} className={s.barRow}>
              <span className={s.barLabel}>
                {n} {n === 1 ? "star" : "stars"}
              </span>
              {/* A meter, not a styled width: the CSP allows no inline styles. The text says the same. */}
              <meter className={s.bar} min={0} max={Math.max(count, 1)} value={c} aria-hidden="true" />
              <span className={s.barCount}>
                {c}
                <span className={visuallyHidden}> ({pct}%)</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ReviewForm({ view, busy }: { view: ReviewsView; busy: boolean }) {
  const own = view.viewer?.own ?? null;
  const state = useFormState("save-review");
  const values = state?.values ?? (own ? { rating: String(own.rating), title: own.title, body: own.body } : { rating: "", title: "", body: "" });
  const errors = state?.errors ?? {};
  return (
    <Form method="post" className={s.form} id="write-review" preventScrollReset>
      <CsrfInput />
      <h3 className={s.formTitle}>{own ? "Edit your review" : `Rate and review ${view.appName}`}</h3>
      {Object.keys(errors).length ? (
        <p className={f.problem} role="alert">
          Your review was not posted: please fix what is marked below.
        </p>
      ) : null}
      <fieldset className={s.ratingField} aria-describedby={errors.rating ? "review-rating-error" : undefined}>
        <legend className={f.label}>Your rating</legend>
        <div className={s.ratingChoices}>
          {RATING_LABELS.map((label, i) => (
            <label key={label} className={s.ratingChoice}>
              <input type="radio" name="rating" value={i + 1} defaultChecked={values.rating === String(i + 1)} required />
              <span aria-hidden="true" className={s.stars}>
                {stars(i + 1)}
              </span>{" "}
              {i + 1} – {label}
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error" message={errors.rating} />
      </fieldset>
      <div className={f.form}>
        <label htmlFor="review-title" className={f.label}>
          Title
        </label>
        <input
          id="review-title"
          name="title"
          className={f.field}
          defaultValue={values.title}
          maxLength={TITLE_MAX}
          required
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "review-title-error" : undefined}
        />
        <FieldError id="review-title-error" message={errors.title} />
      </div>
      <div className={f.form}>
        <label htmlFor="review-body" className={f.label}>
          Your review <span className={f.hint}>(optional, up to 2,000 characters)</span>
        </label>
        <textarea
          id="review-body"
          name="body"
          rows={6}
          className={f.field}
          defaultValue={values.body}
          maxLength={BODY_MAX}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? "review-body-error" : undefined}
        />
        <FieldError id="review-body-error" message={errors.body} />
      </div>
      <div className={s.buttons}>
        <button type="submit" name="intent" value="save-review" className={buttonStyles.primary} disabled={busy}>
          {own ? "Save changes" : "Post review"}
        </button>
        {own ? (
          <a href={hrefWith(view, { [REVIEW_PARAMS.review]: null })} className={buttonStyles.secondary}>
            Cancel
          </a>
        ) : null}
      </div>
    </Form>
  );
}

function OwnReviewBlock({ view, busy }: { view: ReviewsView; busy: boolean }) {
  const own = view.viewer?.own;
  if (!own) return null;
  return (
    <div className={s.own}>
      <h3 className={s.formTitle}>Your review</h3>
      {own.state === "reported" ? <p className={s.notice}>Hidden while a moderator looks at reports about it.</p> : null}
      {own.state === "removed" ? <p className={s.notice}>A moderator removed it: others do not see it.</p> : null}
      <p className={s.reviewStars}>
        <span aria-hidden="true" className={s.stars}>
          {stars(own.rating)}
        </span>
        <span className={visuallyHidden}>Rated {own.rating} out of 5</span>
      </p>
      <p className={s.reviewTitle}>{own.title}</p>
      {own.body ? <p className={s.reviewBody}>{own.body}</p> : null}
      <div className={s.buttons}>
        <a href={hrefWith(view, { [REVIEW_PARAMS.review]: "edit" }, "write-review")} className={buttonStyles.secondary}>
          Edit your review
        </a>
        <Form method="post" preventScrollReset>
          <CsrfInput />
          <button type="submit" name="intent" value="delete-review" className={buttonStyles.secondary} disabled={busy}>
            Delete your review
          </button>
        </Form>
      </div>
    </div>
  );
}

function ViewerBlock({ view, busy }: { view: ReviewsView; busy: boolean }) {
  const { viewer } = view;
  if (!viewer) {
    return (
      <p className={s.prompt}>
        <a href={view.loginHref}>{M.logIn}</a>
      </p>
    );
  }
  switch (viewer.eligibility) {
    case "coming-soon":
      return <p className={s.prompt}>{M.comingSoon}</p>;
    case "eligible":
      return viewer.editing ? <ReviewForm view={view} busy={busy} /> : <OwnReviewBlock view={view} busy={busy} />;
    case "can-check":
      return (
        <form method="get" action="#write-review" className={s.prompt}>
          <p>{M.checkPrompt(view.appName)}</p>
          {view.sort !== "newest" ? <input type="hidden" name={REVIEW_PARAMS.sort} value={view.sort} /> : null}
          <button type="submit" name={REVIEW_PARAMS.review} value="check" className={buttonStyles.secondary}>
            {M.checkButton}
          </button>
        </form>
      );
    case "not-a-user":
      return <p className={s.prompt}>{M.notAUser(view.appName)}</p>;
    case "check-failed":
      return <p className={s.prompt}>{M.checkFailed}</p>;
    default:
      return <p className={s.prompt}>{M.cannotKnow(view.appName)}</p>;
  }
}

/** A report's reason (required) and details (optional), with what a refused post said about them. */
function ReportFields({
  id,
  question,
  reasons,
  values,
  errors,
  rows,
}: {
  id: string;
  question: string;
  reasons: { value: string; label: string }[];
  values: Record<string, string>;
  errors: Record<string, string>;
  rows: number;
}) {
  return (
    <>
      <div className={f.form}>
        <label htmlFor={`${id}-reason`} className={f.label}>
          {question}
        </label>
        <select
          id={`${id}-reason`}
          name="reason"
          className={f.field}
          defaultValue={values.reason}
          required
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        >
          <option value="">Choose a reason</option>
          {reasons.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-reason-error`} message={errors.reason} />
      </div>
      <div className={f.form}>
        <label htmlFor={`${id}-details`} className={f.label}>
          Details <span className={f.hint}>(optional)</span>
        </label>
        <textarea
          id={`${id}-details`}
          name="details"
          rows={rows}
          className={f.field}
          defaultValue={values.details}
          maxLength={DETAILS_MAX}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={errors.details ? `${id}-details-error` : undefined}
        />
        <FieldError id={`${id}-details-error`} message={errors.details} />
      </div>
    </>
  );
}

function ReportReviewForm({ view, review, busy }: { view: ReviewsView; review: ReviewItem; busy: boolean }) {
  const state = useFormState("report-review", review.id);
  const values = state?.values ?? { reason: "", details: "" };
  const errors = state?.errors ?? {};
  const id = `report-${review.id}`;
  return (
    <Form method="post" className={s.reportForm} preventScrollReset aria-label={`Report the review “${review.title}”`}>
      <CsrfInput />
      <input type="hidden" name="reviewId" value={review.id} />
      <ReportFields
        id={id}
        question="Why are you reporting this review?"
        reasons={REVIEW_REPORT_REASONS.map((r) => ({ value: r, label: REVIEW_REPORT_REASON_LABELS[r] }))}
        values={values}
        errors={errors}
        rows={3}
      />
      <div className={s.buttons}>
        <button type="submit" name="intent" value="report-review" className={buttonStyles.primary} disabled={busy}>
          Send report
        </button>
        <a href={hrefWith(view, { [REVIEW_PARAMS.report]: null }, `review-${review.id}`)} className={buttonStyles.secondary}>
          Cancel
        </a>
      </div>
    </Form>
  );
}

function ReviewCard({ view, review, busy }: { view: ReviewsView; review: ReviewItem; busy: boolean }) {
  const { viewer } = view;
  const reporting = viewer?.reportingReview === review.id && !review.mine && !review.reported;
  return (
    <li className={s.review} id={`review-${review.id}`}>
      <p className={s.reviewStars}>
        <span aria-hidden="true" className={s.stars}>
          {stars(review.rating)}
        </span>
        <span className={visuallyHidden}>Rated {review.rating} out of 5</span>
      </p>
      <h3 className={s.reviewTitle}>{review.title}</h3>
      <p className={s.byline}>
        {review.authorName}
        {review.mine ? " (you)" : ""} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.editedAt ? " · edited" : ""}
      </p>
      {review.body ? <p className={s.reviewBody}>{review.body}</p> : null}
      <div className={s.reviewActions}>
        <span className={s.helpfulCount}>{review.helpfulCount === 0 ? "" : `${review.helpfulCount} ${review.helpfulCount === 1 ? "person" : "people"} found this helpful`}</span>
        {viewer && !review.mine ? (
          review.votedHelpful ? (
            <span className={s.helpfulCount}>You found this helpful</span>
          ) : (
            <Form method="post" preventScrollReset className={s.inlineForm}>
              <CsrfInput />
              <input type="hidden" name="reviewId" value={review.id} />
              <span>Was this helpful?</span>{" "}
              <button type="submit" name="intent" value="helpful" className={buttonStyles.link} disabled={busy}>
                Yes<span className={visuallyHidden}>, “{review.title}” was helpful</span>
              </button>
            </Form>
          )
        ) : null}
        {viewer && !review.mine ? (
          review.reported ? (
            <span className={s.helpfulCount}>You reported this</span>
          ) : reporting ? null : (
            <a href={hrefWith(view, { [REVIEW_PARAMS.report]: String(review.id) }, `review-${review.id}`)} className={s.reportLink}>
              Report<span className={visuallyHidden}> the review “{review.title}”</span>
            </a>
          )
        ) : null}
      </div>
      {reporting ? <ReportReviewForm view={view} review={review} busy={busy} /> : null}
    </li>
  );
}

function ReportAppBlock({ view, busy }: { view: ReviewsView; busy: boolean }) {
  const state = useFormState("report-app");
  if (!view.viewer) return null;
  const open = view.viewer.reportingApp || state !== null;
  const values = state?.values ?? { reason: "", details: "" };
  const errors = state?.errors ?? {};
  return (
    <div className={s.reportApp} id="report-app">
      {open ? (
        <Form method="post" className={s.reportForm} preventScrollReset>
          <CsrfInput />
          <h3 className={s.formTitle}>Report {view.appName}</h3>
          <p className={f.hint}>Tell the App Hub's moderators what is wrong with this app. They may take it down.</p>
          <ReportFields
            id="report-app"
            question="What is wrong?"
            reasons={APP_REPORT_REASONS.map((r) => ({ value: r, label: APP_REPORT_REASON_LABELS[r] }))}
            values={values}
            errors={errors}
            rows={4}
          />
          <div className={s.buttons}>
            <button type="submit" name="intent" value="report-app" className={buttonStyles.primary} disabled={busy}>
              Send report
            </button>
            <a href={hrefWith(view, { [REVIEW_PARAMS.report]: null })} className={buttonStyles.secondary}>
              Cancel
            </a>
          </div>
        </Form>
      ) : (
        <a href={hrefWith(view, { [REVIEW_PARAMS.report]: "app" }, "report-app")} className={s.reportLink}>
          Report this app
        </a>
      )}
    </div>
  );
}

function Pager({ view }: { view: ReviewsView }): ReactNode {
  const pages = Math.max(1, Math.ceil(view.total / view.pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages of reviews" className={s.pager}>
      {view.page > 1 ? <a href={hrefWith(view, { [REVIEW_PARAMS.page]: view.page === 2 ? null : String(view.page - 1) })}>Previous reviews</a> : null}
      <span>
        Page {view.page} of {pages}
      </span>
      {view.page < pages ? <a href={hrefWith(view, { [REVIEW_PARAMS.page]: String(view.page + 1) })}>More reviews</a> : null}
    </nav>
  );
}

export function ReviewsSection({ view }: { view: ReviewsView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section id="reviews" aria-labelledby="reviews-title" className={s.section}>
      <h2 id="reviews-title" className={s.title}>
        Ratings and reviews
      </h2>
      <div className={s.top}>
        <Summary view={view} />
        <ViewerBlock view={view} busy={busy} />
      </div>
      {view.total > 0 ? (
        <>
          <form method="get" action="#reviews" className={s.sortForm}>
            <label htmlFor="review-sort" className={f.label}>
              Sort reviews
            </label>
            <select id="review-sort" name={REVIEW_PARAMS.sort} defaultValue={view.sort} key={view.sort} className={`${f.field} ${s.sortSelect}`}>
              {Object.entries(REVIEW_SORT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" className={buttonStyles.secondary}>
              Sort
            </button>
          </form>
          <ol className={s.list}>
            {view.items.map((review) => (
              <ReviewCard key={review.id} view={view} review={review} busy={busy} />
            ))}
          </ol>
          <Pager view={view} />
        </>
      ) : (
        <p className={s.none}>No reviews yet.</p>
      )}
      <ReportAppBlock view={view} busy={busy} />
    </section>
  );
}
