// List pages curated by content entries (docs/decisions/007): /coming-soon from the coming-soon
// entry (cards named by the items' titles, sorted by title, spec §4), /hybrid-work and
// /getting-started from their collection entries. The entry gives the title and description.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { filtersToQuery } from "~/lib/list-filters";
import { listFiltersOf, loadListPageFromItems, type ListPageSpec } from "~/features/list-page/list-page.server";
import type { ListRoute } from "~/models/list-routes";

/** The page from its content entry, or null when there is no entry (the caller falls back to the catalogue). */
export async function loadContentListPage(request: Request, context: AppLoadContext, type: NonNullable<ListRoute["content"]>, spec: Omit<ListPageSpec, "query">) {
  const { catalogue } = context;
  // The page's filters apply to the entry's apps in SQL, as on every list.
  const filters = filtersToQuery(listFiltersOf(request));
  try {
    if (type === "coming-soon") {
      const entry = await catalogue.content("coming-soon");
      if (!entry) return null;
      const items = entry.body.items;
      // Coming-soon items name apps that are not published yet; one published since still shows.
      const apps = await catalogue.resolveApps(
        items.map((i) => i.app),
        { statuses: ["coming_soon", "published"], filters },
      );
      const byKey = new Map(apps.flatMap((a) => [[a.id, a] as const, ...(a.friendlyId ? [[a.friendlyId, a] as const] : [])]));
      const cards = items.flatMap((item) => {
        const app = byKey.get(item.app);
        return app ? [{ ...app, name: item.title, tagline: item.description || app.tagline }] : [];
      });
      const unique = cards.filter((card, i) => cards.findIndex((c) => c.id === card.id) === i);
      return loadListPageFromItems(request, context, { ...spec, title: entry.body.title, description: entry.body.description }, unique);
    }
    const collection = await catalogue.collection(type, filters);
    if (!collection) return null;
    const { title, description } = collection.entry.body;
    return loadListPageFromItems(request, context, { ...spec, title, description }, collection.items);
  } catch (error) {
    context.logger.error(type === "coming-soon" ? "Unable to fetch coming soon apps" : "Unable to fetch apps", { url: request.url, error: String(error) });
    throw error;
  }
}
