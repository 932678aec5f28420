// The header for the server render only: empty in the browser (app/components/Island.tsx). The
// phone menu's link groups (every category, three times the size of the rest of the header) are
// rendered once per side nav (one per catalogue version) and path (static-html.server.ts).
import type { SideNav } from "~/lib/side-nav";
import { DrawerGroups } from "./MobileDrawer";
import { cachedMarkup } from "./static-html.server";

export { HeaderContent } from "./Header";

export function drawerGroupsHtml(nav: SideNav, pathname: string): string {
  return cachedMarkup(nav, `drawer\u0000${pathname}`, () => <DrawerGroups nav={nav} pathname={pathname} />);
}
