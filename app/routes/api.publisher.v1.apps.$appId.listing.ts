// POST /api/publisher/v1/apps/{appId}/listing (issue 16): submit a listing change for review. The
// work is in app/features/publisher-api/listing-submission.server.ts.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";

// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
export const action = async (args: ActionFunctionArgs) => (await import("~/features/publisher-api/listing-submission.server")).listingSubmissionAction(args);

export const loader = () => jsonError(405, "Submit a listing change with POST.", {}, { Allow: "POST" });
