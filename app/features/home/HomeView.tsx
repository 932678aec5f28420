// The home page: the announcement banner, a hero with search, product shortcuts, the featured slide
// apps and the slider categories as carousels (spec §2.5), and any CMS modal. No JS needed.
import { Form, Link } from "@remix-run/react";
import { AppCard } from "~/components/AppCard";
import { Carousel } from "~/components/Carousel";
import { AnnouncementBanner } from "~/features/announcement/AnnouncementBanner";
import { CmsModals } from "~/features/announcement/CmsModals";
import type { Overlays } from "~/features/announcement/types";
import type { NavLink } from "~/lib/side-nav";
import type { AppSummary } from "~/models/types";
import type { HomeApps } from "./home.server";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./HomeView.css";

type HomeViewProps = HomeApps & { overlays: Overlays; productName: string; products: NavLink[] };

const slidesOf = (apps: AppSummary[]) => apps.map((app) => ({ key: app.id, content: <AppCard app={app} headingLevel={3} /> }));

export function HomeView({ featured, rows, overlays, productName, products }: HomeViewProps) {
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

        {featured.length > 0 ? <Carousel id="featured" title="Featured apps" variant="featured" slides={slidesOf(featured)} /> : null}

        {rows.map((row) => (
          <Carousel
            key={row.id}
            id={row.id}
            title={row.title}
            description={row.description}
            seeAll={{ to: row.seeAll, label: "See all" }}
            slides={slidesOf(row.items)}
          />
        ))}
      </div>
      <CmsModals modals={overlays.modals} returnTo="/" />
    </>
  );
}
