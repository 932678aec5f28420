// The home page's rows (spec §2.5 slider categories), each a small query on the catalogue.
// A later issue moves their curation to content entries; the rows stay the same shape.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { hiddenAppTypes } from "~/features/list-page/list-page.server";
import { DEFAULT_SORT } from "~/lib/sort";
import { findCategoriesBySlug, listAppItems, type AppQuery } from "~/models/catalogue.server";
import type { AppSummary } from "~/models/types";

export const HOME_ROW_SIZE = 8;

export type HomeRow = { id: string; title: string; description: string; seeAll: string; items: AppSummary[] };

export async function loadHomeRows(context: AppLoadContext): Promise<HomeRow[]> {
  const db = context.env.DB;
  const excludeTypes = hiddenAppTypes(context.config);
  const devTools = await findCategoriesBySlug(db, "developer-tools");
  const rows: Array<Omit<HomeRow, "items"> & { query: Omit<AppQuery, "sort" | "excludeTypes"> }> = [
    { id: "most-popular", title: "Most popular", description: "Featured apps people love.", seeAll: "/must-try", query: { isFeatured: true } },
    { id: "brand-new", title: "What's new", description: "Just arrived in the App Hub.", seeAll: "/brand-new", query: {} },
    { id: "messaging-bots", title: "Messaging bots", description: "Bots for your spaces and direct messages.", seeAll: "/bots", query: { appType: "bot", productTypes: ["teams"] } },
    ...(devTools.length
      ? [{ id: "developer-tools", title: "Developer tools", description: "Build, ship and monitor without leaving the conversation.", seeAll: "/category/developer-tools", query: { categoryIds: devTools.map((c) => c.id) } }]
      : []),
    ...(context.config.embeddedApps
      ? [{ id: "introducing-embedded-apps", title: "Introducing embedded apps", description: "Apps that open right inside meetings and spaces.", seeAll: "/embedded-apps", query: { appType: "embeddedApp" as const } }]
      : []),
    { id: "coming-soon", title: "Coming soon", description: "Apps that will be available shortly.", seeAll: "/coming-soon", query: { status: "coming_soon" } },
  ];
  const pages = await Promise.all(
    rows.map((row) => listAppItems(db, { ...row.query, excludeTypes, sort: DEFAULT_SORT }, { offset: 0, limit: HOME_ROW_SIZE })),
  );
  return rows
    .map(({ query: _query, ...row }, i) => ({ ...row, items: pages[i]! }))
    .filter((row) => row.items.length > 0);
}
