// /category/{slug}: every app in a category, across all product types (spec §2.1).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListPage } from "~/features/list-page/ListPage";
import { loadListPage } from "~/features/list-page/list-page.server";
import { listPageMeta } from "~/features/list-page/meta";
import { routeHeaders } from "~/lib/route-headers";
import { notFound } from "~/lib/http.server";

export const headers = routeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const categories = (await context.catalogue.categoriesBySlug(params.slug ?? "")).filter((c) => c.categoryType !== "appContext");
  const category = categories[0];
  if (!category) throw await notFound(request, context);
  return loadListPage(request, context, {
    title: category.name,
    description: `Apps in ${category.name}, for every product.`,
    query: { categoryIds: categories.map((c) => c.id) },
    canonicalPath: `/category/${category.slug}`,
  });
}

export const meta: MetaFunction<typeof loader> = listPageMeta;

export default function CategoryRoute() {
  return <ListPage data={useLoaderData<typeof loader>()} />;
}
