// POST /api/publisher/v1/apps/{appId}/listing (issue 16): submit a listing change for review. The
// work is in app/features/publisher-api/listing-submission.server.ts.
import { jsonError } from "~/lib/http.server";

export { listingSubmissionAction as action } from "~/features/publisher-api/listing-submission.server";

export const loader = () => jsonError(405, "Submit a listing change with POST.", {}, { Allow: "POST" });
