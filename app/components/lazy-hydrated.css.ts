import { style } from "@vanilla-extract/css";

/**
 * A wrapper that adds no box, so its content lays out as the page's own: a lazily hydrated part
 * (./lazy-hydrated.tsx), the detail page's head Island.
 */
export const lazyPart = style({ display: "contents" });
