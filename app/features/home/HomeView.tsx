// The home page: the announcement banner, a hero with search, product shortcuts, the featured slide
// apps and the slider categories as carousels (spec §2.5), and any CMS modal. No JS needed.
import { Form, Link } from "@remix-run/react";
import { lazy, useEffect } from "react";
import { loadCarouselControls } from "~/components/carousel-load";
import { Island } from "~/components/Island";
import { lazyHydrated } from "~/components/lazy-hydrated";
import type { Overlays } from "~/features/announcement/types";
import type { NavLink } from "~/lib/side-nav";
import type { HomeApps } from "./home.server";
import { HomeRows } from "./HomeRows.server";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./HomeView.css";

type HomeViewProps = HomeApps & { overlays: Overlays; productName: string; products: NavLink[] };

/** The banner's and modals' code loads only when there is one (app/components/lazy-hydrated.tsx). */
const AnnouncementBanner = lazyHydrated(() => import("~/features/announcement/AnnouncementBanner").then((m) => m.AnnouncementBanner));
const CmsModals = lazyHydrated(() => import("~/features/announcement/CmsModals").then((m) => m.CmsModals));

/** Same id as HomeRows.tsx's HOME_ROWS_ID (not imported: that module stays out of the first load). */
const HOME_ROWS_ID = "home-rows";
/** The rows' code, loaded only when a client-side navigation comes to the home page. */
const LazyHomeRows = lazy(() => import("./HomeRows").then((m) => ({ default: m.HomeRows })));

export function HomeView({ featured, rows, overlays, productName, products }: HomeViewProps) {
  // The rows as the server sent them (hydration): add the carousels' buttons.
  useEffect(() => loadCarouselControls(() => document.getElementById(HOME_ROWS_ID)), []);
  return (
    <>
      {overlays.banner ? <AnnouncementBanner banner={overlays.banner} returnTo="/" /> : null}
      <div className={styles.page}>
        <section className={styles.hero} aria-labelledby="hero-title">
          <h1 id="hero-title" className={styles.heroTitle}>
            Apps that make {productName} work your way
          </h1>
          <p className={styles.heroText}>
            Bots, integrations and embedded apps for your meetings, messaging, calling and devices.
          </p>
          <Form method="get" action="/search" role="search" aria-label="Find an app" className={styles.heroSearch}>
            <label htmlFor="hero-q" className={visuallyHidden}>
              Search apps
            </label>
            <input id="hero-q" className={styles.heroInput} type="search" name="q" required placeholder="Search for apps, companies or categories" />
            <button type="submit" className={styles.heroButton}>
              Search
            </button>
          </Form>
          {products.length > 0 ? (
            <nav aria-label="Products" className={styles.products}>
              <ul>
                {products.map((p) => (
                  <li key={p.to}>
                    <Link to={p.to} prefetch="intent">
                      {p.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </section>

        {/* Server-rendered carousels the browser keeps as they are (app/components/Island.tsx). */}
        <Island id={HOME_ROWS_ID} className={styles.rows} fallback={<LazyHomeRows featured={featured} rows={rows} />}>
          {typeof document === "undefined" ? <HomeRows featured={featured} rows={rows} /> : null}
        </Island>
      </div>
      {overlays.modals.length > 0 ? <CmsModals modals={overlays.modals} returnTo="/" /> : null}
    </>
  );
}
