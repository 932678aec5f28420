// /unfollow/{token}: the link in every update message (issue 16). GET asks, POST unfollows; no login
// needed. The work is in app/features/followers/unfollow-page.server.ts.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { unfollowPageAction, unfollowPageLoader } from "~/features/followers/unfollow-page.server";
import { UnfollowPage } from "~/features/followers/UnfollowPage";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const loader = unfollowPageLoader;
export const action = unfollowPageAction;

export const meta: MetaFunction = () => [{ title: "Unfollow app updates | App Hub" }, { name: "robots", content: "noindex" }];

export default function UnfollowRoute() {
  const loaded = useLoaderData<typeof loader>();
  // A post with a token nobody holds answers the same "does not work any more" page.
  const acted = useActionData<typeof action>();
  return <UnfollowPage page={(acted ?? loaded).page} />;
}
