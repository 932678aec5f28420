import { style } from "@vanilla-extract/css";
import { vars } from "../../../styles/theme.css";

export const page = style({ display: "flex", flexDirection: "column", gap: vars.space[4], minWidth: 0 });
export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space[4],
});
export const title = style({ fontSize: vars.fontSize["3xl"], margin: 0, lineHeight: 1.2, color: vars.color.text });
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
export const chips = style({});
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
