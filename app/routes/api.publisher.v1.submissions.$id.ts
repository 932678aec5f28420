// GET /api/publisher/v1/submissions/{id} (issue 16): a submission's state, and the reason a hub
// admin gave when they rejected it. Only the publisher who sent it may read it.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePublisherToken } from "~/features/publisher-api/auth.server";
import { findSubmission } from "~/features/publisher-api/submissions.server";
import { submissionJson } from "~/features/publisher-api/submit.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : null;
  const submission = id === null ? null : await findSubmission(context.db, id);
  // Another publisher's submission is not found, as one that does not exist: its id says nothing.
  if (!submission || submission.publisherSlug !== token.publisherSlug) return jsonError(404, "No such submission.");
  return Response.json(submissionJson(submission), { headers: PRIVATE_HEADERS });
}
