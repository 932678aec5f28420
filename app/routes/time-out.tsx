// Spec §2.1 TIME_OUT: where a request that ran out of time ends, with status 504.
import { data } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { ERROR_PAGES } from "~/lib/errors";

export const loader = () => data(null, { status: 504, headers: PRIVATE_HEADERS });
export const meta: MetaFunction = () => [{ title: `${ERROR_PAGES[504].title} | App Hub` }, { name: "robots", content: "noindex" }];

export default function TimeOut() {
  const page = ERROR_PAGES[504];
  return <ErrorPage status={page.status} title={page.title} message={page.message} />;
}
