// The loader of every list page of spec §2.1 that is not a category page (app/routes/_nav.$list.($category).tsx):
// the route looks its path up in the list-route table; unknown paths are not found. Lists curated by
// a content entry (/coming-soon, /hybrid-work, /getting-started) show that entry's apps. A server
// module of its own, so the route's browser chunk carries neither the list-route table nor stubs of
// the server modules it calls (docs/decisions/019).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadContentListPage } from "~/features/content/content-list.server";
import { notFound } from "~/lib/http.server";
import { slugToApiId } from "~/lib/slug";
import { findListRoute } from "~/models/list-routes";
import { loadListPage } from "./list-page.server";

export async function listRouteLoader({ request, params, context }: LoaderFunctionArgs) {
  const route = findListRoute(params.list ?? "");
  // An unknown path: the not-found page, with the announcement and modals (spec §2.1 NOT_FOUND).
  if (!route || (route.requires && !context.config[route.requires])) throw await notFound(request, context);
  if (params.category !== undefined && !route.acceptsCategory) throw await notFound(request, context);

  const productType = route.query.productType;
  if (!productType) {
    const spec = { title: route.title, description: route.description, query: route.query, canonicalPath: `/${route.path}`, defaultSort: route.defaultSort };
    if (route.content) {
      const fromContent = await loadContentListPage(request, context, route.content, spec);
      if (fromContent) return fromContent;
    }
    return loadListPage(request, context, spec);
  }

  const { catalogue } = context;
  const typeCategories = (await catalogue.categories()).filter((c) => c.categoryType === productType);
  const chips = [{ to: `/${route.path}`, label: "All" }, ...typeCategories.map((c) => ({ to: `/${route.path}/${c.slug}`, label: c.name }))];
  if (params.category === undefined) {
    return loadListPage(request, context, {
      title: route.title,
      description: route.description,
      query: { productTypes: [productType] },
      chips,
      canonicalPath: `/${route.path}`,
    });
  }
  let categories = await catalogue.categoriesBySlug(params.category, productType);
  if (categories.length === 0) {
    categories = (await catalogue.categoriesByApiId(slugToApiId(params.category, productType))).filter((c) => c.categoryType === productType);
  }
  const category = categories[0];
  if (!category) throw await notFound(request, context);
  return loadListPage(request, context, {
    title: `${route.title}: ${category.name}`,
    description: `${category.name} apps for ${route.title.toLowerCase()}.`,
    query: { productTypes: [productType], categoryIds: categories.map((c) => c.id) },
    chips,
    canonicalPath: `/${route.path}/${category.slug}`,
  });
}
