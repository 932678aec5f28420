// Side-nav layout (spec §2.2): category navigation beside every list page.
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { SideNav } from "~/components/SideNav";
import type { loader as rootLoader, RouteHandle } from "~/root";
import * as styles from "~/features/list-page/layout.css";

export const handle: RouteHandle = { layout: "sideNav" };

export default function SideNavLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className={styles.layout}>
      {root ? <SideNav nav={root.nav} /> : null}
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
