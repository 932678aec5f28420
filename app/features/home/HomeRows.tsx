// The home page's carousels: the featured slide apps and the slider rows (spec §2.5). Rendered on
// the server (HomeRows.server.ts) into an Island, so neither the cards nor the carousels are in the
// first-load bundle or hydrated; the browser loads this module only when a client-side navigation
// comes to the home page. The carousels' buttons: enhanceCarousels (components/carousel-controls.ts).
import { useEffect } from "react";
import { AppCard } from "~/components/AppCard";
import { Carousel } from "~/components/Carousel";
import { loadCarouselControls } from "~/components/carousel-load";
import type { AppSummary } from "~/models/types";
import type { HomeApps } from "./home.server";

export const HOME_ROWS_ID = "home-rows";

const slidesOf = (apps: AppSummary[]) => apps.map((app) => ({ key: app.id, content: <AppCard app={app} headingLevel={3} /> }));

export function HomeRows({ featured, rows }: HomeApps) {
  // Runs only where this renders in the browser: after a client-side navigation to the home page.
  useEffect(() => loadCarouselControls(() => document.getElementById(HOME_ROWS_ID)), []);
  return (
    <>
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
    </>
  );
}
