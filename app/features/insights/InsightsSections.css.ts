// The insights pages' server-rendered sections (./insights-data.server.tsx): figures, a grid of charts
// and the tables beside them.
import { globalStyle, style } from "@vanilla-extract/css";
import { panel } from "../../../styles/panel.css";
import { mq, vars } from "../../../styles/theme.css";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space[5],
  alignItems: "start",
  "@media": { [mq.desktop]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const figures = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: vars.space[4], margin: 0 });
export const figure = style([panel, { gap: vars.space[1], padding: vars.space[4] }]);
export const figureLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const figureValue = style({ margin: 0, fontSize: vars.fontSize["2xl"], fontWeight: vars.fontWeight.semibold });
export const figureNote = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const table = style({ borderCollapse: "collapse", width: "100%", fontSize: vars.fontSize.sm });
export const tableCaption = style({ textAlign: "left", fontWeight: vars.fontWeight.semibold, padding: `0 0 ${vars.space[2]}`, captionSide: "top" });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space[2]} ${vars.space[2]}`,
  textAlign: "right",
  borderBottom: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});
globalStyle(`${table} th[scope=row], ${table} th:first-child`, { textAlign: "left", fontWeight: vars.fontWeight.regular });
globalStyle(`${table} thead th`, { fontWeight: vars.fontWeight.semibold });
globalStyle(`${table} a`, { color: vars.color.brand });
/** A chart with its table under it, in one grid cell. */
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space[4], minWidth: 0 });
/** A table's frame: it scrolls sideways on a phone rather than widen the page (inline-size containment). */
export const tableScroll = style({ overflowX: "auto", width: "100%", contain: "inline-size" });
