// /admin/review (issue 16): publishers' submissions waiting for a hub admin. The work is in
// app/features/review-queue/.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReviewQueuePage } from "~/features/review-queue/ReviewQueuePage";

export const meta: MetaFunction = () => [{ title: "Review queue | App Hub" }, { name: "robots", content: "noindex" }];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
export const loader = async (args: LoaderFunctionArgs) => (await import("~/features/review-queue/review-page.server")).reviewQueueLoader(args);

export default function ReviewQueueRoute() {
  return <ReviewQueuePage data={useLoaderData<typeof loader>()} />;
}
