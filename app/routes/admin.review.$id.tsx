// /admin/review/{id} (issue 16): one submission against the live listing; approve or reject. The
// work is in app/features/review-queue/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SubmissionReviewPage } from "~/features/review-queue/ReviewQueuePage";
import { submissionReviewAction, submissionReviewLoader } from "~/features/review-queue/review-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Review: ${data.submission.appName}` : "Review"} | App Hub` },
  { name: "robots", content: "noindex" },
];
export const loader = submissionReviewLoader;
export const action = submissionReviewAction;

export default function SubmissionReviewRoute() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <SubmissionReviewPage data={refused ?? loaded} />;
}
