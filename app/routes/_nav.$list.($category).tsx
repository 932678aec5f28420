// Every list page of spec §2.1 that is not a category page: /brand-new, /meetings/{category}, /bots…
// The loader (app/features/list-page/list-route.server.ts) looks the path up in the list-route table;
// unknown paths are not found.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "~/features/list-page/ListPage";
import { listRouteLoader } from "~/features/list-page/list-route.server";
import { listPageMeta } from "~/features/list-page/meta";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;

export const loader = listRouteLoader;

export const meta: MetaFunction<typeof loader> = listPageMeta;

export default function ListRoute() {
  return <ListPage data={useLoaderData<typeof loader>()} />;
}
