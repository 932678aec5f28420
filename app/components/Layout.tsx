// Page frames: a centred content container, and the side-nav layout (spec §2.2).
import type { ReactNode } from "react";
import type { SideNav as SideNavData } from "~/lib/side-nav";
import { SideNav } from "./SideNav";
import * as s from "./Layout.css";

export function Container({ children }: { children: ReactNode }) {
  return <div className={s.container}>{children}</div>;
}

export function SideNavLayout({ nav, children }: { nav: SideNavData; children: ReactNode }) {
  return (
    <div className={s.sideNavLayout}>
      <SideNav nav={nav} />
      <div className={s.content}>{children}</div>
    </div>
  );
}
