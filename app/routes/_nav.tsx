// Side-nav layout (spec §2.2): category navigation beside every list page.
import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { Island } from "~/components/Island";
import { lazyHydrated } from "~/components/lazy-hydrated";
import { sideNavHtml } from "~/components/SideNav.server";
import type { loader as rootLoader, RouteHandle } from "~/root";
import * as styles from "~/features/list-page/layout.css";

export const handle: RouteHandle = { layout: "sideNav" };

/**
 * The side nav's code, for a client-side navigation to a page with it (app/components/Island.tsx):
 * fetched after such a page has shown, so coming back renders it at once.
 */
const LazySideNav = lazyHydrated(() => import("~/components/SideNav").then((m) => m.SideNavHere));

export default function SideNavLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { pathname } = useLocation();
  useEffect(() => LazySideNav.preload(), []);
  return (
    <div className={styles.layout}>
      {root ? (
        <Island
          id="side-nav"
          as="nav"
          className={styles.sideNav}
          attributes={{ "aria-label": "Categories and filters" }}
          html={typeof document === "undefined" ? sideNavHtml(root.nav, pathname) : undefined}
          fallback={<LazySideNav nav={root.nav} />}
        />
      ) : null}
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
