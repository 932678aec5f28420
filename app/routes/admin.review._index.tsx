// /admin/review (issue 16): publishers' submissions waiting for a hub admin. The work is in
// app/features/review-queue/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReviewQueuePage } from "~/features/review-queue/ReviewQueuePage";
import { reviewQueueLoader } from "~/features/review-queue/review-page.server";

export const meta: MetaFunction = () => [{ title: "Review queue | App Hub" }, { name: "robots", content: "noindex" }];
export const loader = reviewQueueLoader;

export default function ReviewQueueRoute() {
  return <ReviewQueuePage data={useLoaderData<typeof loader>()} />;
}
