// The home page: a hero with search, product shortcuts and sliding rows of apps (no JS needed).
import { Form, Link } from "@remix-run/react";
import { AppCard } from "~/components/AppCard";
import type { NavLink } from "~/lib/side-nav";
import type { HomeRow } from "./home.server";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./HomeView.css";

export function HomeView({ rows, productName, products }: { rows: HomeRow[]; productName: string; products: NavLink[] }) {
  return (
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

      {rows.map((row) => (
        <section key={row.id} className={styles.row} aria-labelledby={`row-${row.id}`}>
          <div className={styles.rowHead}>
            <div>
              <h2 id={`row-${row.id}`} className={styles.rowTitle}>
                {row.title}
              </h2>
              <p className={styles.rowText}>{row.description}</p>
            </div>
            <Link to={row.seeAll} className={styles.seeAll} prefetch="intent" aria-label={`See all: ${row.title}`}>
              See all
            </Link>
          </div>
          <ul className={styles.slider}>
            {row.items.map((app) => (
              <li key={app.id} className={styles.slide}>
                <AppCard app={app} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
