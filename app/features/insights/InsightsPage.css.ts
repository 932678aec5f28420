import { globalStyle, style } from "@vanilla-extract/css";
import { pageColumn } from "../../../styles/page-column.css";
import { vars } from "../../../styles/theme.css";

export const page = style([pageColumn, { gap: vars.space[8], minWidth: 0 }]);
/** Inside the publisher console, whose frame is the page column already. */
export const nestedPage = style({ display: "flex", flexDirection: "column", gap: vars.space[8], minWidth: 0 });
export const head = style({ display: "flex", flexDirection: "column", gap: vars.space[3] });
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0, overflowWrap: "anywhere" });
export const nestedTitle = style({ fontSize: vars.fontSize["2xl"], margin: 0, overflowWrap: "anywhere" });
export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: "72ch" });
export const up = style({ display: "flex", flexWrap: "wrap", gap: vars.space[4], margin: 0, padding: 0, listStyle: "none", fontSize: vars.fontSize.sm });
globalStyle(`${up} a`, { color: vars.color.brand });
export const bar = style({ display: "flex", flexWrap: "wrap", gap: vars.space[4], alignItems: "center", justifyContent: "space-between" });
export const links = style({ display: "flex", flexWrap: "wrap", gap: vars.space[2], margin: 0, padding: 0, listStyle: "none" });
export const link = style({
  display: "inline-block",
  padding: `${vars.space[2]} ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.brand,
  textDecoration: "none",
  minHeight: "24px",
  ":hover": { background: vars.color.brandSubtle },
});
globalStyle(`${link}[aria-current]`, { background: vars.color.brand, color: vars.color.onBrand, borderColor: vars.color.brand });
export const range = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const note = style({
  margin: 0,
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  fontSize: vars.fontSize.sm,
  maxWidth: "90ch",
});
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space[4], minWidth: 0 });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
