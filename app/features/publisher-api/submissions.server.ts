// Publishers' submissions (issue 16; migrations 0015, 0016): a new app's draft, a listing change or a
// new version of one of their apps, waiting for a hub admin's review. The SQL of the table this
// feature owns; the review queue (app/features/review-queue) decides them.
import { type Actor, type ActorRecord, storedActor } from "~/lib/actor";
import type { Db } from "~/models/db.server";

export type SubmissionState = "pending" | "approved" | "rejected" | "withdrawn";
export const SUBMISSION_KINDS = ["draft", "listing", "version"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export type Submission = {
  id: number;
  publisherSlug: string;
  appId: string;
  /** The app's name as submitted (a draft's app is not in the catalogue until approved). */
  appName: string;
  kind: SubmissionKind;
  payload: unknown;
  state: SubmissionState;
  reason: string | null;
  idempotencyKey: string | null;
  createdAt: string;
  /** The hub admin who approved or rejected it, or the member who withdrew it (~/lib/actor.ts). */
  decidedBy: Actor | null;
  decidedAt: string | null;
  /** The console member who sent it, by name and address; null when an API token did. */
  submittedBy: Actor | null;
};

/** What a submission shows its publisher, in the API's answers and in the console alike. */
export type SubmissionFields = Pick<Submission, "id" | "kind" | "appId" | "appName" | "state" | "reason" | "createdAt" | "decidedAt">;
export const submissionFields = (s: Submission): SubmissionFields => ({
  id: s.id,
  kind: s.kind,
  appId: s.appId,
  appName: s.appName,
  state: s.state,
  reason: s.reason,
  createdAt: s.createdAt,
  decidedAt: s.decidedAt,
});

type Row = {
  id: number;
  publisher_slug: string;
  app_id: string;
  app_name: string;
  kind: SubmissionKind;
  payload: string;
  state: SubmissionState;
  reason: string | null;
  idempotency_key: string | null;
  created_at: string;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  submitted_by: string | null;
  submitted_by_name: string | null;
};
const COLUMNS =
  "id, publisher_slug, app_id, app_name, kind, payload, state, reason, idempotency_key, created_at, decided_by, decided_by_name, decided_at, submitted_by, submitted_by_name";
const toSubmission = (r: Row): Submission => ({
  id: r.id,
  publisherSlug: r.publisher_slug,
  appId: r.app_id,
  appName: r.app_name,
  kind: r.kind,
  payload: JSON.parse(r.payload) as unknown,
  state: r.state,
  reason: r.reason,
  idempotencyKey: r.idempotency_key,
  createdAt: r.created_at,
  decidedBy: storedActor(r.decided_by, { name: r.decided_by_name }),
  decidedAt: r.decided_at,
  submittedBy: storedActor(r.submitted_by, { name: r.submitted_by_name }),
});

/** The submission a publisher sent earlier under this Idempotency-Key, or null. */
export async function findByIdempotencyKey(db: Db, publisherSlug: string, key: string): Promise<Submission | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM submissions WHERE publisher_slug = ? AND idempotency_key = ?`).bind(publisherSlug, key).first<Row>();
  return row ? toSubmission(row) : null;
}

export async function findSubmission(db: Db, id: number): Promise<Submission | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM submissions WHERE id = ?`).bind(id).first<Row>();
  return row ? toSubmission(row) : null;
}

/**
 * Stores a pending submission and its audit entry in one batch. With an Idempotency-Key that another
 * request stored first (two retries racing), the insert does nothing and that submission is returned.
 */
