// /category/{slug}: every app in a category, across all product types (spec §2.1).
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { categoryListLoader } from "~/features/list-page/category-route.server";
import { ListPage } from "~/features/list-page/ListPage";
import { listPageMeta } from "~/features/list-page/meta";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;

export const loader = categoryListLoader;

export const meta: MetaFunction<typeof loader> = listPageMeta;

export default function CategoryRoute() {
  return <ListPage data={useLoaderData<typeof loader>()} />;
}
