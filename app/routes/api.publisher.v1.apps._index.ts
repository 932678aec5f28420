// POST /api/publisher/v1/apps (issue 16): submit a new app's draft for review. The work is in
// app/features/publisher-api/draft-submission.server.ts.
import { jsonError } from "~/lib/http.server";

export { draftSubmissionAction as action } from "~/features/publisher-api/draft-submission.server";

export const loader = () => jsonError(405, "Submit a new app with POST.", {}, { Allow: "POST" });
