// Spec §2.1 INTERNAL_SERVER: the page failures lead to, with status 500.
import { data } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { ERROR_PAGES } from "~/lib/errors";

export const loader = () => data(null, { status: 500, headers: PRIVATE_HEADERS });
export const meta: MetaFunction = () => [{ title: `${ERROR_PAGES[500].title} | App Hub` }, { name: "robots", content: "noindex" }];

export default function InternalServer() {
  const page = ERROR_PAGES[500];
  return <ErrorPage status={page.status} title={page.title} message={page.message} />;
}
