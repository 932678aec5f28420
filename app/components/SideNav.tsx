// The left category navigation (spec §2.3). Desktop shows the groups beside the content; phones get
// them folded into a "Browse categories" <details> above it, so both work without JavaScript.
// Markup only: the side-nav layout renders it on the server into an Island (SideNav.server.ts), and
// app/components/chrome.ts marks the current link after client-side navigations and closes the
// <details> on navigation and Escape.
import { useLocation } from "@remix-run/react";
import type { NavLink as NavItem, SideNav as SideNavData } from "~/lib/side-nav";
import { ChevronDownIcon } from "./Icons";
import { NavAnchor } from "./NavAnchor";
import * as s from "./SideNav.css";

/** The content of the side nav's <nav> (the Island is the <nav>). */
export function SideNavContent({ nav, pathname }: { nav: SideNavData; pathname: string }) {
  return (
    <>
      <details className={s.phone} data-dismiss="inside">
        <summary className={s.summary}>
          Browse categories
          <ChevronDownIcon className={s.chevron} />
        </summary>
        <div className={s.phoneGroups}>
          <NavGroups nav={nav} pathname={pathname} />
        </div>
      </details>
      <div className={s.desktop}>
        <NavGroups nav={nav} pathname={pathname} />
      </div>
    </>
  );
}

/** Rendered by React in the browser (a client-side navigation to a page with the side nav). */
export function SideNavHere({ nav }: { nav: SideNavData }) {
  return <SideNavContent nav={nav} pathname={useLocation().pathname} />;
}

function NavGroups({ nav, pathname }: { nav: SideNavData; pathname: string }) {
  return (
    <>
      <NavGroup title="All Categories" links={nav.categories} pathname={pathname} />
      <NavGroup title="Featured" links={nav.featured} pathname={pathname} />
      <NavGroup title="Products" links={nav.products} pathname={pathname} />
      <NavGroup title="App Type" links={nav.appTypes} pathname={pathname} />
    </>
  );
}

function NavGroup({ title, links, pathname }: { title: string; links: readonly NavItem[]; pathname: string }) {
  if (links.length === 0) return null;
  return (
    <div className={s.group}>
      <h2 className={s.heading}>{title}</h2>
      <ul role="list">
        {links.map((link) => (
          <li key={link.to}>
            <NavAnchor to={link.to} pathname={pathname} className={s.link}>
              {link.label}
            </NavAnchor>
          </li>
        ))}
      </ul>
    </div>
  );
}
