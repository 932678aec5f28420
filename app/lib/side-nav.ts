// Side navigation rules (spec §2.3), pure so they are unit-tested and shared by the drawer.
import { APP_TYPE_NAV, FEATURED_NAV, PRODUCT_NAV } from "~/models/list-routes";
import { OTHER_CATEGORY_API_ID, PARTNER_CATEGORY_API_ID } from "~/models/enums";
import type { Category } from "~/models/types";

export type NavLink = { to: string; label: string };
export type SideNav = { categories: NavLink[]; featured: NavLink[]; products: NavLink[]; appTypes: NavLink[] };

/** De-duplicated by apiId, appContext dropped, sorted by name, 'other' last, partner_solutions omitted. */
export function sideNavCategories(categories: readonly Category[]): Category[] {
  const seen = new Set<string>();
  const unique: Category[] = [];
  for (const c of categories) {
    if (c.categoryType === "appContext" || c.apiId === PARTNER_CATEGORY_API_ID || seen.has(c.apiId)) continue;
    seen.add(c.apiId);
    unique.push(c);
  }
  const byName = (a: Category, b: Category) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });
  const other = unique.filter((c) => c.apiId === OTHER_CATEGORY_API_ID);
  return [...unique.filter((c) => c.apiId !== OTHER_CATEGORY_API_ID).sort(byName), ...other];
}

export function buildSideNav(
  categories: readonly Category[],
  settings: { embeddedApps: boolean; serviceApps: boolean },
): SideNav {
  const types = new Set(categories.map((c) => c.categoryType));
  return {
    categories: sideNavCategories(categories).map((c) => ({ to: `/category/${c.slug}`, label: c.name })),
    featured: FEATURED_NAV.map((f) => ({ to: `/${f.path}`, label: f.label })),
    products: PRODUCT_NAV.filter((p) => types.has(p.categoryType)).map((p) => ({ to: `/${p.path}`, label: p.label })),
    appTypes: APP_TYPE_NAV.filter((t) => !("requires" in t) || settings[t.requires]).map((t) => ({
      to: `/${t.path}`,
      label: t.label,
    })),
  };
}