export async function createSubmission(
  db: Db,
  input: {
    publisherSlug: string;
    appId: string;
    appName: string;
    kind: SubmissionKind;
    payload: unknown;
    /** An API token's (its id; the audit log's actor `token:<prefix>`), or a console member's (their e-mail). */
    by: { tokenId: number | null; actor: ActorRecord; submittedBy: ActorRecord | null };
    idempotencyKey: string | null;
  },
  now = new Date(),
): Promise<Submission> {
  const at = now.toISOString();
  const payload = JSON.stringify(input.payload);
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO submissions (publisher_slug, app_id, app_name, kind, payload, token_id, submitted_by, submitted_by_name, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      )
      .bind(
        input.publisherSlug,
        input.appId,
        input.appName,
        input.kind,
        payload,
        input.by.tokenId,
        input.by.submittedBy?.by ?? null,
        input.by.submittedBy?.name ?? null,
        input.idempotencyKey,
        at,
      ),
    db
      .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'submission.create', ?, ? WHERE changes() > 0")
      .bind(at, input.by.actor.by, input.by.actor.name, input.appId, JSON.stringify({ kind: input.kind, publisher: input.publisherSlug })),
  ]);
  const row = inserted!.results[0] as Row | undefined;
  if (row) return toSubmission(row);
  const existing = input.idempotencyKey ? await findByIdempotencyKey(db, input.publisherSlug, input.idempotencyKey) : null;
  if (!existing) throw new Error("The submission was neither stored nor found");
  return existing;
}

/** A publisher's submissions, newest first. */
export async function listPublisherSubmissions(db: Db, publisherSlug: string, limit = 100): Promise<Submission[]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM submissions WHERE publisher_slug = ? ORDER BY created_at DESC, id DESC LIMIT ?`)
    .bind(publisherSlug, limit)
    .all<Row>();
  return results.map(toSubmission);
}

/** A submission of this publisher's (another's id is as unknown as a missing one), or null. */
export async function findPublisherSubmission(db: Db, publisherSlug: string, id: number): Promise<Submission | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM submissions WHERE id = ? AND publisher_slug = ?`).bind(id, publisherSlug).first<Row>();
  return row ? toSubmission(row) : null;
}

/**
 * The publisher withdraws a submission while it waits for review (a decided one stays as decided).
 * False when it is not this publisher's or no longer pending.
 */
export async function withdrawSubmission(db: Db, publisherSlug: string, id: number, by: ActorRecord, now = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .prepare("UPDATE submissions SET state = 'withdrawn', decided_by = ?, decided_by_name = ?, decided_at = ? WHERE id = ? AND publisher_slug = ? AND state = 'pending'")
      .bind(by.by, by.name, at, id, publisherSlug),
    db
      .prepare(
        "INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'submission.withdraw', app_id, json_object('submission', id, 'publisher', publisher_slug) FROM submissions WHERE id = ? AND changes() > 0",
      )
      .bind(at, by.by, by.name, id),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}

/** The review queue: pending submissions, oldest first (first come, first reviewed). */
export async function listPendingSubmissions(db: Db, limit = 200): Promise<Submission[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM submissions WHERE state = 'pending' ORDER BY created_at, id LIMIT ?`).bind(limit).all<Row>();
  return results.map(toSubmission);
}

/** The latest decisions, newest first (the review queue's history). */
export async function listDecidedSubmissions(db: Db, limit = 20): Promise<Submission[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM submissions WHERE state != 'pending' ORDER BY decided_at DESC, id DESC LIMIT ?`).bind(limit).all<Row>();
  return results.map(toSubmission);
}

/**
 * Whether one of this publisher's own pending drafts already asks for this friendly id (they cannot
 * both get it). Other publishers' drafts reserve nothing (issue 27): a pending name would otherwise be
 * squatted, and a probe would learn a competitor's unannounced app. The address is taken on approval.
 */
export async function pendingDraftWithFriendlyId(db: Db, publisherSlug: string, friendlyId: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS found FROM submissions WHERE publisher_slug = ? AND kind = 'draft' AND state = 'pending' AND json_extract(payload, '$.friendlyId') = ? LIMIT 1")
    .bind(publisherSlug, friendlyId)
    .first<{ found: number }>();
  return row !== null;
}

/** How many of a publisher's new-app drafts wait for review (the cap: ./draft-submission.server.ts). */
export async function countPendingDrafts(db: Db, publisherSlug: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM submissions WHERE publisher_slug = ? AND kind = 'draft' AND state = 'pending'")
    .bind(publisherSlug)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
