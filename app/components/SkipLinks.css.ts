import { style } from "@vanilla-extract/css";
import { visuallyHiddenRules } from "../../styles/global.css";
import { vars } from "../../styles/theme.css";

export const root = style({ position: "relative", zIndex: vars.zIndex.dialog });

export const link = style({
  position: "absolute",
  top: vars.space[2],
  left: vars.space[2],
  padding: `${vars.space[2]} ${vars.space[4]}`,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  boxShadow: vars.shadow.lg,
  selectors: {
    // Off screen until focused.
    "&:not(:focus)": { ...visuallyHiddenRules, position: "absolute", margin: 0 },
    "&:hover": { color: vars.color.onBrand },
  },
});
