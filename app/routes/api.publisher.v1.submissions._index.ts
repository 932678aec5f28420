// GET /api/publisher/v1/submissions (issue 16): the token's publisher's submissions, newest first,
// with each one's state and a rejection's reason.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePublisherToken } from "~/features/publisher-api/auth.server";
import { submissionJson } from "~/features/publisher-api/submit.server";
import { listPublisherSubmissions } from "~/features/publisher-api/submissions.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const submissions = await listPublisherSubmissions(context.db, token.publisherSlug);
  return Response.json({ submissions: submissions.map(submissionJson) }, { headers: PRIVATE_HEADERS });
}
