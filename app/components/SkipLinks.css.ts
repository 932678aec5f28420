import { style } from "@vanilla-extract/css";
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
    "&:not(:focus)": {
      width: "1px",
      height: "1px",
      padding: 0,
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
    },
    "&:hover": { color: vars.color.onBrand },
  },
});
