// Ratings and reviews (issue 15; docs/decisions/024): the SQL of the tables this feature owns
// (migration 0013: reviews, review_votes, review_reports, app_uses). Community data, keyed by the
// app's public id, so it outlives catalogue imports. Every write that changes what a review counts
// for also writes the app's rating (apps.rating_avg, rating_count) in the same D1 batch, so lists,
// cards and the detail page never disagree with the reviews.
import type { Db } from "~/models/db.server";
import type { ReviewSort } from "./reviews-view";

export const REVIEW_REPORTS_TO_HIDE = 3;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEWS_PAGE_SIZE = 10;

export { REVIEW_SORTS, type ReviewSort } from "./reviews-view";

export type UseHow = "added" | "connected" | "bot-in-space" | "grant";

export type Review = {
  id: number;
  appId: string;
  userId: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  createdAt: string;
  updatedAt: string;
  helpfulCount: number;
  state: "visible" | "reported" | "removed";
};

type ReviewRow = {
  id: number;
  app_id: string;
  user_id: string;
  author_name: string;
  rating: number;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
  helpful_count: number;
  state: Review["state"];
};

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  appId: r.app_id,
  userId: r.user_id,
  authorName: r.author_name,
  rating: r.rating,
  title: r.title,
  body: r.body,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  helpfulCount: r.helpful_count,
  state: r.state,
});

const REVIEW_COLUMNS = "id, app_id, user_id, author_name, rating, title, body, created_at, updated_at, helpful_count, state";

