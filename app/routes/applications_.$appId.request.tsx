// /applications/{appId}/request (issue 29): a member asks their organisation's admins for an app.
// The work is in app/features/org-policy/request-page.server.ts.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requestPageAction, requestPageLoader } from "~/features/org-policy/request-page.server";
import { RequestPage } from "~/features/org-policy/RequestPage";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const loader = requestPageLoader;
export const action = requestPageAction;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Request ${data.app.name} | App Hub` : "Page not found | App Hub" },
  { name: "robots", content: "noindex" },
];

export default function RequestRoute() {
  const page = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return <RequestPage page={page} acted={acted ?? null} />;
}
