// An accessible carousel (WAI-ARIA APG carousel pattern, without auto-rotation) that needs no
// JavaScript: a horizontal scroll-snap list of real links, so Tab walks through every slide and the
// browser scrolls each into view. With JavaScript, Previous and Next buttons scroll by a page and
// are disabled at the ends (aria-disabled, so a focused button keeps focus). No library: a few
// hundred bytes of script (first-load JS budget, docs/decisions/008).
import { Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import * as s from "./Carousel.css";

export type CarouselSlide = { key: string; content: ReactNode };

type CarouselProps = {
  /** Unique on the page: the heading's and the list's ids derive from it. */
  id: string;
  title: string;
  description?: string;
  seeAll?: { to: string; label: string };
  variant?: "cards" | "featured";
  slides: CarouselSlide[];
};

export function Carousel({ id, title, description, seeAll, variant = "cards", slides }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);
  const titleId = `carousel-${id}-title`;
  const trackId = `carousel-${id}-slides`;

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // A pixel of slack: fractional scroll positions on zoomed or high-DPI screens.
    const update = () => {
      setAtStart(track.scrollLeft <= 1);
      setAtEnd(track.scrollLeft + track.clientWidth >= track.scrollWidth - 1);
    };
    update();
    setEnhanced(true);
    track.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      track.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  const scrollPage = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track || (direction < 0 ? atStart : atEnd)) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({ left: direction * track.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };

  // Controls only when there is somewhere to scroll to.
  const showControls = enhanced && !(atStart && atEnd);

  return (
    <section aria-roledescription="carousel" aria-labelledby={titleId} className={s.carousel}>
      <div className={s.head}>
        <div>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          {description ? <p className={s.description}>{description}</p> : null}
        </div>
        <div className={s.tools}>
          {seeAll ? (
            <Link to={seeAll.to} className={s.seeAll} prefetch="intent" aria-label={`${seeAll.label}: ${title}`}>
              {seeAll.label}
            </Link>
          ) : null}
          {showControls ? (
            <>
              <button type="button" className={s.control} aria-controls={trackId} aria-disabled={atStart} onClick={() => scrollPage(-1)}>
                <Chevron direction={-1} />
                <span className={s.controlText}>Previous</span>
              </button>
              <button type="button" className={s.control} aria-controls={trackId} aria-disabled={atEnd} onClick={() => scrollPage(1)}>
                <span className={s.controlText}>Next</span>
                <Chevron direction={1} />
              </button>
            </>
          ) : null}
        </div>
      </div>
      <ul ref={trackRef} id={trackId} className={s.track[variant]}>
        {slides.map((slide, i) => (
          <li key={slide.key} className={s.slide}>
            {/* biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group, not a fieldset */}
            <div role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} className={s.slideInner}>
              {slide.content}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Chevron({ direction }: { direction: 1 | -1 }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false">
      <path d={direction < 0 ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
