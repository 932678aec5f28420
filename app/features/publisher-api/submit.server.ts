// What every publisher submission shares (issue 16): the body read with a size cap, zod with the
// catalogue's own rules plus checks that need the live catalogue, a 400 naming each problem by its
// field path, an Idempotency-Key that replays the first answer, and a pending row for the review
// queue. The kinds (./draft-submission.server.ts, ./listing-submission.server.ts,
// ./version-submission.server.ts) differ only in their schema, their checks and the app they name.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";
import { rateLimitFor } from "~/lib/rate-limit.server";
import { readCapped } from "~/lib/read-capped";
import type { AppType } from "~/models/enums";
import { isPermissionKey, permissionFits } from "~/models/permissions";
import type { AppDetail } from "~/models/types";
import type { PublisherToken } from "./tokens.server";
import { createSubmission, findByIdempotencyKey, submissionFields, type Submission, type SubmissionKind } from "./submissions.server";

/** A listing or a version is a few KB; anything far larger is a mistake or an attack. */
export const BODY_MAX_BYTES = 64 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

export type Problem = { path: string; message: string };

/** What a submission answers: the same for the first post, a retry with its Idempotency-Key and a GET. */
export function submissionJson(s: Submission) {
  return {
    ...submissionFields(s),
    links: { self: `/api/publisher/v1/submissions/${s.id}`, ...(s.state === "approved" ? { app: `/applications/${s.appId}` } : {}) },
  };
}

const zodProblems = (issues: z.ZodIssue[]): Problem[] => issues.map((i) => ({ path: i.path.join("."), message: i.message }));

/**
 * The live app a token may change: 404 when the catalogue has no such app (or a moderator removed
 * it), 403 naming both publishers when it belongs to another one.
 */
export async function requireOwnApp(context: AppLoadContext, token: PublisherToken, appId: string): Promise<AppDetail> {
  const app = await context.catalogue.app(appId);
  if (!app) throw jsonError(404, `No app "${appId}" is in the catalogue.`);
  if (app.publisher.slug !== token.publisherSlug) {
    throw jsonError(403, `This token acts for the publisher "${token.publisherSlug}"; ${app.name} belongs to "${app.publisher.slug}".`);
  }
  return app;
}

/**
 * One kind of submission: its zod schema and the checks that need the catalogue. The API
 * (/api/publisher/v1) and the console's forms (app/features/publisher-console) run the same spec,
 * so a form is refused exactly where the API would be.
 */
export type SubmissionSpec<S extends z.ZodTypeAny> = {
  kind: SubmissionKind;
  schema: S;
  /** The live app it changes (listing, version); null for a draft of a new app. */
  app: AppDetail | null;
  /** The rules that need the catalogue, run once the body fits the schema. */
  check: (data: z.infer<S>) => Problem[] | Promise<Problem[]>;
  /** The app the submission is about: the live one's, or a draft's new id and name. */
  target: (data: z.infer<S>) => { appId: string; appName: string };
  /** Whether a new submission of this kind may wait now (a cap), run once it is valid: null, or the refusal. */
  admit?: () => Promise<Response | null>;
};

/** A body against a spec: the valid data, or every problem by its field path. */
export async function checkSubmission<S extends z.ZodTypeAny>(spec: SubmissionSpec<S>, raw: unknown): Promise<{ ok: true; data: z.infer<S> } | { ok: false; problems: Problem[] }> {
  const parsed = spec.schema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: zodProblems(parsed.error.issues) };
  const problems = await spec.check(parsed.data as z.infer<S>);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, data: parsed.data as z.infer<S> };
}

export async function submitForReview<S extends z.ZodTypeAny>(request: Request, context: AppLoadContext, token: PublisherToken, spec: SubmissionSpec<S>): Promise<Response> {
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) return jsonError(400, "Invalid Idempotency-Key: use 1 to 200 printable ASCII characters, e.g. a UUID.");
  // Per token, before the body is read (issue 27): a publisher's system in a loop cannot fill the queue.
  const limited = await rateLimitFor(context.env, "RATE_LIMIT_SUBMISSIONS", String(token.id));
  if (limited) return limited;

  const bytes = request.body ? await readCapped(request.body, BODY_MAX_BYTES) : new Uint8Array();
  if (bytes === null) return jsonError(413, `The body is larger than ${BODY_MAX_BYTES / 1024} KB.`);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return jsonError(400, "The body must be JSON.");
  }
  const parsed = spec.schema.safeParse(raw);

  // The key is looked up before the checks that read the catalogue and the queue (issue 27): a
  // retried draft would otherwise meet its own pending copy ("already taken") and get a 400.
  if (key !== null) {
    const earlier = await findByIdempotencyKey(context.db, token.publisherSlug, key);
    if (earlier) {
      // The same request again: the first answer. Another request under the same key is a mistake.
      const same =
        parsed.success && earlier.kind === spec.kind && (spec.app === null || earlier.appId === spec.app.id) && JSON.stringify(earlier.payload) === JSON.stringify(parsed.data);
      if (!same) return jsonError(422, "This Idempotency-Key was already used for a different request.");
      return Response.json(submissionJson(earlier), { status: 202, headers: { ...PRIVATE_HEADERS, "Idempotent-Replayed": "true" } });
    }
  }

  const errors = parsed.success ? await spec.check(parsed.data) : zodProblems(parsed.error.issues);
  if (!parsed.success || errors.length > 0) {
    return jsonError(400, `Invalid ${errors[0]!.path || "body"}: ${errors[0]!.message}`, { errors });
  }
  const data = parsed.data as z.infer<S>;
  const refused = spec.admit ? await spec.admit() : null;
  if (refused) return refused;

  const { appId, appName } = spec.target(data);
  const submission = await createSubmission(context.db, {
    publisherSlug: token.publisherSlug,
    appId,
    appName,
    kind: spec.kind,
    payload: data,
    by: { tokenId: token.id, actor: { by: `token:${token.prefix}`, name: null }, submittedBy: null },
    idempotencyKey: key,
  });
  return Response.json(submissionJson(submission), { status: 202, headers: { ...PRIVATE_HEADERS, Location: `/api/publisher/v1/submissions/${submission.id}` } });
}

/** A permission list against the app's type: each key known, fitting the type, and listed once. */
export function permissionProblems(permissions: readonly string[] | undefined, type: AppType): Problem[] {
  const out: Problem[] = [];
  permissions?.forEach((p, i) => {
    if (!isPermissionKey(p)) out.push({ path: `permissions.${i}`, message: `"${p}" is not a known permission` });
    else if (!permissionFits(type, p)) out.push({ path: `permissions.${i}`, message: `"${p}" is not a permission a ${type} can have` });
    else if (permissions.indexOf(p) !== i) out.push({ path: `permissions.${i}`, message: `"${p}" is listed twice` });
  });
  return out;
}