/** The app's rating from its visible reviews, written into apps (the same batch as the change). */
function writeRating(db: Db, appId: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE apps SET
         rating_avg = (SELECT avg(rating) FROM reviews WHERE app_id = ?1 AND state = 'visible'),
         rating_count = (SELECT count(*) FROM reviews WHERE app_id = ?1 AND state = 'visible')
       WHERE id = ?1`,
    )
    .bind(appId);
}

export type RatingSummary = { average: number | null; count: number /** Index 0 is 1 star, 4 is 5 stars. */; distribution: number[] };

/** Average, count and the five-bar distribution of an app's visible reviews. */
export async function ratingSummary(db: Db, appId: string): Promise<RatingSummary> {
  const { results } = await db
    .prepare("SELECT rating, count(*) AS n FROM reviews WHERE app_id = ? AND state = 'visible' GROUP BY rating")
    .bind(appId)
    .all<{ rating: number; n: number }>();
  return summaryOf(results);
}

function summaryOf(results: readonly { rating: number; n: number }[]): RatingSummary {
  const distribution = [0, 0, 0, 0, 0];
  for (const r of results) distribution[r.rating - 1] = r.n;
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { average: count ? Math.round((sum / count) * 10) / 10 : null, count, distribution };
}

const ORDER: Record<ReviewSort, string> = {
  newest: "created_at DESC, id DESC",
  helpful: "helpful_count DESC, created_at DESC, id DESC",
  lowest: "rating ASC, created_at DESC, id DESC",
};

export type ReviewsPage = {
  summary: RatingSummary;
  items: Review[];
  total: number;
  /** For a logged-in person: their own review, their marks on this page's reviews, and how our records say they use the app. */
  viewer: { own: Review | null; helpful: number[]; reported: number[]; use: UseHow | null } | null;
};

/**
 * Everything the detail page's reviews part reads, in one D1 batch (one round trip): the summary,
 * a page of reviews and their total, and for a logged-in person their own review, their votes and
 * reports on that page and our record of their use.
 */
export async function loadReviewsPage(
  db: Db,
  query: { appId: string; clientId: string | null; sort: ReviewSort; page: number; userId: string | null; connects: ConnectsCount },
): Promise<ReviewsPage> {
  const { appId, userId } = query;
  const offset = (query.page - 1) * REVIEWS_PAGE_SIZE;
  const pageIds = `SELECT id FROM reviews WHERE app_id = ?2 AND state = 'visible' ORDER BY ${ORDER[query.sort]} LIMIT ?3 OFFSET ?4`;
  const statements = [
    db.prepare("SELECT rating, count(*) AS n FROM reviews WHERE app_id = ? AND state = 'visible' GROUP BY rating").bind(appId),
    db
      .prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews WHERE app_id = ? AND state = 'visible' ORDER BY ${ORDER[query.sort]} LIMIT ? OFFSET ?`)
      .bind(appId, REVIEWS_PAGE_SIZE, offset),
  ];
  if (userId !== null) {
    statements.push(
      db.prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews WHERE app_id = ? AND user_id = ?`).bind(appId, userId),
      db.prepare(`SELECT review_id FROM review_votes WHERE user_id = ?1 AND review_id IN (${pageIds})`).bind(userId, appId, REVIEWS_PAGE_SIZE, offset),
      db.prepare(`SELECT review_id FROM review_reports WHERE user_id = ?1 AND review_id IN (${pageIds})`).bind(userId, appId, REVIEWS_PAGE_SIZE, offset),
      recordedUseStatement(db, userId, { id: appId, clientId: query.clientId }, query.connects),
    );
  }
  const [counts, rows, own, votes, reports, use] = await db.batch(statements);
  const summary = summaryOf(counts!.results as { rating: number; n: number }[]);
  const ids = (r: D1Result | undefined) => ((r?.results ?? []) as { review_id: number }[]).map((x) => x.review_id);
  return {
    summary,
    items: (rows!.results as ReviewRow[]).map(toReview),
    total: summary.count,
    viewer:
      userId === null
        ? null
        : {
            own: own!.results[0] ? toReview(own!.results[0] as ReviewRow) : null,
            helpful: ids(votes),
            reported: ids(reports),
            use: ((use!.results[0] as { how: UseHow } | undefined) ?? null)?.how ?? null,
          },
  };
}

export async function findReview(db: Db, reviewId: number): Promise<Review | null> {
  const row = await db.prepare(`SELECT ${REVIEW_COLUMNS} FROM reviews WHERE id = ?`).bind(reviewId).first<ReviewRow>();
  return row ? toReview(row) : null;
}

/**
 * Writes the person's review: a new one, or their one review of the app changed (one per person per
 * app: the table's unique key). An edit keeps the review's state: a hidden or removed review stays
 * so until a moderator decides, whatever its author changes.
 */
export async function saveReview(
  db: Db,
  review: { appId: string; userId: string; authorName: string; rating: number; title: string; body: string },
  now = new Date(),
): Promise<"created" | "updated"> {
  const at = now.toISOString();
  // A batch runs in order, in one transaction: the first statement sees the table before the write.
  const [before] = await db.batch([
    db.prepare("SELECT count(*) AS n FROM reviews WHERE app_id = ? AND user_id = ?").bind(review.appId, review.userId),
    db
      .prepare(
        `INSERT INTO reviews (app_id, user_id, author_name, rating, title, body, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)
         ON CONFLICT (app_id, user_id) DO UPDATE SET author_name = excluded.author_name, rating = excluded.rating,
           title = excluded.title, body = excluded.body, updated_at = excluded.updated_at`,
      )
      .bind(review.appId, review.userId, review.authorName, review.rating, review.title, review.body, at),
    writeRating(db, review.appId),
  ]);
  return (before!.results[0] as { n: number }).n === 0 ? "created" : "updated";
}

/** Deletes the person's own review of the app. True when there was one. */
export async function deleteOwnReview(db: Db, appId: string, userId: string): Promise<boolean> {
  const [deleted] = await db.batch([db.prepare("DELETE FROM reviews WHERE app_id = ? AND user_id = ?").bind(appId, userId), writeRating(db, appId)]);
  return (deleted!.meta.changes ?? 0) > 0;
}

/**
 * 'Was this helpful?': one vote per person per review, never on one's own. The count is recounted
 * from the votes, so a repeated post changes nothing. False when the vote was not taken.
 */
export async function voteHelpful(db: Db, vote: { reviewId: number; appId: string; userId: string }, now = new Date()): Promise<boolean> {
  const { reviewId, userId } = vote;
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO review_votes (review_id, user_id, voted_at)
         SELECT id, ?2, ?3 FROM reviews WHERE id = ?1 AND app_id = ?4 AND state = 'visible' AND user_id <> ?2
         ON CONFLICT DO NOTHING`,
      )
      .bind(reviewId, userId, now.toISOString(), vote.appId),
    db.prepare("UPDATE reviews SET helpful_count = (SELECT count(*) FROM review_votes WHERE review_id = ?1) WHERE id = ?1").bind(reviewId),
  ]);
  return (inserted!.meta.changes ?? 0) > 0;
}

/**
 * A report (one per person per review, never on one's own). Every report reaches the moderators,
 * but only reports from people who use the app (`counts`: review-eligible by the hub's records when
 * they report) count towards hiding it: the third such report hides the review (and takes it out of
 * the rating) until a moderator decides. A review a moderator restored is never hidden by reports
 * again (issue 27): later reports only put it back on the moderators' list. Returns whether the
 * report was taken and whether the review is now hidden.
 */
