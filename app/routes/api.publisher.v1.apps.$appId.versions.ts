// POST /api/publisher/v1/apps/{appId}/versions (issue 16): submit a new version for review. The work
// is in app/features/publisher-api/version-submission.server.ts.
import { jsonError } from "~/lib/http.server";

export { versionSubmissionAction as action } from "~/features/publisher-api/version-submission.server";

export const loader = () => jsonError(405, "Submit a version with POST.", {}, { Allow: "POST" });
