// /admin/review/{id} (issue 16): one submission against the live listing; approve or reject. The
// work is in app/features/review-queue/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SubmissionReviewPage } from "~/features/review-queue/ReviewQueuePage";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Review: ${data.submission.appName}` : "Review"} | App Hub` },
  { name: "robots", content: "noindex" },
];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
const page = () => import("~/features/review-queue/review-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).submissionReviewLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).submissionReviewAction(args);

export default function SubmissionReviewRoute() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <SubmissionReviewPage data={refused ?? loaded} />;
}