export async function reportReview(
  db: Db,
  report: { reviewId: number; appId: string; userId: string; reason: string; details: string; counts: boolean },
  now = new Date(),
): Promise<{ taken: boolean; hidden: boolean }> {
  const review = await findReview(db, report.reviewId);
  // Only a review of this app, by someone else, that a moderator has not removed.
  if (!review || review.appId !== report.appId || review.userId === report.userId || review.state === "removed") return { taken: false, hidden: review?.state === "reported" };
  const [inserted, , after] = await db.batch([
    db
      .prepare("INSERT INTO review_reports (review_id, user_id, reason, details, reported_at, counts) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
      .bind(report.reviewId, report.userId, report.reason, report.details, now.toISOString(), report.counts ? 1 : 0),
    db
      .prepare(
        `UPDATE reviews SET
           report_count = (SELECT count(*) FROM review_reports r WHERE r.review_id = reviews.id AND r.reported_at > coalesce(reviews.restored_at, '')),
           state = CASE WHEN state = 'visible' AND restored_at IS NULL
             AND (SELECT count(*) FROM review_reports r WHERE r.review_id = reviews.id AND r.counts = 1) >= ?2
             THEN 'reported' ELSE state END
         WHERE id = ?1`,
      )
      .bind(report.reviewId, REVIEW_REPORTS_TO_HIDE),
    db.prepare("SELECT state FROM reviews WHERE id = ?").bind(report.reviewId),
    writeRating(db, review.appId),
  ]);
  const hidden = (after!.results[0] as { state: string } | undefined)?.state === "reported";
  return { taken: (inserted!.meta.changes ?? 0) > 0, hidden };
}

// --- Who uses an app, by the hub's records ---------------------------------------------------

/** Records that the person uses the app (the first way the hub learnt it is kept). */
export async function recordUse(db: Db, use: { userId: string; appId: string; how: UseHow }, now = new Date()): Promise<void> {
  await db.prepare("INSERT INTO app_uses (user_id, app_id, how, seen_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").bind(use.userId, use.appId, use.how, now.toISOString()).run();
}

/**
 * Which Connects through the hub count as using the app: every start where the platform cannot
 * confirm a grant (third-party mode: a start is all the hub can know), only confirmed ones where it
 * can (issue 27: a start alone is a click, not a connection).
 */
export type ConnectsCount = "started" | "confirmed";

/** How the hub's records say the person uses the app: a recorded use, or a connection made through the hub. */
export async function recordedUse(db: Db, userId: string, app: { id: string; clientId: string | null }, connects: ConnectsCount): Promise<UseHow | null> {
  const row = await recordedUseStatement(db, userId, app, connects).first<{ how: UseHow }>();
  return row?.how ?? null;
}

function recordedUseStatement(db: Db, userId: string, app: { id: string; clientId: string | null }, connects: ConnectsCount): D1PreparedStatement {
  return db
    .prepare(
      `SELECT how FROM app_uses WHERE user_id = ?1 AND app_id = ?2
       UNION ALL SELECT 'connected' FROM integration_connections WHERE user_id = ?1 AND client_id = ?3 AND (?4 = 0 OR confirmed_at IS NOT NULL)
       LIMIT 1`,
    )
    .bind(userId, app.id, app.clientId ?? "", connects === "confirmed" ? 1 : 0);
}

// --- Moderation of reviews (app/features/moderation) ------------------------------------------

export type ReportedReview = Review & { appName: string; appKey: string; reports: { reason: string; details: string; reportedAt: string }[] };

/** Reviews with reports a moderator has not decided on: hidden ones first, then by latest report. */
export async function listReportedReviews(db: Db, limit = 100): Promise<ReportedReview[]> {
  const { results } = await db
    .prepare(
      `SELECT r.id, r.app_id, r.user_id, r.author_name, r.rating, r.title, r.body, r.created_at, r.updated_at, r.helpful_count, r.state,
              coalesce(a.name, r.app_id) AS app_name, coalesce(a.friendly_id, r.app_id) AS app_key,
              (SELECT json_group_array(json_object('reason', p.reason, 'details', p.details, 'reportedAt', p.reported_at))
                 FROM review_reports p WHERE p.review_id = r.id AND p.reported_at > coalesce(r.restored_at, '')) AS reports,
              (SELECT max(p.reported_at) FROM review_reports p WHERE p.review_id = r.id) AS last_report
       FROM reviews r LEFT JOIN apps a ON a.id = r.app_id
       WHERE r.state = 'reported' OR (r.state = 'visible' AND r.report_count > 0)
       ORDER BY r.state = 'reported' DESC, last_report DESC LIMIT ?`,
    )
    .bind(limit)
    .all<ReviewRow & { app_name: string; app_key: string; reports: string }>();
  return results.map((r) => ({ ...toReview(r), appName: r.app_name, appKey: r.app_key, reports: JSON.parse(r.reports) as ReportedReview["reports"] }));
}

/**
 * A moderator's decision on a review: restore (visible again; its reports so far no longer count)
 * or remove (hidden for good). Logged with who decided. False when there is no such review.
 */
export async function decideReview(db: Db, reviewId: number, decision: "restore" | "remove", moderatorEmail: string, now = new Date()): Promise<Review | null> {
  const review = await findReview(db, reviewId);
  if (!review) return null;
  const at = now.toISOString();
  await db.batch([
    decision === "restore"
      ? db.prepare("UPDATE reviews SET state = 'visible', report_count = 0, restored_at = ? WHERE id = ?").bind(at, reviewId)
      : db.prepare("UPDATE reviews SET state = 'removed' WHERE id = ?").bind(reviewId),
    db.prepare("INSERT INTO moderation_log (subject, subject_id, action, by_email, at) VALUES ('review', ?, ?, ?, ?)").bind(String(reviewId), decision, moderatorEmail, at),
    writeRating(db, review.appId),
  ]);
  return review;
}
