// The home page's content: a hero with search and product shortcuts, then the featured slide apps
// and the slider rows as carousels (spec §2.1, §2.5). Rendered on the server (HomeContent.server.ts)
// into an Island, so neither the cards nor the carousels are in the first-load bundle or hydrated;
// the browser loads this module only for a client-side navigation to the home page. The search
// form and product links work through the Island (client-side navigation, data-link); the
// carousels' buttons come from components/carousel-controls.ts.
import { useEffect } from "react";
import { AppCard } from "~/components/AppCard";
import { Carousel } from "~/components/Carousel";
import { loadCarouselControls } from "~/components/carousel-load";
import type { NavLink } from "~/lib/side-nav";
import type { AppSummary } from "~/models/types";
import type { HomeApps } from "./home.server";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./HomeContent.css";
import { ISLAND_LINK } from "~/components/island-link";

export const HOME_ID = "home";

const slidesOf = (apps: AppSummary[]) =>
  apps.map((app) => ({
    key: app.id,
    render: (group: { label: string; className: string }) => <AppCard app={app} headingLevel={3} slideLabel={group.label} className={group.className} />,
  }));

type HomeContentProps = HomeApps & { productName: string; products: NavLink[] };

export function HomeContent({ featured, rows, productName, products }: HomeContentProps) {
  // Runs only where this renders in the browser: after a client-side navigation to the home page.
  useEffect(() => loadCarouselControls(() => document.getElementById(HOME_ID)), []);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <h1 id="hero-title" className={styles.heroTitle}>
          Apps that make {productName} work your way
        </h1>
        <p className={styles.heroText}>Bots, integrations and embedded apps for your meetings, messaging, calling and devices.</p>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is not yet in every supported browser; role=search on the form is the ARIA landmark */}
        <form method="get" action="/search" role="search" aria-label="Find an app" className={styles.heroSearch} {...ISLAND_LINK}>
          <label htmlFor="hero-q" className={visuallyHidden}>
            Search apps
          </label>
          <input id="hero-q" className={styles.heroInput} type="search" name="q" required placeholder="Search for apps, companies or categories" />
          <button type="submit" className={styles.heroButton}>
            Search
          </button>
        </form>
        {products.length > 0 ? (
          <nav aria-label="Products" className={styles.products}>
            <ul>
              {products.map((p) => (
                <li key={p.to}>
                  <a href={p.to} {...ISLAND_LINK}>
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </section>

      {featured.length > 0 ? <Carousel id="featured" title="Featured apps" variant="featured" slides={slidesOf(featured)} /> : null}
      {rows.map((row) => (
        <Carousel key={row.id} id={row.id} title={row.title} description={row.description} seeAll={{ to: row.seeAll, label: "See all" }} slides={slidesOf(row.items)} />
      ))}
    </>
  );
}
