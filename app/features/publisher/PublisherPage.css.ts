import { pageColumn } from "../../../styles/page-column.css";
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style([pageColumn, { gap: vars.space[8] }]);
export const head = style({ display: "flex", flexDirection: "column", gap: vars.space[3] });
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0, lineHeight: vars.lineHeight.tight });
export const lead = style({ margin: 0, maxWidth: "70ch", color: vars.color.textMuted, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.normal });
export const verification = style({ margin: 0 });
export const verified = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold });
export const unverified = style({ color: vars.color.textMuted });
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[4] });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  margin: 0,
  maxWidth: "48em",
  "@media": { "screen and (min-width: 40em)": { gridTemplateColumns: "12em minmax(0, 1fr)" } },
});
globalStyle(`${facts} dt`, { fontWeight: vars.fontWeight.semibold, paddingBlock: vars.space[2], borderTop: `1px solid ${vars.color.border}` });
globalStyle(`${facts} dd`, { margin: 0, paddingBlock: vars.space[2], borderTop: `1px solid ${vars.color.border}`, overflowWrap: "anywhere" });
globalStyle(`${facts} a`, { color: vars.color.brand });
export const notProvided = style({ color: vars.color.textMuted, fontStyle: "italic" });
export const count = style({ margin: 0, color: vars.color.textMuted });
export const pager = style({ display: "flex", gap: vars.space[6], alignItems: "center", justifyContent: "center", flexWrap: "wrap" });
globalStyle(`${pager} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
