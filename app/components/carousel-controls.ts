// Previous and Next for every carousel on the page (app/components/Carousel.tsx), added to the
// server's markup without React: they scroll by a page and are aria-disabled at the ends (so a
// focused button keeps focus); they show only when there is somewhere to scroll to. Loaded with a
// dynamic import after the page has hydrated, so it is not first-load JavaScript.
import * as s from "./Carousel.css";

const SVG = "http://www.w3.org/2000/svg";

function chevron(direction: 1 | -1): SVGSVGElement {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({
    width: "20",
    height: "20",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "aria-hidden": "true",
    focusable: "false",
  })) {
    svg.setAttribute(k, v);
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", direction < 0 ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6");
  path.setAttribute("stroke-linecap", "round");
  path.setAttribute("stroke-linejoin", "round");
  svg.appendChild(path);
  return svg;
}

function button(trackId: string, label: string, direction: 1 | -1): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.className = s.control;
  b.setAttribute("aria-controls", trackId);
  const text = document.createElement("span");
  text.className = s.controlText;
  text.textContent = label;
  if (direction < 0) b.appendChild(chevron(-1));
  b.appendChild(text);
  if (direction > 0) b.appendChild(chevron(1));
  return b;
}

/** Enhances the carousels under `root` not yet enhanced; returns the removal of what it added. */
export function enhanceCarousels(root: Element): () => void {
  const cleanups = [...root.querySelectorAll<HTMLElement>("section[data-carousel]:not([data-enhanced])")].map(enhanceCarousel);
  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}

/** One carousel's buttons; returns their removal. */
export function enhanceCarousel(section: HTMLElement): () => void {
  const trackId = section.dataset.carousel ?? "";
  const track = section.querySelector<HTMLElement>(`#${CSS.escape(trackId)}`);
  const tools = section.querySelector<HTMLElement>("[data-carousel-tools]");
  if (!track || !tools || section.hasAttribute("data-enhanced")) return () => {};
  section.setAttribute("data-enhanced", "");
  const previous = button(trackId, "Previous", -1);
  const next = button(trackId, "Next", 1);
  let atStart = true;
  let atEnd = false;
  // A pixel of slack: fractional scroll positions on zoomed or high-DPI screens.
  const update = () => {
    atStart = track.scrollLeft <= 1;
    atEnd = track.scrollLeft + track.clientWidth >= track.scrollWidth - 1;
    previous.setAttribute("aria-disabled", String(atStart));
    next.setAttribute("aria-disabled", String(atEnd));
    // Controls only when there is somewhere to scroll to.
    const show = !(atStart && atEnd);
    if (show && !previous.isConnected) {
      tools.appendChild(previous);
      tools.appendChild(next);
    }
    if (!show && previous.isConnected) {
      previous.remove();
      next.remove();
    }
  };
  const scrollPage = (direction: 1 | -1) => {
    if (direction < 0 ? atStart : atEnd) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({ left: direction * track.clientWidth, behavior: reduce ? "auto" : "smooth" });
  };
  previous.addEventListener("click", () => scrollPage(-1));
  next.addEventListener("click", () => scrollPage(1));
  update();
  track.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  return () => {
    track.removeEventListener("scroll", update);
    window.removeEventListener("resize", update);
    previous.remove();
    next.remove();
    section.removeAttribute("data-enhanced");
  };
}
