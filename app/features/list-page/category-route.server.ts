// The loader of /category/{slug} (app/routes/_nav.category.$slug.tsx): every app in a category,
// across all product types. A server module of its own, so the route's browser chunk carries no
// stubs of the server modules it calls (docs/decisions/019).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http.server";
import { loadListPage } from "./list-page.server";

export async function categoryListLoader({ request, params, context }: LoaderFunctionArgs) {
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
