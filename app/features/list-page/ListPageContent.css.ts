// A list page's content (./ListPageContent.tsx, ./AppList.tsx; the search page shares it). The page's own
// section is ./ListPage.css.ts: that one is in the first-load JavaScript, these names are not.
import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../../styles/theme.css";

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space[4],
});
// A step smaller on phones, where a long title (search's "Showing 23 results for …") would take two lines.
export const title = style({
  fontSize: vars.fontSize["2xl"],
  margin: 0,
  lineHeight: 1.2,
  color: vars.color.text,
  "@media": { [mq.tablet]: { fontSize: vars.fontSize["3xl"] } },
});
export const description = style({ margin: `${vars.space[2]} 0 0`, color: vars.color.textMuted });
export const sortForm = style({ display: "flex", alignItems: "center", gap: vars.space[2] });
export const sortLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const select = style({
  font: "inherit",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const sortButton = style({
  font: "inherit",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.brand}`,
  background: vars.color.brand,
  color: "#fff",
  cursor: "pointer",
});
// The category chips: on a phone one row that scrolls sideways, edge to edge (the cut chip at the
// edge says there is more), the current one first, so the apps start on the first screen (issue
// 27); from tablets on, the chips wrap as before. Plain CSS: the same without JavaScript.
export const chips = style({
  margin: `0 calc(-1 * ${vars.space[4]})`,
  "@media": { [mq.tablet]: { margin: 0 } },
});
globalStyle(`${chips} > ul`, {
  flexWrap: "nowrap",
  overflowX: "auto",
  overscrollBehaviorX: "contain",
  scrollbarWidth: "none",
  // Room for the focus ring, which the scrolling box would otherwise cut.
  padding: `${vars.space[1]} ${vars.space[4]}`,
  "@media": { [mq.tablet]: { flexWrap: "wrap", overflowX: "visible", padding: 0 } },
});
globalStyle(`${chips} > ul > li`, { flex: "none" });
globalStyle(`${chips} > ul > li:has(> [aria-current=page])`, { order: -1, "@media": { [mq.tablet]: { order: 0 } } });
export const count = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const earlier = style({ margin: 0 });
export const more = style({ display: "flex", justifyContent: "center", padding: `${vars.space[6]} 0` });
export const moreButton = style({
  display: "inline-block",
  padding: `${vars.space[3]} ${vars.space[8]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.brand}`,
  color: vars.color.brand,
  fontWeight: 600,
  textDecoration: "none",
  selectors: { "&:hover": { background: vars.color.brand, color: "#fff" }, "&[aria-disabled=true]": { opacity: 0.6 } },
});
