// The side nav for the server render only: empty in the browser (app/components/Island.tsx). Its
// HTML is rendered once per side nav (one per catalogue version) and path (static-html.server.ts).
import type { SideNav } from "~/lib/side-nav";
import { SideNavContent } from "./SideNav";
import { cachedMarkup } from "./static-html.server";

export function sideNavHtml(nav: SideNav, pathname: string): string {
  return cachedMarkup(nav, `side-nav\u0000${pathname}`, () => <SideNavContent nav={nav} pathname={pathname} />);
}
