// Rounded link chips: category filters above a product list, an app's categories and product areas.
import { style } from "@vanilla-extract/css";
import { vars } from "../../styles/theme.css";

export const pillList = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space[2],
  listStyle: "none",
  margin: 0,
  padding: 0,
});

export const pill = style({
  display: "inline-block",
  padding: `${vars.space[1]} ${vars.space[3]}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.fontSize.sm,
  selectors: {
    "&:hover": { borderColor: vars.color.brand, color: vars.color.brand },
    // The chip of the list being shown (NavLink marks it).
    "&[aria-current=page]": { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
  },
});
