// Publishers' submissions (issue 16; migration 0015): a new version of one of their apps, waiting for
// a hub admin's review. The SQL of the table this feature owns.
import type { Db } from "~/models/db.server";

export type SubmissionState = "pending" | "approved" | "rejected";
export type Submission = {
  id: number;
  publisherSlug: string;
  appId: string;
  kind: "version";
  payload: unknown;
  state: SubmissionState;
  reason: string | null;
  idempotencyKey: string | null;
  createdAt: string;
  decidedAt: string | null;
};

type Row = {
  id: number;
  publisher_slug: string;
  app_id: string;
  kind: "version";
  payload: string;
  state: SubmissionState;
  reason: string | null;
  idempotency_key: string | null;
  created_at: string;
  decided_at: string | null;
};
const COLUMNS = "id, publisher_slug, app_id, kind, payload, state, reason, idempotency_key, created_at, decided_at";
const toSubmission = (r: Row): Submission => ({
  id: r.id,
  publisherSlug: r.publisher_slug,
  appId: r.app_id,
  kind: r.kind,
  payload: JSON.parse(r.payload) as unknown,
  state: r.state,
  reason: r.reason,
  idempotencyKey: r.idempotency_key,
  createdAt: r.created_at,
  decidedAt: r.decided_at,
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
  input: { publisherSlug: string; appId: string; kind: "version"; payload: unknown; tokenId: number; tokenPrefix: string; idempotencyKey: string | null },
  now = new Date(),
): Promise<Submission> {
  const at = now.toISOString();
  const payload = JSON.stringify(input.payload);
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO submissions (publisher_slug, app_id, kind, payload, token_id, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      )
      .bind(input.publisherSlug, input.appId, input.kind, payload, input.tokenId, input.idempotencyKey, at),
    db
      .prepare("INSERT INTO audit_log (at, actor, action, subject, detail) SELECT ?, ?, 'submission.create', ?, ? WHERE changes() > 0")
      .bind(at, `token:${input.tokenPrefix}`, input.appId, JSON.stringify({ kind: input.kind })),
  ]);
  const row = inserted!.results[0] as Row | undefined;
  if (row) return toSubmission(row);
  const existing = input.idempotencyKey ? await findByIdempotencyKey(db, input.publisherSlug, input.idempotencyKey) : null;
  if (!existing) throw new Error("The submission was neither stored nor found");
  return existing;
}
