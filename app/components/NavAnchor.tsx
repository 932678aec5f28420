// A navigation link marked current as Remix's NavLink marks it (aria-current="page"), as plain
// markup for server-rendered Islands: app/components/chrome.ts keeps the mark in step after
// client-side navigations (data-nav) and makes a click a client-side navigation (data-link). The
// address comes as a prop, so the markup can be rendered outside the router (static-html.server.ts).
import type { ReactNode } from "react";
import { isCurrentPath } from "./nav-current";
import { ISLAND_LINK } from "./island-link";

export function NavAnchor({ to, pathname, className, children }: { to: string; pathname: string; className: string; children: ReactNode }) {
  return (
    <a href={to} className={className} aria-current={isCurrentPath(to, pathname) ? "page" : undefined} {...ISLAND_LINK} data-nav="">
      {children}
    </a>
  );
}
