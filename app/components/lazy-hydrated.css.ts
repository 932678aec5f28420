import { style } from "@vanilla-extract/css";

/** The wrapper of a lazily hydrated part (./lazy-hydrated.tsx): no box, the part lays out as before. */
export const lazyPart = style({ display: "contents" });
