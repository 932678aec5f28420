// POST /api/publisher/v1/apps/{appId}/versions (issue 16): a publisher submits a new version of one of
// their apps (version, release notes, permissions, security facts, screenshots by URL). It waits for
// a hub admin's review; nothing live changes here. zod checks the body with the catalogue's own
// rules (app/models/catalogue-record.ts); a 400 names every bad field by its path. An
// Idempotency-Key makes a retried submit return the first answer instead of a second submission.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { securityFactsSchema, versionRecordSchema } from "~/models/catalogue-record";
import { isPermissionKey, permissionFits } from "~/models/permissions";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";
import { readCapped } from "~/lib/read-capped";
import { requirePublisherToken } from "./auth.server";
import { createSubmission, findByIdempotencyKey, type Submission } from "./submissions.server";

/** A version's body is a few KB; anything far larger is a mistake or an attack. */
const BODY_MAX_BYTES = 64 * 1024;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

const screenshotUrl = z
  .string()
  .url()
  .refine((v) => v.startsWith("https://"), "must be an https URL");

export const versionSubmissionSchema = z
  .object({
    version: versionRecordSchema.shape.version,
    releasedAt: versionRecordSchema.shape.releasedAt.optional(),
    releaseNotes: versionRecordSchema.shape.notes,
    permissions: z.array(z.string()).max(40).optional(),
    security: securityFactsSchema.optional(),
    screenshots: z.array(screenshotUrl).max(10).optional(),
  })
  .strict();
export type VersionSubmission = z.infer<typeof versionSubmissionSchema>;

/** What a submission answers: the same for the first post and for a retry with its Idempotency-Key. */
export function submissionJson(s: Submission) {
  return {
    id: s.id,
    kind: s.kind,
    appId: s.appId,
    state: s.state,
    reason: s.reason,
    createdAt: s.createdAt,
    decidedAt: s.decidedAt,
    links: { self: `/api/publisher/v1/submissions/${s.id}` },
  };
}

const problems = (issues: z.ZodIssue[]) => issues.map((i) => ({ path: i.path.join("."), message: i.message }));

export async function versionSubmissionAction({ request, params, context }: ActionFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const app = await context.catalogue.app(params.appId ?? "");
  if (!app) return jsonError(404, `No app "${params.appId ?? ""}" is in the catalogue.`);
  if (app.publisher.slug !== token.publisherSlug) {
    return jsonError(403, `This token acts for the publisher "${token.publisherSlug}"; ${app.name} belongs to "${app.publisher.slug}".`);
  }
  const key = request.headers.get("Idempotency-Key");
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) return jsonError(400, "Invalid Idempotency-Key: use 1 to 200 printable ASCII characters, e.g. a UUID.");

  const bytes = request.body ? await readCapped(request.body, BODY_MAX_BYTES) : new Uint8Array();
  if (bytes === null) return jsonError(413, `The body is larger than ${BODY_MAX_BYTES / 1024} KB.`);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return jsonError(400, "The body must be JSON.");
  }
  const parsed = versionSubmissionSchema.safeParse(raw);
  const errors = parsed.success ? [] : problems(parsed.error.issues);
  if (parsed.success) {
    // The catalogue's rules that need the app: its type's permissions, and a version it does not have yet.
    parsed.data.permissions?.forEach((p, i) => {
      if (!isPermissionKey(p)) errors.push({ path: `permissions.${i}`, message: `"${p}" is not a known permission` });
      else if (!permissionFits(app.type, p)) errors.push({ path: `permissions.${i}`, message: `"${p}" is not a permission a ${app.type} can have` });
    });
    if (app.versions.some((v) => v.version === parsed.data.version)) errors.push({ path: "version", message: `${app.name} already has version ${parsed.data.version}` });
  }
  if (!parsed.success || errors.length > 0) {
    return jsonError(400, `Invalid ${errors[0]!.path || "body"}: ${errors[0]!.message}`, { errors });
  }

  if (key !== null) {
    const earlier = await findByIdempotencyKey(context.db, token.publisherSlug, key);
    if (earlier) {
      // The same request again: the first answer. Another request under the same key is a mistake.
      const same = earlier.appId === app.id && JSON.stringify(earlier.payload) === JSON.stringify(parsed.data);
      if (!same) return jsonError(422, "This Idempotency-Key was already used for a different request.");
      return Response.json(submissionJson(earlier), { status: 202, headers: { ...PRIVATE_HEADERS, "Idempotent-Replayed": "true" } });
    }
  }
  const submission = await createSubmission(context.db, {
    publisherSlug: token.publisherSlug,
    appId: app.id,
    kind: "version",
    payload: parsed.data,
    tokenId: token.id,
    tokenPrefix: token.prefix,
    idempotencyKey: key,
  });
  return Response.json(submissionJson(submission), { status: 202, headers: { ...PRIVATE_HEADERS, Location: `/api/publisher/v1/submissions/${submission.id}` } });
}
