// The left category navigation (spec §2.3). Desktop shows the groups beside the content; phones get
// them folded into a "Browse categories" <details> above it, so both work without JavaScript.
import { NavLink } from "@remix-run/react";
import { useRef } from "react";
import type { NavLink as NavItem, SideNav as SideNavData } from "~/lib/side-nav";
import { useDetailsDismiss } from "./details-dismiss";
import { ChevronDownIcon } from "./Icons";
import * as s from "./SideNav.css";

export function SideNav({ nav }: { nav: SideNavData }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref, { outsideClick: false });
  return (
    <nav aria-label="Categories and filters" className={s.nav}>
      <details ref={ref} className={s.phone}>
        <summary className={s.summary}>
          Browse categories
          <ChevronDownIcon className={s.chevron} />
        </summary>
        <div className={s.phoneGroups}>
          <NavGroups nav={nav} />
        </div>
      </details>
      <div className={s.desktop}>
        <NavGroups nav={nav} />
      </div>
    </nav>
  );
}

function NavGroups({ nav }: { nav: SideNavData }) {
  return (
    <>
      <NavGroup title="All Categories" links={nav.categories} />
      <NavGroup title="Featured" links={nav.featured} />
      <NavGroup title="Products" links={nav.products} />
      <NavGroup title="App Type" links={nav.appTypes} />
    </>
  );
}

function NavGroup({ title, links }: { title: string; links: readonly NavItem[] }) {
  if (links.length === 0) return null;
  return (
    <div className={s.group}>
      <h2 className={s.heading}>{title}</h2>
      <ul role="list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={s.link}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
