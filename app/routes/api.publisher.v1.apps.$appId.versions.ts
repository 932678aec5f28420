// POST /api/publisher/v1/apps/{appId}/versions (issue 16): submit a new version for review. The work
// is in app/features/publisher-api/version-submission.server.ts.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";

// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
export const action = async (args: ActionFunctionArgs) => (await import("~/features/publisher-api/version-submission.server")).versionSubmissionAction(args);

export const loader = () => jsonError(405, "Submit a version with POST.", {}, { Allow: "POST" });
