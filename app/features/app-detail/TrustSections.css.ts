import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const groups = style({ display: "grid", gap: vars.space[4], gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))" });
export const groupTitle = style({ margin: `0 0 ${vars.space[2]}`, fontSize: vars.fontSize.md });
export const list = style({ margin: 0, paddingInlineStart: vars.space[5], display: "flex", flexDirection: "column", gap: vars.space[1] });
export const adminFlag = style({
  display: "inline-block",
  marginInlineStart: vars.space[2],
  padding: `0 ${vars.space[2]}`,
  borderRadius: vars.radius.pill,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
});
export const muted = style({ margin: 0, color: vars.color.textMuted });

/** The compact list in the add and connect steps. */
export const compact = style({ margin: 0, fontSize: vars.fontSize.sm, maxWidth: "40ch" });
globalStyle(`${compact} ul`, { margin: `${vars.space[1]} 0 0`, paddingInlineStart: vars.space[5] });
globalStyle(`${compact} p`, { margin: 0 });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: 0,
  margin: 0,
  "@media": { "screen and (min-width: 40em)": { gridTemplateColumns: "16em minmax(0, 1fr)" } },
});
globalStyle(`${facts} dt`, { fontWeight: vars.fontWeight.semibold, paddingBlock: vars.space[2], borderTop: `1px solid ${vars.color.border}` });
globalStyle(`${facts} dd`, { margin: 0, paddingBlock: vars.space[2], borderTop: `1px solid ${vars.color.border}` });
globalStyle(`${facts} ul`, { margin: 0, paddingInlineStart: vars.space[5] });
export const notProvided = style({ color: vars.color.textMuted, fontStyle: "italic" });

export const versions = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space[4] });
export const versionHead = style({ margin: 0, fontSize: vars.fontSize.md });
export const versionDate = style({ marginInlineStart: vars.space[2], color: vars.color.textMuted, fontWeight: vars.fontWeight.regular, fontSize: vars.fontSize.sm });
export const notes = style({ lineHeight: vars.lineHeight.normal });
globalStyle(`${notes} ul`, { margin: `${vars.space[1]} 0 0`, paddingInlineStart: vars.space[5] });
globalStyle(`${notes} p`, { margin: `${vars.space[1]} 0 0` });
globalStyle(`${notes} a`, { color: vars.color.brand });
export const older = style({ marginTop: vars.space[2] });
globalStyle(`${older} > summary`, { cursor: "pointer", color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
globalStyle(`${older} > ol`, { marginTop: vars.space[4] });

export const deprecation = style({
  gridColumn: "1 / -1",
  margin: 0,
  padding: vars.space[4],
  borderRadius: vars.radius.md,
  background: vars.color.dangerBg,
  color: vars.color.text,
  borderInlineStart: `4px solid ${vars.color.danger}`,
});
globalStyle(`${deprecation} a`, { color: vars.color.brand, fontWeight: vars.fontWeight.semibold });
export const verifiedBadge = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold });
export const headRating = style({ margin: `${vars.space[1]} 0 0`, display: "flex", gap: vars.space[3], alignItems: "center", flexWrap: "wrap" });
globalStyle(`${headRating} a`, { color: vars.color.brand, fontSize: vars.fontSize.sm });
