// POST /api/publisher/v1/apps (issue 16): submit a new app's draft for review. The work is in
// app/features/publisher-api/draft-submission.server.ts.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";

// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
export const action = async (args: ActionFunctionArgs) => (await import("~/features/publisher-api/draft-submission.server")).draftSubmissionAction(args);

export const loader = () => jsonError(405, "Submit a new app with POST.", {}, { Allow: "POST" });
