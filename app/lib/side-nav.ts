// Side navigation rules (spec §2.3), pure so they are unit-tested and shared by the drawer.
import { APP_TYPE_NAV, FEATURED_NAV, PRODUCT_NAV } from "~/models/list-routes";
import { OTHER_CATEGORY_API_ID, PARTNER_CATEGORY_API_ID } from "~/models/enums";
import type { Category } from "~/models/types";

export type NavLink = { to: string; label: string };
export type SideNav = { categories: NavLink[]; featured: NavLink[]; products: NavLink[]; appTypes: NavLink[] };

/** One collator (localeCompare with options builds one per call: most of the cost of a sort). */
// Made on first use, not at the Worker's start-up (docs/decisions/036).
let byNameCollator: Intl.Collator | undefined;

/** De-duplicated by apiId, appContext dropped, sorted by name, 'other' last, partner_solutions omitted. */
export function sideNavCategories(categories: readonly Category[]): Category[] {
  const seen = new Set<string>();
  const unique: Category[] = [];
  for (const c of categories) {
    if (c.categoryType === "appContext" || c.apiId === PARTNER_CATEGORY_API_ID || seen.has(c.apiId)) continue;
    seen.add(c.apiId);
    unique.push(c);
  }
  byNameCollator ??= new Intl.Collator("en", { sensitivity: "base" });
  const collator = byNameCollator;
  const byName = (a: Category, b: Category) => collator.compare(a.name, b.name);
  const other = unique.filter((c) => c.apiId === OTHER_CATEGORY_API_ID);
  return [...unique.filter((c) => c.apiId !== OTHER_CATEGORY_API_ID).sort(byName), ...other];
}

/**
 * Built once per category list and settings: the list comes from the catalogue memo (one array per
 * catalogue version, app/models/catalogue-memo.server.ts), so every page of a version shares one
 * SideNav object, which also keys the side nav's rendered HTML (app/components/static-html.server.ts).
 */
const built = new WeakMap<readonly Category[], Map<string, SideNav>>();

export function buildSideNav(categories: readonly Category[], settings: { embeddedApps: boolean; serviceApps: boolean }): SideNav {
  const key = `${settings.embeddedApps}/${settings.serviceApps}`;
  let bySettings = built.get(categories);
  if (!bySettings) {
    bySettings = new Map();
    built.set(categories, bySettings);
  }
  const known = bySettings.get(key);
  if (known) return known;
  const nav = buildSideNavOnce(categories, settings);
  bySettings.set(key, nav);
  return nav;
}

function buildSideNavOnce(categories: readonly Category[], settings: { embeddedApps: boolean; serviceApps: boolean }): SideNav {
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
