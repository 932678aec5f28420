// The home page's apps (spec §2.1 HOME "loads the home apps", §2.5): the featured slide apps and the
// slider categories, curated in the home content entry (getHomeApps in app/models/content.server.ts),
// plus the newest apps. Without a home entry (a fresh database) the rows fall back to small catalogue
// queries of the same shape, so the page is never empty.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { DEFAULT_SORT } from "~/lib/sort";
import type { CatalogueQuery } from "~/models/catalogue-service.server";
import type { AppSummary } from "~/models/types";

export const HOME_ROW_SIZE = 8;

export type HomeRow = { id: string; title: string; description: string; seeAll: string; items: AppSummary[] };
export type HomeApps = { featured: AppSummary[]; rows: HomeRow[] };

const RECENT_ROW = { id: "brand-new", title: "What's new", description: "Just arrived in the App Hub.", seeAll: "/brand-new" };

export async function loadHomeApps(context: AppLoadContext): Promise<HomeApps> {
  const content = await context.catalogue.home().catch((error: unknown) => {
    // A home entry that no longer fits its schema must not take the home page down.
    context.logger.error("Unable to fetch the home entry", { error: String(error) });
    return null;
  });
  if (!content) return { featured: [], rows: await catalogueRows(context) };
  const rows: HomeRow[] = content.sliders.map(({ id, title, description, seeAll, items }) => ({ id, title, description, seeAll, items }));
  // The newest apps sit after the first slider: "What's new" is a way into the catalogue, not curation.
  if (content.recentApps.length > 0) rows.splice(Math.min(1, rows.length), 0, { ...RECENT_ROW, items: content.recentApps });
  return { featured: content.webexSolutionsApps, rows: rows.filter((row) => row.items.length > 0) };
}

/** The fallback rows: the §2.5 slider categories as catalogue queries. */
async function catalogueRows(context: AppLoadContext): Promise<HomeRow[]> {
  const { catalogue } = context;
  const devTools = await catalogue.categoriesBySlug("developer-tools");
  const rows: Array<Omit<HomeRow, "items"> & { query: Omit<CatalogueQuery, "sort"> }> = [
    { id: "most-popular", title: "Most popular", description: "Featured apps people love.", seeAll: "/must-try", query: { isFeatured: true } },
    { ...RECENT_ROW, query: {} },
    {
      id: "messaging-bots",
      title: "Messaging bots",
      description: "Bots for your spaces and direct messages.",
      seeAll: "/bots",
      query: { appType: "bot", productTypes: ["teams"] },
    },
    ...(devTools.length
      ? [
          {
            id: "developer-tools",
            title: "Developer tools",
            description: "Build, ship and monitor without leaving the conversation.",
            seeAll: "/category/developer-tools",
            query: { categoryIds: devTools.map((c) => c.id) },
          },
        ]
      : []),
    ...(context.config.embeddedApps
      ? [
          {
            id: "introducing-tabs",
            title: "Introducing tabs",
            description: "Apps that open right inside meetings and spaces.",
            seeAll: "/embedded-apps",
            query: { appType: "embeddedApp" as const },
          },
        ]
      : []),
    { id: "coming-soon", title: "Coming soon", description: "Apps that will be available shortly.", seeAll: "/coming-soon", query: { status: "coming_soon" } },
  ];
  const pages = await Promise.all(rows.map((row) => catalogue.listItems({ ...row.query, sort: DEFAULT_SORT }, { offset: 0, limit: HOME_ROW_SIZE })));
  return rows.map(({ query: _query, ...row }, i) => ({ ...row, items: pages[i]! })).filter((row) => row.items.length > 0);
}
