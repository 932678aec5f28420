// An accessible carousel (WAI-ARIA APG carousel pattern, without auto-rotation) that needs no
// JavaScript: a horizontal scroll-snap list of real links, so Tab walks through every slide and the
// browser scrolls each into view. With JavaScript, Previous and Next buttons scroll by a page and
// are disabled at the ends (aria-disabled, so a focused button keeps focus). No library: a few
// hundred bytes of script, loaded after the page (first-load JS budget, docs/decisions/008, 019).
import type { ReactNode } from "react";
import * as s from "./Carousel.css";
import { ISLAND_LINK } from "./island-link";

/** A slide renders itself as the slide's group (role, roledescription, "n of m" label, class). */
export type CarouselSlide = { key: string; render: (group: { label: string; className: string }) => ReactNode };

type CarouselProps = {
  /** Unique on the page: the heading's and the list's ids derive from it. */
  id: string;
  title: string;
  description?: string;
  seeAll?: { to: string; label: string };
  variant?: "cards" | "featured";
  slides: CarouselSlide[];
};

/**
 * Markup only, so a carousel can sit in server-rendered HTML that is not hydrated (the home page's
 * rows, app/components/Island.tsx); `enhanceCarousels` (./carousel-controls.ts) adds the buttons.
 */
export function Carousel({ id, title, description, seeAll, variant = "cards", slides }: CarouselProps) {
  const titleId = `carousel-${id}-title`;
  const trackId = `carousel-${id}-slides`;
  return (
    <section aria-roledescription="carousel" aria-labelledby={titleId} className={s.carousel} data-carousel={trackId}>
      <div className={s.head}>
        <div>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {description ? <p className={s.description}>{description}</p> : null}
        </div>
        <div className={s.tools} data-carousel-tools="">
          {seeAll ? (
            // The link's name starts with its visible text (WCAG 2.5.3) and says which list it opens.
            <a href={seeAll.to} className={s.seeAll} aria-label={`${seeAll.label}: ${title}`} {...ISLAND_LINK}>
              {seeAll.label}
            </a>
          ) : null}
        </div>
      </div>
      <ul id={trackId} className={s.track[variant]}>
        {slides.map((slide, i) => (
          <li key={slide.key} className={s.slide}>
            {slide.render({ label: `${i + 1} of ${slides.length}`, className: s.slideInner })}
          </li>
        ))}
      </ul>
    </section>
  );
}
