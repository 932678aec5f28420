// The shared chart's frame (./Chart.server.tsx): a figure with its heading, the SVG, a legend, the
// totals against the window before and the CSV link. Colours are the theme's (contrast ≥ 4.5:1).
import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { panel } from "../../../styles/panel.css";
import { vars } from "../../../styles/theme.css";

export const figure = style([panel, { margin: 0, gap: vars.space[3], minWidth: 0 }]);
export const caption = style({ display: "flex", flexDirection: "column", gap: vars.space[1] });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
/** Scrolls sideways on a narrow phone rather than shrink the axis labels past reading. */
// Inline-size containment: the chart's own minimum width stays inside this frame instead of widening
// every box around it (the page column would otherwise not shrink below it on a phone).
export const scroller = style({ overflowX: "auto", width: "100%", contain: "inline-size" });
/** The narrowest the plot is drawn: below it, the frame scrolls (and says so: scrollHint). */
const PLOT_MIN_WIDTH = 420;
export const svg = style({ display: "block", width: "100%", minWidth: `${PLOT_MIN_WIDTH}px`, height: "auto", maxWidth: "760px" });
/**
 * "Scroll sideways …", shown where the frame is narrower than the plot: a phone's viewport, less the
 * page's and the panel's padding (about 100 px at most). Hidden from screen readers, which read the
 * chart's summary and table instead.
 */
export const scrollHint = style({
  display: "none",
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  "@media": { [`screen and (max-width: ${PLOT_MIN_WIDTH + 100}px)`]: { display: "block" } },
});
export const legend = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space[1]} ${vars.space[4]}`, margin: 0, padding: 0, listStyle: "none", fontSize: vars.fontSize.sm });
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space[2] });
const swatchBase = style({ display: "inline-block", width: "24px", height: "0", borderTopWidth: "3px", flexShrink: 0 });
/** One per series, matching the chart's colours and dashes (Chart.server.tsx COLOURS, DASHES). */
export const swatch = styleVariants({
  s0: [swatchBase, { borderTopStyle: "solid", borderTopColor: "#0B5CAD" }],
  s1: [swatchBase, { borderTopStyle: "dashed", borderTopColor: "#B54708" }],
  s2: [swatchBase, { borderTopStyle: "dotted", borderTopColor: "#067647" }],
  s3: [swatchBase, { borderTopStyle: "dashed", borderTopColor: "#6941C6" }],
});
export const totals = style({ margin: 0, padding: 0, listStyle: "none", display: "flex", flexWrap: "wrap", gap: `${vars.space[1]} ${vars.space[5]}`, fontSize: vars.fontSize.sm });
export const totalValue = style({ fontWeight: vars.fontWeight.semibold });
export const muted = style({ color: vars.color.textMuted });
export const csv = style({ fontSize: vars.fontSize.sm, color: vars.color.brand, alignSelf: "flex-start" });
export const table = style({ borderCollapse: "collapse", fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, { padding: `${vars.space[1]} ${vars.space[2]}`, textAlign: "right", borderBottom: `1px solid ${vars.color.border}` });
globalStyle(`${table} th:first-child`, { textAlign: "left" });
export const axisText = style({ fill: vars.color.textMuted, fontSize: "12px", fontFamily: vars.font.body });
export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1 });
export const axisLine = style({ stroke: vars.color.borderStrong, strokeWidth: 1 });
export const smallBand = style({ fill: vars.color.surfaceSunken });
