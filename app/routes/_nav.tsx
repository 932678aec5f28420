// Side-nav layout (spec §2.2): category navigation beside every list page.
import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { lazy } from "react";
import { Island } from "~/components/Island";
import { nav as navClass } from "~/components/SideNav.css";
import { SideNavContent } from "~/components/SideNav.server";
import type { loader as rootLoader, RouteHandle } from "~/root";
import * as styles from "~/features/list-page/layout.css";

export const handle: RouteHandle = { layout: "sideNav" };

/** The side nav's code, loaded only when a client-side navigation shows it (app/components/Island.tsx). */
const LazySideNav = lazy(() => import("~/components/SideNav").then((m) => ({ default: m.SideNavContent })));

export default function SideNavLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className={styles.layout}>
      {root ? (
        <Island
          id="side-nav"
          as="nav"
          className={navClass}
          attributes={{ "aria-label": "Categories and filters" }}
          fallback={<LazySideNav nav={root.nav} />}
        >
          {typeof document === "undefined" ? <SideNavContent nav={root.nav} /> : null}
        </Island>
      ) : null}
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
