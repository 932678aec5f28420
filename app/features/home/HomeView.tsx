// The home page: the announcement banner, a hero with search, product shortcuts, the featured slide
// apps and the slider categories as carousels (spec §2.5), and any CMS modal. No JS needed.
import { useEffect } from "react";
import { Island } from "~/components/Island";
import { lazyHydrated } from "~/components/lazy-hydrated";
import type { Overlays } from "~/features/announcement/types";
import type { NavLink } from "~/lib/side-nav";
import type { HomeApps } from "./home.server";
import { HomeContent } from "./HomeContent.server";
import * as styles from "./HomeView.css";

type HomeViewProps = HomeApps & { overlays: Overlays; productName: string; products: NavLink[] };

/** The banner's and modals' code loads only when there is one (app/components/lazy-hydrated.tsx). */
const HomeBanner = lazyHydrated(() => import("./HomeOverlays").then((m) => m.HomeBanner));
const HomeModals = lazyHydrated(() => import("./HomeOverlays").then((m) => m.HomeModals));

/** Same id as HomeContent.tsx's HOME_ID (not imported: that module stays out of the first load). */
const HOME_ID = "home";
/**
 * The page's code, for a client-side navigation to the home page: fetched after the home page has
 * shown, so coming back to it renders at once (and the scroll position is restored).
 */
const LazyHomeContent = lazyHydrated(() => import("./HomeContent").then((m) => m.HomeContent));

export function HomeView({ featured, rows, overlays, productName, products }: HomeViewProps) {
  // The carousels as the server sent them get their buttons from app/components/chrome.ts.
  useEffect(() => LazyHomeContent.preload(), []);
  return (
    <>
      {overlays.banner ? <HomeBanner /> : null}
      {/* Server-rendered: the browser keeps it as it is (app/components/Island.tsx). */}
      <Island id={HOME_ID} className={styles.page} fallback={<LazyHomeContent featured={featured} rows={rows} productName={productName} products={products} />}>
        {typeof document === "undefined" ? <HomeContent featured={featured} rows={rows} productName={productName} products={products} /> : null}
      </Island>
      {overlays.modals.length > 0 ? <HomeModals /> : null}
    </>
  );
}
