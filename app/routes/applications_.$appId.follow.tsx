// /applications/{appId}/follow (issue 16): where a logged-in person's updates about an app go, and
// unfollowing. The work is in app/features/followers/follow-page.server.ts.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { followPageAction, followPageLoader } from "~/features/followers/follow-page.server";
import { FollowPage } from "~/features/followers/FollowPage";
import type { FollowActionData } from "~/features/followers/follow-view";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const loader = followPageLoader;
export const action = followPageAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Follow updates about ${data.page.app.name} | App Hub` : "Page not found | App Hub" },
  { name: "robots", content: "noindex" },
];

export default function FollowRoute() {
  const { page } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return <FollowPage page={page} acted={acted && "problem" in acted ? (acted as FollowActionData) : null} />;
}
