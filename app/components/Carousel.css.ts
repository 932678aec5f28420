import { style, styleVariants } from "@vanilla-extract/css";
import { mq, vars } from "../../styles/theme.css";

export const carousel = style({
  width: "100%",
  maxWidth: vars.layout.contentMax,
  margin: "0 auto",
  padding: `0 ${vars.space[4]}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space[4],
  "@media": { [mq.desktop]: { padding: `0 ${vars.space[6]}` } },
});

export const head = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", alignItems: "flex-end", gap: vars.space[4] });
export const title = style({ margin: 0, fontSize: vars.fontSize["2xl"] });
export const description = style({ margin: `${vars.space[1]} 0 0`, color: vars.color.textMuted });
export const tools = style({ display: "flex", alignItems: "center", gap: vars.space[2] });
export const seeAll = style({ color: vars.color.brand, fontWeight: vars.fontWeight.semibold, whiteSpace: "nowrap", marginInlineEnd: vars.space[2] });

export const control = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space[1],
  minWidth: vars.space[11],
  height: vars.space[11],
  paddingInline: vars.space[2],
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt },
    // aria-disabled (not disabled) keeps the button focusable, so focus is not lost at an end.
    '&[aria-disabled="true"]': { color: vars.color.textMuted, borderColor: vars.color.border, background: vars.color.surfaceAlt, cursor: "default" },
  },
});

// The words are the accessible name; on phones only the chevrons show, to leave room for the title.
export const controlText = style({
  "@media": {
    "screen and (max-width: 767px)": {
      position: "absolute",
      width: "1px",
      height: "1px",
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      clipPath: "inset(50%)",
      whiteSpace: "nowrap",
    },
  },
});

const trackBase = style({
  display: "grid",
  gridAutoFlow: "column",
  gap: vars.space[4],
  overflowX: "auto",
  overscrollBehaviorX: "contain",
  scrollSnapType: "x mandatory",
  // Keyboard focus on a card near the edge scrolls it fully into view, clear of the focus ring.
  scrollPaddingInline: vars.space[1],
  listStyle: "none",
  margin: 0,
  padding: `${vars.space[1]} ${vars.space[1]} ${vars.space[3]}`,
  "@media": { "(prefers-reduced-motion: no-preference)": { scrollBehavior: "smooth" } },
});

export const track = styleVariants({
  cards: [trackBase, { gridAutoColumns: "min(78%, 280px)" }],
  featured: [trackBase, { gridAutoColumns: "min(88%, 400px)" }],
});

export const slide = style({ scrollSnapAlign: "start", display: "flex" });
export const slideInner = style({ flex: 1, minWidth: 0 });
